package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Cost;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.RowPitchResult;
import dev.swipe.diff.internal.RowPitch;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelSet;
import dev.swipe.wheel.internal.FingerDirection;
import dev.swipe.wheel.internal.PitchMeasurement;
import dev.swipe.wheel.internal.PlannedNudge;
import dev.swipe.wheel.internal.RunGuard;
import dev.swipe.wheel.internal.WheelDrag;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;

/**
 * The picker-wheel actions of a run: one measured nudge under the run's guard, reading the columns,
 * and setting them by reading and nudging (the reading and setting live in {@link WheelReader} and
 * {@link WheelSetter}; this records them as steps of the run).
 */
final class WheelActions {
  private final DefaultDevice run;

  /** Reads picker columns with the device's text reader. */
  private final WheelReader wheels;

  WheelActions(DefaultDevice run) {
    this.run = run;
    this.wheels = new WheelReader(run.parts.screenReader);
  }

  /**
   * A nudge; {@code toRead}: see {@link DefaultDevice#wheelNudge(Observation, WheelRequest,
   * boolean)}.
   */
  WheelNudgeResult wheelNudge(Observation screenshot, WheelRequest request, boolean toRead) {
    SwipeException.requireArgument(request, "request");
    run.attachments.requireOwn(screenshot, "screenshot_attachment_id");
    return run.locked(
        "wheel_nudge", null, screenshot, before -> nudge(screenshot, request, toRead));
  }

  private WheelNudgeResult nudge(Observation screenshot, WheelRequest request, boolean toRead) {
    long t0 = run.ticker.read();
    RowPitchResult measured;
    try {
      measured =
          RowPitch.measureColumn(screenshot.greyForReading(), request.columnX(), request.centerY());
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
    PitchMeasurement m =
        measured.found()
            ? PitchMeasurement.of(measured.pitchNorm(), measured.confidence())
            : PitchMeasurement.none();
    ActionResult[] played = new ActionResult[1];
    WheelDrag[] dragged = new WheelDrag[1];
    double[] extra = new double[1];
    PlannedNudge decision;
    try {
      decision =
          run.wheelGuard.nudge(
              request,
              m,
              (drag, d) -> {
                double pitch = d.plan().pitch().pitch();
                Swipe swipe =
                    WheelDrags.toSwipe(drag, pitch, misses.extension(request.columnX(), d.rows()));
                dragged[0] = drag;
                extra[0] =
                    WheelDrags.extensionPlayed(drag, swipe) - WheelDrags.slopAllowance(pitch);
                played[0] =
                    run.play(
                        swipe,
                        run.settleBound.multipliedBy(FrameSettler.Quiet.PICKER_BOUND_FACTOR),
                        FrameSettler.Quiet.PICKER,
                        true,
                        toRead ? new ColumnRest(DefaultDevice.nudgeRows(request, pitch)) : null);
              });
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
    Frame release = played[0] == null ? null : run.lastRelease();
    Cost cost =
        played[0] == null
            ? new Cost((run.ticker.read() - t0) / 1_000_000L, 0, 0, 0, 0)
            : played[0].cost();
    if (played[0] != null) {
      NormRegion column = columnBand(request.columnX(), request.centerY(), decision.pitch());
      run.traced(
          "wheel_nudge",
          played[0],
          screenshot,
          ActionTracer.decision(decision.asMap()),
          column,
          run.diff(screenshot, played[0].observation(), column));
    }
    Observation after = played[0] == null ? screenshot : played[0].observation();
    if (played[0] != null
        && run.pointerOffRows(after, request.columnX(), 0, request.centerY(), decision.pitch())) {
      // the pointer let go on the column and rested on its rows, hiding labels and the rows'
      // rhythm from every reading of this screen: moved aside, the screen is taken again, as the
      // nudge took it
      Observation turned = after;
      after = after.settled() ? run.screenshot() : run.glance();
      run.pointerMovedOnly(turned, after);
    }
    WheelNudgeResult.Builder result =
        WheelNudgeResult.builder()
            .decision(decision)
            .measuredPitch(measured)
            .action(java.util.Optional.ofNullable(played[0]))
            .observation(after)
            .cost(cost)
            .moved(false);
    if (played[0] != null) {
      observeNudge(screenshot, after, request, decision.pitch(), result);
    }
    WheelNudgeResult nudged = result.build();
    if (played[0] != null && release != null && dragged[0] != null) {
      learnLanding(
          request, decision, dragged[0], extra[0], release, played[0].observation(), nudged);
    }
    return nudged;
  }

  /** What this run's wheel drags missed their rows by. */
  private final ReleaseMisses misses = new ReleaseMisses();

  /**
   * Learns how far the release missed its row from the column's snap: from the frame of the dwell,
   * where the finger let the rows go, to the frame where they rested (see {@link ReleaseMisses}).
   * The snap after a release off its row is a crawl the nudge then waits out. Not learned when the
   * column turned another number of rows than planned: its snap went to another row than the one
   * missed.
   */
  private void learnLanding(
      WheelRequest request,
      PlannedNudge decision,
      WheelDrag drag,
      double extra,
      Frame release,
      Observation rest,
      WheelNudgeResult nudged) {
    double pitch = decision.pitch();
    if (pitch <= 0 || drag.finger() == FingerDirection.NONE) {
      return;
    }
    if (nudged.rowsObserved().isPresent()
        && nudged.rowsObserved().getAsInt() != decision.signedRows()) {
      return;
    }
    GreyRaster restGrey = rest.greyForDiff();
    GreyRaster releaseGrey = FrameSettler.decode(release);
    OptionalDouble shift =
        LandingShift.of(
            releaseGrey, restGrey, DefaultDevice.nudgeRows(request, pitch), 0.5 * pitch);
    if (shift.isEmpty()) {
      return;
    }
    double along =
        drag.finger() == FingerDirection.DOWN ? shift.getAsDouble() : -shift.getAsDouble();
    misses.learn(request.columnX(), decision.rows(), pitch, extra, along);
  }

  /**
   * What the column shows happened: whether its pixels changed, and, when a text reader is at hand,
   * the label now selected and the rows turned as read before and after.
   */
  private void observeNudge(
      Observation before,
      Observation after,
      WheelRequest request,
      double pitch,
      WheelNudgeResult.Builder out) {
    double spacing = pitch > 0 ? pitch : request.rowSpacing();
    double x1 = Math.max(0, request.columnX() - Math.max(spacing, 40));
    double x2 = Math.min(1000, request.columnX() + Math.max(spacing, 40));
    double y1 = Math.max(0, request.centerY() - 1.5 * spacing);
    double y2 = Math.min(1000, request.centerY() + 1.5 * spacing);
    try {
      out.moved(
          ScreenDiff.compare(before, after, NormRegion.of(x1, y1, x2 - x1, y2 - y1)).changed());
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
    Optional<WheelColumn> now = wheels.near(after, request.columnX(), request.centerY(), spacing);
    if (now.isEmpty()) {
      return;
    }
    now.get().selectedLabel().ifPresent(out::labelNow);
    Optional<WheelColumn> then = wheels.near(before, request.columnX(), request.centerY(), spacing);
    if (then.isPresent()
        && then.get().value().isPresent()
        && now.get().value().isPresent()
        && then.get().scale().kind() == now.get().scale().kind()) {
      int step = Math.max(1, now.get().scale().step());
      int delta = now.get().value().getAsInt() - then.get().value().getAsInt();
      if (now.get().scale().cycleSize().isPresent()) {
        int c = now.get().scale().cycleSize().getAsInt();
        delta = Math.floorMod(delta, c);
        if (delta > c / 2) {
          delta -= c;
        }
      }
      if (delta % step == 0) {
        out.rowsObserved(delta / step);
      }
    }
  }

  /** The wheel's column where a nudge acts: the rows the guard protects, one column wide. */
  private static NormRegion columnBand(double columnX, double centerY, double pitch) {
    double x0 = Math.max(0, columnX - RunGuard.REGION_HALF_WIDTH);
    double x1 = Math.min(1000, columnX + RunGuard.REGION_HALF_WIDTH);
    double half = RunGuard.REGION_HALF_HEIGHT_ROWS * Math.max(pitch, 1);
    double y0 = Math.max(0, centerY - half);
    double y1 = Math.min(1000, centerY + half);
    return NormRegion.of(x0, y0, Math.max(x1 - x0, 1), Math.max(y1 - y0, 1));
  }

  WheelReading readWheels(Observation observation, @Nullable NormRegion region) {
    run.attachments.requireOwn(observation, "screenshot_attachment_id");
    run.ensureOpen();
    return wheels.read(observation, region);
  }

  WheelSetResult setWheel(WheelSet request) {
    return setWheel(request, null);
  }

  /** {@link #setWheel(WheelSet)} starting from {@code start} (may be null: a new screenshot). */
  private WheelSetResult setWheel(WheelSet request, @Nullable Observation start) {
    SwipeException.requireArgument(request, "request");
    run.ensureOpen();
    ActionTracer.Composite step =
        run.tracer == null ? null : run.beginStep("set_wheel", wheelGoal(request));
    WheelSetter setter = new WheelSetter(run, wheels, (shot, r) -> run.wheelNudge(shot, r, true));
    WheelSetResult r;
    try {
      r = setter.set(request, start);
    } catch (SwipeException e) {
      if (step != null) {
        ObjectNode outcome =
            TraceWriter.object()
                .put("result", e.code().id())
                .put("reached", false)
                .put("nudges", setter.nudgesSoFar().size());
        if (setter.lastLabel() != null) {
          outcome.put("value", setter.lastLabel());
        }
        ObjectNode evidence = TraceWriter.object();
        evidence.put(
            "reached",
            "not confirmed: "
                + e.code().id()
                + (setter.readings().isEmpty()
                    ? ", nothing was read"
                    : "; last reading " + last(setter.readings())));
        if (!setter.readings().isEmpty()) {
          evidence.put("readings", String.join("; ", setter.readings()));
        }
        step.fail(e, outcome, evidence);
      }
      throw e;
    } catch (RuntimeException e) {
      if (step != null) {
        step.fail(SwipeException.orInternal(e));
      }
      throw e;
    }
    if (step != null) {
      ObjectNode outcome =
          TraceWriter.object()
              .put("result", "reached")
              .put("reached", true)
              .put("value", r.label())
              .put("nudges", r.nudges().size())
              .put("drags", r.actions());
      ObjectNode evidence = TraceWriter.object();
      List<String> on = setter.confirmedOn();
      evidence.put(
          "reached",
          "'"
              + r.label()
              + "' read in the selected row on "
              + String.join(" and ", on)
              + (on.size() > 1 ? ", two readings in a row" : ""));
      evidence.put("readings", String.join("; ", r.evidence()));
      step.end(outcome, evidence, r.cost(), r.observation());
    }
    return r;
  }

  private static String last(List<String> l) {
    return l.get(l.size() - 1);
  }

  /** What a setWheel step is for: the column as asked and the target. */
  private static ObjectNode wheelGoal(WheelSet request) {
    ObjectNode goal = TraceWriter.object();
    request.columnIndex().ifPresent(i -> goal.put("column", i));
    request.columnShowing().ifPresent(l -> goal.put("column_showing", l));
    request.columnX().ifPresent(x -> goal.put("column_x", x));
    request.targetLabel().ifPresent(t -> goal.put("target", t));
    request.targetValue().ifPresent(t -> goal.put("target", t));
    return goal;
  }

  List<WheelSetResult> setWheels(List<WheelSet> requests) {
    SwipeException.requireArgument(requests, "requests");
    run.ensureOpen();
    // each column through setWheel, so every set is a traced step of its own
    return WheelSetter.setAll(run, wheels, requests, this::setWheel);
  }
}

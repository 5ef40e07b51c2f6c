package dev.swipe.core.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ActionResult;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Cost;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.wheel.internal.RunGuard;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Directional scrolls with movement verdicts (the scroll tool's semantics, on pixels): the before
 * screen, a frame during the dwell (finger still down at the end point; for a flinging pass, the
 * first frame of the coast) and the settled after screen decide between moved, at-edge, unchanged
 * and unobserved. Scroll-until plays steady or flinging passes ({@link SearchPace}).
 */
final class ScrollExecutor {
  /** Less usable band than this (normalized units) above a keyboard is refused. */
  static final double MIN_SURFACE = 150;

  /** Space kept between the swipe band and a keyboard. */
  static final double KEYBOARD_MARGIN = 10;

  /** Move time of a flinging pass. */
  static final int FLING_MOVE_MS = 75;

  /**
   * Finger path of a flinging pass, as a share of the band: short, so that the content the finger
   * itself moved and the first frame of the coast still overlap the screen before the pass (a text
   * search measures the coast from there), and fast, so that it lifts at about 5 band heights a
   * second.
   */
  static final double FLING_PATH = 0.4;

  /** A coast lasts longer than a steady settle: seconds, and iOS's decay crawls at the end. */
  static final Duration FLING_SETTLE_BOUND = Duration.ofSeconds(8);

  /** Travel of the catching drag, normalized units. */
  static final double CATCH_TRAVEL = 40;

  /** Amount of a steady pass back toward a target seen while coasting. */
  static final double STEP_BACK_AMOUNT = 0.5;

  /**
   * Steady passes back before flinging on again, when how far the target lies behind is unknown.
   */
  static final int MAX_STEPS_BACK = 3;

  /** Most steady passes back toward a target a coast's frame showed, however far it lies. */
  static final int MAX_STEPS_BACK_MEASURED = 8;

  /**
   * Most steady passes back over a coast that went further between two frames than they could show.
   */
  static final int MAX_COVER_STEPS = 10;

  /** Passes that may bring a found text from the band's edge into it, per sighting. */
  static final int MAX_PLACING_PASSES = 2;

  /** The shortest placing pass: a finger travel well past any touch slop. */
  static final double MIN_PLACING_AMOUNT = 0.1;

  private final HidTransport hid;
  private final FrameSource capture;
  private final Ticker ticker;
  private final TimelineRunner runner;
  private final FrameSettler settler;
  private final AttachmentRegistry attachments;
  private final Duration captureTimeout;
  private final Duration settleBound;
  private final RunGuard wheelGuard;

  /** Checks the input after a scroll that moved nothing; null for none. */
  private @Nullable InputCheck inputCheck;

  /**
   * Whether a coast of a text search on this device went further between two frames than they
   * overlap. From then on, text searches here travel by steady passes of the longest path instead
   * of flinging: a slow capture (a browser drawing in software, a few frames a second) shows a
   * fling's coast as a few far-apart stills.
   */
  private boolean coastOutranFrames;

  ScrollExecutor(
      HidTransport hid,
      FrameSource capture,
      Ticker ticker,
      TimelineRunner runner,
      FrameSettler settler,
      AttachmentRegistry attachments,
      Duration captureTimeout,
      Duration settleBound,
      RunGuard wheelGuard) {
    this.hid = hid;
    this.capture = capture;
    this.ticker = ticker;
    this.runner = runner;
    this.settler = settler;
    this.attachments = attachments;
    this.captureTimeout = captureTimeout;
    this.settleBound = settleBound;
    this.wheelGuard = wheelGuard;
  }

  /**
   * Has a scroll that moved nothing check whether the phone takes the input at all (see {@link
   * InputCheck}); without one, such a scroll fails with {@code scroll_no_progress} alone.
   */
  ScrollExecutor checkingInputWith(InputCheck check) {
    this.inputCheck = check;
    return this;
  }

  ScrollResult scroll(Scroll scroll) {
    return scroll(scroll, null);
  }

  /** {@link #scroll(Scroll)}, telling {@code listener} (may be null) what decided the pass. */
  ScrollResult scroll(Scroll scroll, @Nullable PassListener listener) {
    Played p = play(scroll, null);
    if (listener != null) {
      listener.played(p);
    }
    return p.result();
  }

  /** Hears of each pass as it is played (for the trace). */
  @FunctionalInterface
  interface PassListener {
    void played(Played pass);
  }

  /**
   * A played pass and what decided its claims.
   *
   * @param result the pass as the caller sees it
   * @param sighted whether a frame of the coast showed what the search looks for: the coast was
   *     caught there, or (a text search) a frame kept from it and read after it showed the text
   * @param sightedId the id of that frame ({@code motion-N}), or null
   * @param behind how far (normalized units) the content travelled after that frame, NaN when not
   *     measured
   * @param gaps stretches of a text search's coast that no frame showed (0 for any other pass)
   * @param startNanos when the pass began (device time)
   * @param band the region the verdict judged (the scroll region, shortened above a keyboard)
   * @param catcher the catching drag, or null
   * @param caught the catching drag's executed timeline, or null
   * @param catchStartNanos when the catching drag began
   * @param settledEvidence what the settling gate saw
   * @param movementEvidence which frames decided the movement verdict
   */
  record Played(
      ScrollResult result,
      boolean sighted,
      String sightedId,
      double behind,
      @Nullable GreyRaster sightedGrey,
      int gaps,
      long startNanos,
      NormRegion band,
      @Nullable Swipe catcher,
      @Nullable ExecutedTimeline caught,
      long catchStartNanos,
      String settledEvidence,
      String movementEvidence) {}

  /** A verdict and the frames that decided it. */
  private record Verdict(Movement movement, String evidence) {}

  /**
   * Plays one pass: steady (shaped, dwell, a frame during the dwell) when {@code watchFor} is null,
   * else a fling. A text search's coast is kept on a {@link CoastReel} and its kept frames read
   * once the screen is still, newest first; any other predicate is asked of the coast's frames as
   * they come and the coast is caught where it holds.
   */
  private Played play(Scroll scroll, @Nullable Predicate<Observation> watchFor) {
    long t0 = ticker.read();
    int frames = 0;
    long settleWait = 0;
    Observation before;
    if (scroll.before().isPresent()) {
      before = attachments.requireOwn(scroll.before().get(), "before");
    } else {
      FrameSettler.Settled s = settler.settle(t0, settleBound);
      before = s.observation();
      frames += s.frames();
      settleWait += s.waitNanos();
    }

    NormRegion band = scroll.region();
    OptionalDouble keyboardY =
        scroll.keyboard().isPresent()
            ? OptionalDouble.of(scroll.keyboard().get().y())
            : scroll.detectKeyboard()
                ? KeyboardDetector.detect(before.greyForDiff())
                : OptionalDouble.empty();
    boolean avoided = false;
    if (keyboardY.isPresent() && keyboardY.getAsDouble() < band.y2()) {
      double usableBottom = keyboardY.getAsDouble() - KEYBOARD_MARGIN;
      double usable = usableBottom - band.y();
      double needed = Math.max(MIN_SURFACE, scroll.direction().vertical() ? 0.3 * band.h() : 0);
      if (usable < needed) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("keyboard_min_y", keyboardY.getAsDouble());
        details.put("usable_height", Math.max(0, usable));
        details.put("needed_height", needed);
        throw new SwipeException(
            ErrorCode.SCROLL_KEYBOARD_OCCLUDES_SURFACE,
            "the on-screen keyboard (from y="
                + Math.round(keyboardY.getAsDouble())
                + ") leaves "
                + Math.round(Math.max(0, usable))
                + " of the "
                + Math.round(band.h())
                + " units of the scroll region; dismiss it or scroll a region above it",
            details,
            null);
      }
      band = NormRegion.of(band.x(), band.y(), band.w(), usable);
      avoided = true;
    }

    boolean fling = watchFor != null;
    Swipe swipe = fling ? planFling(scroll, band) : plan(scroll, band);
    checkGuard(swipe);
    Frame[] during = new Frame[1];
    boolean[] sighted = new boolean[1];
    String[] sightedId = new String[1];
    GreyRaster[] watchedGrey = new GreyRaster[1];
    double behind = Double.NaN;
    GreyRaster sightedGrey = null;
    int gaps = 0;
    String reelEvidence = "";
    Swipe catcher = null;
    ExecutedTimeline caught = null;
    long catchStart = 0;
    ExecutedTimeline executed;
    FrameSettler.Settled after;
    int gestures = 1;
    int reports;
    if (!fling) {
      long start = ticker.read();
      executed =
          runner.run(
              timeline(swipe),
              hid,
              () -> during[0] = FrameSettler.grabInTime(capture, ticker.read(), captureTimeout));
      if (during[0] != null) {
        frames++;
      }
      after =
          settler.settle(
              start + executed.actualOffsetNanos(executed.reportCount() - 1),
              settleBound,
              null,
              FrameSettler.Quiet.SCROLL,
              band);
      reports = executed.reportCount();
    } else {
      // No frame is grabbed before release: waiting for one would be a dwell and kill the fling.
      long start = ticker.read();
      executed = runner.run(timeline(swipe), hid, () -> {});
      reports = executed.reportCount();
      Duration coastBound =
          settleBound.compareTo(FLING_SETTLE_BOUND) > 0 ? settleBound : FLING_SETTLE_BOUND;
      Predicate<Observation> watching = Objects.requireNonNull(watchFor, "a fling watches");
      TextCondition reading = watching instanceof TextCondition t ? t : null;
      CoastReel reel =
          reading == null ? null : new CoastReel(before.greyForDiff(), band, scroll.direction());
      FrameSettler.Settled coast =
          settler.settle(
              start + executed.actualOffsetNanos(executed.reportCount() - 1),
              coastBound,
              (frame, grey) -> {
                if (during[0] == null) {
                  during[0] = frame; // the content coasting: evidence for at-edge
                }
                if (reel != null) {
                  reel.offer(frame, grey);
                  return false;
                }
                Observation passing = attachments.inPassing(frame, grey);
                sighted[0] = watching.test(passing);
                if (sighted[0]) {
                  sightedId[0] = passing.id();
                  watchedGrey[0] = grey;
                }
                return sighted[0];
              },
              // a coast's window: Chromium's screencast paused for 570 ms mid-coast, and the
              // scroll's 150 ms window called that settled, the list still moving
              FrameSettler.Quiet.COAST,
              band);
      after = coast;
      if (reel != null && reading != null && !reading.test(after.observation())) {
        List<CoastReel.Kept> kept = reel.kept();
        for (int i = kept.size() - 1; i >= 0 && !sighted[0]; i--) {
          Observation passing = attachments.inPassing(kept.get(i).frame(), kept.get(i).grey());
          if (reading.readsIn(passing)) {
            sighted[0] = true;
            sightedId[0] = passing.id();
            sightedGrey = kept.get(i).grey();
            behind = reel.travelSince(i, after.observation().greyForDiff());
          }
        }
        reelEvidence =
            "; "
                + kept.size()
                + " coast frames kept and read"
                + (reel.gaps() > 0 ? ", " + reel.gaps() + " stretches on no frame" : "");
      }
      if (reel != null) {
        gaps = reel.gaps();
      }
      if (sighted[0] && reel == null) {
        frames += coast.frames();
        settleWait += coast.waitNanos();
        // how far the content went on before the catch held it is unknown (a rig's frames lag,
        // and a relative pointer takes time to reach the list): the passes back go until the
        // screen is at or behind the frame that showed the target
        sightedGrey = watchedGrey[0];
        catcher = planCatch(scroll, band, runner.pointerAt());
        checkGuard(catcher);
        catchStart = ticker.read();
        caught = runner.run(timeline(catcher), hid, () -> {});
        gestures++;
        reports += caught.reportCount();
        after =
            settler.settle(
                catchStart + caught.actualOffsetNanos(caught.reportCount() - 1),
                settleBound,
                null,
                FrameSettler.Quiet.SCROLL,
                band);
      }
    }
    frames += after.frames();
    settleWait += after.waitNanos();

    Movement movement;
    DiffResult inside;
    Verdict verdict;
    try {
      inside = compare(before, after.observation(), band);
      if (inside.changed() && inside.primaryAxis() == PrimaryAxis.NONE) {
        inside = largeMove(scroll.direction(), before, after, band, inside);
      }
      verdict =
          verdict(
              before,
              after,
              during[0] == null
                  ? null
                  : attachments.inPassing(during[0], FrameSettler.decode(during[0])),
              band,
              inside,
              scroll.direction());
      movement = verdict.movement();
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
    long wall = ticker.read() - t0;
    Cost cost = new Cost(wall / 1_000_000L, gestures, reports, frames, settleWait / 1_000_000L);
    ActionResult action =
        ActionResult.builder()
            .gesture(swipe)
            .timeline(executed)
            .observation(after.observation())
            .cost(cost)
            .build();
    ScrollResult result =
        ScrollResult.builder()
            .action(action)
            .before(before)
            .movement(movement)
            .diff(inside)
            .amountRequested(scroll.amount())
            .amountUsed(scroll.honouredAmount())
            .keyboardAvoided(avoided)
            .keyboardMinY(keyboardY)
            .cost(cost)
            .build();
    if (movement == Movement.UNCHANGED && scroll.expectContent()) {
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("movement", movement.id());
      details.put("before", before.id());
      details.put("after", after.observation().id());
      if (inputCheck != null) {
        inputCheck.afterNoChange(details); // input_ignored when the phone ignores the input
      }
      throw new SwipeException(
          ErrorCode.SCROLL_NO_PROGRESS,
          "the scroll "
              + scroll.direction().id()
              + " moved nothing although content was expected; "
              + "check that the region is scrollable and that the input reaches the phone, rather than repeating it",
          details,
          null);
    }
    return new Played(
        result,
        sighted[0],
        sightedId[0],
        behind,
        sightedGrey,
        gaps,
        t0,
        band,
        catcher,
        caught,
        catchStart,
        settledEvidence(after) + reelEvidence,
        verdict.evidence());
  }

  /** What the settling gate saw, in words, for the trace. */
  static String settledEvidence(FrameSettler.Settled s) {
    String id = s.observation().id();
    String span =
        s.frames()
            + (s.frames() == 1 ? " frame" : " frames")
            + " over "
            + s.waitNanos() / 1_000_000L
            + " ms";
    if (s.observation().settled()) {
      return id + " settled: consecutive frames stayed equal over the quiet window (" + span + ")";
    }
    return id
        + " not settled: the screen still changed when the bound ran out ("
        + span
        + ")"
        + (s.focusSettled() ? "; the scrolled band itself was at rest" : "");
  }

  private void checkGuard(Swipe swipe) {
    try {
      wheelGuard.checkGenericTouch(
          swipe.start().x(), swipe.start().y(), swipe.end().x(), swipe.end().y());
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  private Timeline timeline(Swipe swipe) {
    return TimelinePlanner.plan(swipe, hid.capabilities().minReportInterval().toNanos());
  }

  ScrollUntilResult scrollUntil(
      Scroll scroll,
      Predicate<Observation> until,
      int maxPasses,
      Duration timeout,
      SearchPace pace) {
    return scrollUntil(scroll, until, maxPasses, timeout, pace, null);
  }

  /**
   * {@link #scrollUntil(Scroll, Predicate, int, Duration, SearchPace)}, telling {@code listener} of
   * each pass.
   */
  ScrollUntilResult scrollUntil(
      Scroll scroll,
      Predicate<Observation> until,
      int maxPasses,
      Duration timeout,
      SearchPace pace,
      @Nullable PassListener listener) {
    long t0 = ticker.read();
    long deadline = t0 + timeout.toNanos();
    Cost cost = Cost.ZERO;
    Observation current;
    if (scroll.before().isPresent()) {
      current = attachments.requireOwn(scroll.before().get(), "before");
    } else {
      FrameSettler.Settled s = settler.settle(t0, settleBound);
      current = s.observation();
      cost = cost.plus(new Cost(0, 0, 0, s.frames(), s.waitNanos() / 1_000_000L));
    }
    List<ScrollResult> passes = new ArrayList<>();
    TextCondition text = until instanceof TextCondition t ? t : null;
    Cost[] spent = {cost};
    boolean found = until.test(current);
    if (found && text != null) {
      Placement p = place(scroll, text, current, passes, maxPasses, deadline, listener, spent);
      current = p.screen();
      found = p.placed();
    }
    cost = spent[0];
    boolean edge = false;
    boolean timedOut = false;
    int stepsBack = 0; // steady passes left in the opposite direction after a caught sighting
    // where a coast no frame followed began, or the coast frame that showed the target with such a
    // stretch after it: steady passes back to it
    GreyRaster coverTo = null;
    boolean coverToSighting = false;
    int coverSteps = 0;
    while (!found && !edge && passes.size() < maxPasses) {
      if (ticker.read() >= deadline) {
        timedOut = true;
        break;
      }
      // each pass compares against the previous pass's settled screen; an unchanged pass ends
      // the search at an edge instead of failing with scroll_no_progress
      boolean back = stepsBack > 0 || coverTo != null;
      boolean fling = pace == SearchPace.FLING && !back && (text == null || !coastOutranFrames);
      ScrollDirection direction = back ? scroll.direction().opposite() : scroll.direction();
      double amount =
          stepsBack > 0
              ? Math.min(scroll.amount(), STEP_BACK_AMOUNT)
              : back || (pace == SearchPace.FLING && !fling) ? Scroll.MAX_AMOUNT : scroll.amount();
      Scroll pass =
          new Scroll(
              direction,
              amount,
              scroll.durationMs(),
              scroll.region(),
              scroll.keyboard(),
              scroll.detectKeyboard(),
              false,
              Optional.of(current));
      Played played = play(pass, fling ? until : null);
      if (listener != null) {
        listener.played(played);
      }
      ScrollResult r = played.result();
      passes.add(r);
      cost = cost.plus(r.cost());
      current = r.observation();
      found = until.test(current);
      if (found && text != null) {
        spent[0] = cost;
        Placement p = place(scroll, text, current, passes, maxPasses, deadline, listener, spent);
        cost = spent[0];
        current = p.screen();
        found = p.placed();
      }
      boolean stopped = r.movement() == Movement.AT_EDGE || r.movement() == Movement.UNCHANGED;
      if (back) {
        // an edge behind ends the way back, not the search
        if (stopped) {
          stepsBack = 0;
          coverTo = null;
        } else if (stepsBack > 0) {
          stepsBack--;
        } else if (++coverSteps >= MAX_COVER_STEPS) {
          coverTo = null;
        } else if (coverToSighting && coverTo != null) {
          // back at or behind the frame that showed the target: the passes on cover it; short of
          // it by a share of the band: step back over that share
          GreyRaster g = current.greyForDiff();
          double ahead = ContentTravel.along(coverTo, g, played.band(), scroll.direction());
          if (Double.isFinite(ContentTravel.along(g, coverTo, played.band(), scroll.direction()))) {
            coverTo = null;
          } else if (Double.isFinite(ahead)) {
            coverTo = null;
            stepsBack =
                stepsBack(
                    ahead,
                    Math.min(scroll.amount(), STEP_BACK_AMOUNT),
                    played.band(),
                    scroll.direction());
          }
        } else if (coverTo != null
            && overlaps(coverTo, current, played.band(), scroll.direction())) {
          coverTo = null;
        }
        continue;
      }
      edge = stopped;
      if (fling && text != null) {
        coastOutranFrames |= played.gaps() > 0;
        if (played.gaps() > 0 && !found && !played.sighted()) {
          // part of this coast was on no frame: read it again on the way back
          coverTo = r.before().greyForDiff();
          coverToSighting = false;
          coverSteps = 0;
          edge = false;
          continue;
        }
      }
      if (played.sighted()
          && !found
          && played.sightedGrey() != null
          && !Double.isFinite(played.behind())) {
        // seen on a coast frame with a stretch on no frame after it: how far it lies behind is
        // unknown, so pass back until the screen is at or behind the frame that showed it
        coverTo = played.sightedGrey();
        coverToSighting = true;
        coverSteps = 0;
      } else if (played.sighted() && !found) {
        // seen while coasting, not on the screen the pass left: it lies behind, as far as the
        // content travelled since (within a screen or two of a catch)
        stepsBack =
            stepsBack(
                played.behind(),
                Math.min(scroll.amount(), STEP_BACK_AMOUNT),
                played.band(),
                scroll.direction());
      }
    }
    Cost total =
        new Cost(
            (ticker.read() - t0) / 1_000_000L,
            cost.gestures(),
            cost.hidReports(),
            cost.framesGrabbed(),
            cost.settleWaitMs());
    return new ScrollUntilResult(
        found, passes.size(), edge && !found, timedOut, current, passes, total);
  }

  /**
   * Whether the screen {@code now}, reached by passes back, shares content with {@code from} (the
   * screen a coast began on) or lies behind it: the stretch between has been on settled screens.
   */
  private static boolean overlaps(
      GreyRaster from, Observation now, NormRegion band, ScrollDirection direction) {
    GreyRaster g = now.greyForDiff();
    return Double.isFinite(ContentTravel.along(from, g, band, direction))
        || Double.isFinite(ContentTravel.along(g, from, band, direction));
  }

  /**
   * Steady passes back of {@code amount} that cover {@code behind} (normalized units) with one to
   * spare; {@link #MAX_STEPS_BACK} when it is unknown.
   */
  static int stepsBack(double behind, double amount, NormRegion band, ScrollDirection direction) {
    if (!Double.isFinite(behind)) {
      return MAX_STEPS_BACK;
    }
    double step = amount * (direction.vertical() ? band.h() : band.w());
    return Math.min(MAX_STEPS_BACK_MEASURED, (int) Math.ceil(behind / step) + 1);
  }

  /** Where placing a found match left the search: the screen, and whether "found" holds there. */
  private record Placement(boolean placed, Observation screen) {}

  /**
   * Steady passes that bring a match of the text condition, seen on the settled screen {@code
   * current} outside the band's interior, to the middle of the band (at most {@link
   * #MAX_PLACING_PASSES}, within the search's passes and time). "Found" then means the match lies a
   * line inside the band; where the content cannot move further (an edge), a match whose centre is
   * in the band is as placed as it gets. Every placing pass is one of the search's passes.
   */
  private Placement place(
      Scroll scroll,
      TextCondition text,
      Observation current,
      List<ScrollResult> passes,
      int maxPasses,
      long deadline,
      @Nullable PassListener listener,
      Cost[] cost) {
    boolean vertical = scroll.direction().vertical();
    NormRegion band = scroll.region();
    for (int i = 0; ; i++) {
      OptionalDouble shift = text.misplacement(current, band, vertical);
      if (shift.isEmpty()) {
        return new Placement(true, current);
      }
      if (i >= MAX_PLACING_PASSES || passes.size() >= maxPasses || ticker.read() >= deadline) {
        return new Placement(false, current);
      }
      double s = shift.getAsDouble();
      double amount =
          Math.min(
              Scroll.MAX_AMOUNT,
              Math.max(MIN_PLACING_AMOUNT, Math.abs(s) / (vertical ? band.h() : band.w())));
      // the content moves with the finger
      ScrollDirection d =
          vertical
              ? (s > 0 ? ScrollDirection.UP : ScrollDirection.DOWN)
              : (s > 0 ? ScrollDirection.LEFT : ScrollDirection.RIGHT);
      Played played =
          play(
              new Scroll(
                  d,
                  amount,
                  scroll.durationMs(),
                  scroll.region(),
                  scroll.keyboard(),
                  scroll.detectKeyboard(),
                  false,
                  Optional.of(current)),
              null);
      if (listener != null) {
        listener.played(played);
      }
      ScrollResult r = played.result();
      passes.add(r);
      cost[0] = cost[0].plus(r.cost());
      current = r.observation();
      if (!text.test(current)) {
        return new Placement(false, current);
      }
      if (r.movement() == Movement.AT_EDGE || r.movement() == Movement.UNCHANGED) {
        // the list ends here: a match the last move brought counts where it rests, in the band or
        // beyond it towards the edge (the first row of a list at its top may sit above the band);
        // s > 0: the match lay towards smaller coordinates, where the edge now is
        ScrollResult moved = lastMove(passes);
        return new Placement(
            text.withinBand(current, band)
                || (moved != null
                    && text.broughtByMove(current, moved.before(), band, vertical, s > 0)),
            current);
      }
    }
  }

  /** The latest pass that moved the content, or null. */
  private static @Nullable ScrollResult lastMove(List<ScrollResult> passes) {
    for (int i = passes.size() - 1; i >= 0; i--) {
      if (passes.get(i).movement() == Movement.MOVED) {
        return passes.get(i);
      }
    }
    return null;
  }

  /**
   * A flinging pass: {@link #FLING_PATH} of the band whatever the scroll's amount, moved linearly
   * in {@link #FLING_MOVE_MS} and lifted without a dwell, so the content coasts on as far as the
   * phone lets it. How far a pass reaches is the coast's doing, not the path's; measured per pass
   * in BENCHMARKS ("Text search cost").
   */
  static Swipe planFling(Scroll scroll, NormRegion band) {
    Swipe steady =
        plan(
            new Scroll(
                scroll.direction(),
                FLING_PATH,
                scroll.durationMs(),
                scroll.region(),
                scroll.keyboard(),
                scroll.detectKeyboard(),
                false,
                Optional.empty()),
            band);
    return Swipe.builder(steady.start(), steady.end())
        .durationMs(FLING_MOVE_MS)
        .steps(Math.max(8, FLING_MOVE_MS / 16))
        .holdBeforeMs(40)
        .holdAfterMs(0)
        .shape(GestureShape.LINEAR)
        .build();
  }

  /**
   * The catch: a touch in the middle of the band stops the coast, and a short slow drag along the
   * pass (past the touch slop, so never a tap on what lies under it) lifts after a dwell without
   * velocity. Along, not against: a coasting list shows each row first at its leading edge, so the
   * target was seen as it came in and a little more travel keeps it on screen; one that slid out at
   * the trailing edge is fetched back by the steps back.
   *
   * <p>Where a relative pointer rests on the band ({@code pointer}, where the fling let go), the
   * catch starts there instead: bringing the pointer to the middle first took a rig over a second
   * of frames, the content coasting on all the while, and steering by frames of moving content is
   * the least sure steering there is.
   */
  static Swipe planCatch(Scroll scroll, NormRegion band, Optional<NormPoint> pointer) {
    ScrollDirection d = scroll.direction();
    NormPoint c = band.center();
    if (pointer.isPresent() && catchFits(pointer.get(), band, d)) {
      c = pointer.get();
    }
    NormPoint to =
        NormPoint.of(c.x() + d.fingerDx() * CATCH_TRAVEL, c.y() + d.fingerDy() * CATCH_TRAVEL);
    return Swipe.builder(c, to)
        .durationMs(200)
        .steps(12)
        .holdBeforeMs(0)
        .holdAfterMs(Scroll.DWELL_MS)
        .shape(GestureShape.SCROLL)
        .build();
  }

  /** Whether a catch from {@code from} stays inside the band, a catch's travel from its sides. */
  static boolean catchFits(NormPoint from, NormRegion band, ScrollDirection d) {
    NormPoint to =
        NormPoint.of(
            from.x() + d.fingerDx() * CATCH_TRAVEL, from.y() + d.fingerDy() * CATCH_TRAVEL);
    return withinBy(from, band, CATCH_TRAVEL) && withinBy(to, band, CATCH_TRAVEL);
  }

  private static boolean withinBy(NormPoint p, NormRegion band, double margin) {
    return p.x() >= band.x() + margin
        && p.x() <= band.x2() - margin
        && p.y() >= band.y() + margin
        && p.y() <= band.y2() - margin;
  }

  /**
   * The finger path: centred in the band, {@code amount} of its axis long, against the direction.
   */
  static Swipe plan(Scroll scroll, NormRegion band) {
    ScrollDirection d = scroll.direction();
    double travel = scroll.honouredAmount() * (d.vertical() ? band.h() : band.w());
    NormPoint c = band.center();
    NormPoint from =
        NormPoint.of(c.x() - d.fingerDx() * travel / 2, c.y() - d.fingerDy() * travel / 2);
    NormPoint to =
        NormPoint.of(c.x() + d.fingerDx() * travel / 2, c.y() + d.fingerDy() * travel / 2);
    int steps = Math.max(8, Math.min(60, scroll.durationMs() / 16));
    return Swipe.builder(from, to)
        .durationMs(scroll.durationMs())
        .steps(steps)
        .holdBeforeMs(40)
        .holdAfterMs(Scroll.DWELL_MS)
        .shape(GestureShape.SCROLL)
        .build();
  }

  /**
   * The band's diff with the axis of a move too large for its before/after pair to show (most of
   * the band, or a page replaced): the one the consecutive frames showed while the screen settled
   * (reported as {@code motion_between}), else the whole screen's when it is the scroll's own axis
   * (the band's move leaves more of the screen overlapping), else none.
   */
  private static DiffResult largeMove(
      ScrollDirection direction,
      Observation before,
      FrameSettler.Settled after,
      NormRegion band,
      DiffResult inside) {
    PrimaryAxis seen = after.motion().axis(band);
    if (seen != PrimaryAxis.NONE) {
      return inside.withAxisFromMotionBetween(seen);
    }
    PrimaryAxis along = direction.vertical() ? PrimaryAxis.VERTICAL : PrimaryAxis.HORIZONTAL;
    PrimaryAxis whole = ScreenDiff.compare(before, after.observation(), null).primaryAxis();
    return DiffResult.of(inside.diffRatio(), whole == along ? along : PrimaryAxis.NONE);
  }

  /**
   * The verdict needs the band at rest, not the whole screen: a clock ticking or a caret blinking
   * outside it keeps the screen unsettled (and says so) without hiding how the band moved.
   */
  private static Verdict verdict(
      Observation before,
      FrameSettler.Settled settled,
      @Nullable Observation during,
      NormRegion band,
      DiffResult inside,
      ScrollDirection direction) {
    Observation after = settled.observation();
    String pair = before.id() + " vs " + after.id() + " in the band";
    if (!settled.focusSettled()) {
      return new Verdict(
          Movement.UNOBSERVED,
          "the band of " + after.id() + " was still moving when the bound ran out");
    }
    if (inside.changed()) {
      // Pixels changed; only motion along the scroll axis backs "moved". An overscroll glow
      // still fading, a replaced page or a popup changes pixels without such motion (found by
      // the honesty benchmark: android edge glow after a strong pull at the top of a list).
      PrimaryAxis along = direction.vertical() ? PrimaryAxis.VERTICAL : PrimaryAxis.HORIZONTAL;
      String seen =
          String.format(
              java.util.Locale.ROOT,
              "%s: diff_ratio %.4f, axis %s (%s)",
              pair,
              inside.diffRatio(),
              inside.primaryAxis().name().toLowerCase(java.util.Locale.ROOT),
              inside.axisEvidence().id());
      return inside.primaryAxis() == along
          ? new Verdict(Movement.MOVED, seen + ", along the scroll")
          : new Verdict(Movement.UNOBSERVED, seen + ", not along the scroll");
    }
    if (during == null) {
      return new Verdict(
          Movement.UNOBSERVED,
          pair + " unchanged, and no frame came during the dwell to tell at-edge from unchanged");
    }
    if (compare(before, during, band).changed()) {
      return new Verdict(
          Movement.AT_EDGE,
          pair
              + " unchanged, but the frame during the gesture (captured at "
              + during.captureNanos() / 1_000_000L
              + " ms) differed from "
              + before.id()
              + ": it bounced back");
    }
    if (ScreenDiff.compare(before, after, null).changed()) {
      return new Verdict(
          Movement.UNOBSERVED, pair + " unchanged, but the screen outside the band changed");
    }
    return new Verdict(
        Movement.UNCHANGED, pair + " unchanged, and so was the frame during the gesture");
  }

  private static DiffResult compare(Observation a, Observation b, NormRegion r) {
    return ScreenDiff.compare(a, b, r);
  }
}

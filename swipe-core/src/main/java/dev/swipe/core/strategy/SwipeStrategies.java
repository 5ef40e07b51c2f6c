package dev.swipe.core.strategy;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.internal.TracedSteps;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.diff.DiffResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The swipe strategies that work on real phones, per scenario, as ready API. Every method plays
 * exactly one swipe and then looks (one settled screenshot and a diff); none sends bursts of
 * swipes. Distances are finger travel in normalized units along the axis, centred in the region. A
 * step's {@code before} is the screen it is judged against; null takes a screenshot first.
 *
 * <ul>
 *   <li>List: coarse 350 units in 500 ms, confirmed by {@code diff_ratio > 0.05}; fine 50 units; a
 *       swipe with {@code changed = false} means the boundary.
 *   <li>Carousel / tabs: 400 units in 400 ms, never below 300 (shorter swipes read as accidental
 *       touches and bounce back); a page switch shows {@code diff_ratio > 0.3}.
 *   <li>Map / canvas: 200 units, then 50 for fine positioning.
 *   <li>Generic calibration: start small (50), grow after each unconfirmed try, give up after 10.
 * </ul>
 *
 * <p>List and map swipes are shaped ({@link GestureShape#SCROLL}: eased, a slow tail, then a 100 ms
 * dwell) so the release carries no velocity (the content moves by the finger's travel, not by a
 * fling); carousel swipes are linear and release while moving, because a pager needs release
 * velocity to turn a 40% drag into a page switch.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class SwipeStrategies {
  /** List coarse distance. */
  public static final double LIST_COARSE = 350;

  /** List coarse duration. */
  public static final int LIST_COARSE_MS = 500;

  /** List fine distance. */
  public static final double LIST_FINE = 50;

  /** A list swipe is confirmed above this diff ratio. */
  public static final double LIST_CONFIRM = 0.05;

  /** Carousel distance. */
  public static final double CAROUSEL_DISTANCE = 400;

  /** Shortest carousel distance that is not read as an accidental touch. */
  public static final double CAROUSEL_MIN_DISTANCE = 300;

  /**
   * Carousel duration: 400 units in 200 ms release at about 2000 units/s, over ViewPager's 400 dp/s
   * fling minimum on phones up to about 1800 dp wide (400 ms was under it on a 360 dp phone).
   */
  public static final int CAROUSEL_MS = 200;

  /** A page switch shows more change than this. */
  public static final double CAROUSEL_CONFIRM = 0.3;

  /** Map coarse distance. */
  public static final double MAP_COARSE = 200;

  /** Map fine distance. */
  public static final double MAP_FINE = 50;

  /** Generic calibration gives up after this many tries. */
  public static final int MAX_CALIBRATION_TRIES = 10;

  /** Any visible change confirms a generic step ({@code changed}). */
  public static final double GENERIC_CONFIRM = 0.01;

  /** Dwell before release for list and map swipes. */
  public static final int DWELL_MS = 100;

  private final Device device;
  private final NormRegion region;

  /** Strategies on {@code device} inside {@code region} (the scrollable area). */
  public SwipeStrategies(Device device, NormRegion region) {
    this.device = SwipeException.requireArgument(device, "device");
    this.region = SwipeException.requireArgument(region, "region");
  }

  /**
   * Strategies in {@link dev.swipe.core.scroll.Scroll#DEFAULT_REGION}, the middle of the screen.
   */
  public SwipeStrategies(Device device) {
    this(device, dev.swipe.core.scroll.Scroll.DEFAULT_REGION);
  }

  /** One coarse list swipe (350 units, 500 ms). */
  public Step listCoarse(ScrollDirection direction, @Nullable Observation before) {
    return step(
        "list_coarse",
        direction,
        LIST_COARSE,
        LIST_COARSE_MS,
        DWELL_MS,
        LIST_CONFIRM,
        before,
        GestureShape.SCROLL);
  }

  /** One fine list swipe (50 units) to bring a visible target into place. */
  public Step listFine(ScrollDirection direction, @Nullable Observation before) {
    return step(
        "list_fine",
        direction,
        LIST_FINE,
        LIST_COARSE_MS,
        DWELL_MS,
        GENERIC_CONFIRM,
        before,
        GestureShape.SCROLL);
  }

  /**
   * Coarse swipes until {@code found} holds, a swipe changes nothing (the boundary), or {@code
   * maxSwipes} were played. Checks the screen before the first swipe too.
   */
  public Search listSearch(ScrollDirection direction, Predicate<Observation> found, int maxSwipes) {
    SwipeException.requireArgument(found, "found");
    if (maxSwipes < 1 || maxSwipes > 100) {
      throw SwipeException.invalidArgument("max_swipes", "must be in [1, 100], was " + maxSwipes);
    }
    SwipeException.requireArgument(direction, "direction");
    TracedSteps.Step traced =
        TracedSteps.begin(
            device,
            "list_search",
            goal(
                "until",
                found instanceof ScreenCondition c ? c.description() : "the caller's condition",
                "direction",
                direction.id(),
                "max_swipes",
                maxSwipes));
    try {
      Observation current = device.screenshot();
      List<Step> steps = new ArrayList<>();
      boolean boundary = false;
      boolean held = found.test(current);
      while (!held && steps.size() < maxSwipes) {
        Step s = listCoarse(direction, current);
        steps.add(s);
        current = s.observation();
        if (!s.diff().changed()) {
          boundary = true;
          break;
        }
        held = found.test(current);
      }
      Search result = new Search(held, boundary, steps, current);
      traced.end(
          goal(
              "result",
              held ? "found" : boundary ? "boundary" : "max_swipes",
              "found",
              held,
              "swipes",
              steps.size()),
          goal(
              "found",
              (held ? "the condition held on " : "the condition did not hold on ")
                  + current.id()
                  + (boundary
                      ? "; the last swipe changed nothing in the region: the boundary"
                      : "")),
          null,
          current);
      return result;
    } catch (SwipeException e) {
      traced.fail(e);
      throw e;
    }
  }

  /** An ordered map from alternating keys and values, for trace goals and outcomes. */
  private static Map<String, Object> goal(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i + 1 < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  /** One page switch (400 units, 200 ms). */
  public Step carouselSwitch(ScrollDirection direction, @Nullable Observation before) {
    return carouselSwitch(direction, CAROUSEL_DISTANCE, before);
  }

  /**
   * One page switch with a chosen distance (at least 300 units).
   *
   * @throws SwipeException {@code invalid_argument} for distances under 300
   */
  public Step carouselSwitch(
      ScrollDirection direction, double distance, @Nullable Observation before) {
    if (!(distance >= CAROUSEL_MIN_DISTANCE)) {
      throw SwipeException.invalidArgument(
          "distance",
          "carousel swipes must be at least "
              + (int) CAROUSEL_MIN_DISTANCE
              + " units (shorter ones read as accidental touches and bounce back), was "
              + distance);
    }
    return step(
        "carousel",
        direction,
        distance,
        CAROUSEL_MS,
        0,
        CAROUSEL_CONFIRM,
        before,
        GestureShape.CAROUSEL);
  }

  /** One map pan: 200 units, or 50 when {@code fine}. */
  public Step mapPan(ScrollDirection direction, boolean fine, @Nullable Observation before) {
    return step(
        fine ? "map_fine" : "map_coarse",
        direction,
        fine ? MAP_FINE : MAP_COARSE,
        400,
        DWELL_MS,
        GENERIC_CONFIRM,
        before,
        GestureShape.MAP);
  }

  /**
   * Generic calibration: swipes of growing distance (50, 100, 150, ...) until one is confirmed by
   * {@code effective}, at most 10 tries; the caller saves the effective distance to memory.
   */
  public Calibration calibrate(ScrollDirection direction, Predicate<Step> effective) {
    SwipeException.requireArgument(effective, "effective");
    SwipeException.requireArgument(direction, "direction");
    TracedSteps.Step traced =
        TracedSteps.begin(
            device,
            "calibrate",
            goal("direction", direction.id(), "max_tries", MAX_CALIBRATION_TRIES));
    try {
      List<Step> tries = new ArrayList<>();
      Observation current = device.screenshot();
      double axis = direction.vertical() ? region.h() : region.w();
      for (int i = 1; i <= MAX_CALIBRATION_TRIES; i++) {
        double distance = Math.min(LIST_FINE * i, axis * 0.8);
        Step s =
            step(
                "calibration",
                direction,
                distance,
                LIST_COARSE_MS,
                DWELL_MS,
                GENERIC_CONFIRM,
                current,
                GestureShape.SCROLL);
        tries.add(s);
        current = s.observation();
        if (effective.test(s)) {
          traced.end(
              goal("result", "calibrated", "effective_distance", distance, "tries", tries.size()),
              goal(
                  "effective",
                  "the caller's check accepted try "
                      + tries.size()
                      + " ("
                      + s.before().id()
                      + " vs "
                      + current.id()
                      + ")"),
              null,
              current);
          return new Calibration(OptionalDouble.of(distance), tries);
        }
      }
      traced.end(goal("result", "gave_up", "tries", tries.size()), null, null, current);
      return new Calibration(OptionalDouble.empty(), tries);
    } catch (SwipeException e) {
      traced.fail(e);
      throw e;
    }
  }

  private Step step(
      String name,
      ScrollDirection direction,
      double distance,
      int durationMs,
      int dwellMs,
      double threshold,
      @Nullable Observation before,
      GestureShape shape) {
    SwipeException.requireArgument(direction, "direction");
    Observation start = before != null ? before : device.screenshot();
    double axis = direction.vertical() ? region.h() : region.w();
    if (!(distance > 0) || distance > axis) {
      throw SwipeException.invalidArgument(
          "distance", "must be in (0, " + axis + "] for this region, was " + distance);
    }
    NormPoint c = region.center();
    NormPoint from =
        NormPoint.of(
            c.x() - direction.fingerDx() * distance / 2,
            c.y() - direction.fingerDy() * distance / 2);
    NormPoint to =
        NormPoint.of(
            c.x() + direction.fingerDx() * distance / 2,
            c.y() + direction.fingerDy() * distance / 2);
    Swipe swipe =
        Swipe.builder(from, to)
            .durationMs(durationMs)
            .steps(Math.max(8, durationMs / 16))
            .holdBeforeMs(40)
            .holdAfterMs(dwellMs)
            .shape(shape)
            .build();
    TracedSteps.Step traced =
        TracedSteps.begin(
            device,
            name,
            goal(
                "direction",
                direction.id(),
                "distance",
                distance,
                "duration_ms",
                durationMs,
                "confirm_above",
                threshold));
    try {
      ActionResult action = device.swipe(swipe);
      DiffResult diff = device.screen().diff(start, action.observation(), region);
      boolean confirmed = diff.diffRatio() > threshold;
      traced.end(
          goal(
              "result",
              confirmed ? "confirmed" : "not_confirmed",
              "confirmed",
              confirmed,
              "diff_ratio",
              diff.diffRatio(),
              "changed",
              diff.changed(),
              "primary_axis",
              diff.primaryAxis().name().toLowerCase(Locale.ROOT)),
          goal(
              "confirmed",
              String.format(
                  Locale.ROOT,
                  "%s vs %s in the region {%.0f,%.0f,%.0f,%.0f}: diff_ratio %.4f %s %.2f",
                  start.id(),
                  action.observation().id(),
                  region.x(),
                  region.y(),
                  region.w(),
                  region.h(),
                  diff.diffRatio(),
                  confirmed ? ">" : "<=",
                  threshold)),
          action.cost(),
          action.observation());
      return new Step(name, distance, action, start, diff, threshold, confirmed);
    } catch (SwipeException e) {
      traced.fail(e);
      throw e;
    }
  }

  /**
   * One strategy step: one swipe, then a look. {@code confirmed} says whether the change seen meets
   * the strategy's threshold (e.g. {@code diff_ratio > 0.05} for a list scroll).
   *
   * @param strategy the strategy's name, e.g. {@code list_coarse}
   * @param distance finger travel in normalized units
   * @param action the swipe and the settled screen after it
   * @param before the screen before the swipe
   * @param diff before vs after inside the strategy's region
   * @param threshold the diff ratio that confirms the step
   * @param confirmed {@code diff.diffRatio() > threshold}
   */
  public record Step(
      String strategy,
      double distance,
      ActionResult action,
      Observation before,
      DiffResult diff,
      double threshold,
      boolean confirmed) {
    /** The settled screen after the step. */
    public Observation observation() {
      return action.observation();
    }
  }

  /**
   * The outcome of a list search by coarse swipes.
   *
   * @param found the caller's check held on {@link #observation()}
   * @param boundary a swipe changed nothing ({@code changed = false}): the list ends there
   * @param steps every swipe, in order
   * @param observation the last screen
   */
  public record Search(boolean found, boolean boundary, List<Step> steps, Observation observation) {
    /** Copies the steps. */
    public Search {
      steps = List.copyOf(steps);
    }
  }

  /**
   * The outcome of generic swipe calibration: the first distance that worked, if any within {@link
   * SwipeStrategies#MAX_CALIBRATION_TRIES} tries.
   *
   * @param effectiveDistance the distance whose step was confirmed (the value to save with {@code
   *     save_memory} as "effective distance")
   * @param tries every step, in order
   */
  public record Calibration(OptionalDouble effectiveDistance, List<Step> tries) {
    /** Copies the tries. */
    public Calibration {
      tries = List.copyOf(tries);
    }

    /** Whether a distance was found. */
    public boolean succeeded() {
      return effectiveDistance.isPresent();
    }
  }
}

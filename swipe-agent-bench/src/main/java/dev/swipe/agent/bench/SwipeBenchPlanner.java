package dev.swipe.agent.bench;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Swipe;

/**
 * Turns SwipeBench's intent (a region, a direction, a speed) into a swipe that starts strictly
 * inside the region and stays inside it: the finger travels {@value #TRAVEL} of the region's extent
 * along the direction's axis, centred in the region, on the region's centre line. Fast swipes take
 * {@value #FAST_MS} ms, slow ones {@value #SLOW_MS} ms.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class SwipeBenchPlanner {
  /** Fraction of the region's extent the finger travels. */
  public static final double TRAVEL = 0.6;

  /** Duration of a fast swipe (the published records' 0.3 s). */
  public static final int FAST_MS = 300;

  /** Duration of a slow swipe. */
  public static final int SLOW_MS = 800;

  private SwipeBenchPlanner() {}

  /** The swipe for the intent. */
  public static Swipe plan(
      NormRegion bbox, SwipeBenchRecord.Direction direction, SwipeBenchRecord.Speed speed) {
    SwipeException.requireArgument(bbox, "bbox");
    SwipeException.requireArgument(direction, "direction");
    SwipeException.requireArgument(speed, "speed");
    NormPoint c = bbox.center();
    double hx = bbox.w() * TRAVEL / 2;
    double hy = bbox.h() * TRAVEL / 2;
    NormPoint start;
    NormPoint end;
    switch (direction) {
      case LEFT -> {
        start = NormPoint.of(c.x() + hx, c.y());
        end = NormPoint.of(c.x() - hx, c.y());
      }
      case RIGHT -> {
        start = NormPoint.of(c.x() - hx, c.y());
        end = NormPoint.of(c.x() + hx, c.y());
      }
      case UP -> {
        start = NormPoint.of(c.x(), c.y() + hy);
        end = NormPoint.of(c.x(), c.y() - hy);
      }
      default -> {
        start = NormPoint.of(c.x(), c.y() - hy);
        end = NormPoint.of(c.x(), c.y() + hy);
      }
    }
    int ms = speed == SwipeBenchRecord.Speed.FAST ? FAST_MS : SLOW_MS;
    return Swipe.builder(start, end)
        .durationMs(ms)
        .steps(Swipe.DEFAULT_STEPS)
        .holdBeforeMs(0)
        .holdAfterMs(0)
        .build();
  }

  /** The planned swipe as a record for {@code truth}'s screenshot, bbox and instruction. */
  public static SwipeBenchRecord plan(SwipeBenchRecord truth) {
    Swipe s = plan(truth.bbox(), truth.direction(), truth.speed());
    return SwipeBenchRecord.fromSwipe(truth.imgFilename(), truth.instruction(), truth.bbox(), s);
  }
}

package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Appium's {@code mobile:} gesture methods with UiAutomator2's parameter names and units
 * (screenshot pixels, pixels per second, milliseconds), played on the session's device.
 *
 * <ul>
 *   <li>{@code swipeGesture} {left, top, width, height, direction, percent, speed}: the finger
 *       crosses {@code percent} of the area from its edge in {@code direction} (UiAutomator2's
 *       rule) at {@code speed} (default 5000 px/s) and lifts while moving.
 *   <li>{@code scrollGesture} {left, top, width, height, direction, percent, speed}: one {@code
 *       Device.scroll} in the area, {@code direction} naming the content to reveal; returns whether
 *       the content can scroll further: false when the scroll observed the edge ({@code at-edge})
 *       or no movement at all ({@code unchanged}).
 *   <li>{@code clickGesture} {x, y}; {@code longClickGesture} {x, y, duration (500)}; {@code
 *       dragGesture} {startX, startY, endX, endY, speed (2500)}: a drag that dwells at the end
 *       before lifting.
 *   <li>{@code pinchOpenGesture} and {@code pinchCloseGesture} {left, top, width, height, percent,
 *       speed (2500)}: two fingers side by side about the area's centre; open moves them from
 *       {@link Pinch#MIN_SPREAD} apart to that plus {@code percent} of the area's width (at most
 *       the area's width), close the reverse. Each finger covers half the change at {@code speed},
 *       as UiAutomator2's pointers do. Both rest briefly before and after moving, so the lift
 *       carries no fling.
 *   <li>XCUITest's {@code pinch} {scale, velocity}: {@link Pinch#zoom} about the screen's centre,
 *       lasting {@code |scale - 1| / |velocity|} seconds (velocity in scale factor per second; its
 *       sign is not checked).
 * </ul>
 *
 * <p>An {@code elementId} is {@code no such element}: a rig has no element tree. A pinch on a link
 * that holds one finger is {@code unsupported operation}, and nothing is sent.
 */
final class MobileGestures {
  static final List<String> NAMES =
      List.of(
          "swipeGesture",
          "scrollGesture",
          "clickGesture",
          "longClickGesture",
          "dragGesture",
          "pinchOpenGesture",
          "pinchCloseGesture",
          "pinch");

  private static final int SWIPE_SPEED = 5000;
  private static final int DRAG_SPEED = 2500;
  private static final int PINCH_SPEED = 2500;
  private static final List<String> PINCH_GESTURE =
      List.of("elementId", "left", "top", "width", "height", "percent", "speed");
  private static final int LONG_CLICK_MS = 500;
  private static final List<String> AREA_GESTURE =
      List.of("elementId", "left", "top", "width", "height", "direction", "percent", "speed");

  private MobileGestures() {}

  /** Runs {@code mobile: name}; returns the method's value. */
  static JsonNode run(String name, ObjectNode p, RigSession s) {
    if (p.has("elementId") && !p.get("elementId").isNull()) {
      throw W3cFailure.of(
          W3cError.NO_SUCH_ELEMENT,
          RemoteEndCode.NO_SUCH_ELEMENT,
          "elementId",
          "a rig has no element tree; give screen coordinates in screenshot pixels instead");
    }
    int[] screen = s.screen();
    Device d = s.device();
    switch (name) {
      case "swipeGesture" -> {
        Json.onlyKeys(p, "", AREA_GESTURE);
        double[] a = area(p, screen);
        String dir = direction(p);
        double percent = percent(p);
        long speed = speed(p, SWIPE_SPEED);
        double cx = a[0] + a[2] / 2;
        double cy = a[1] + a[3] / 2;
        double[] from;
        double[] to;
        switch (dir) {
          case "left" -> {
            from = new double[] {a[0] + a[2], cy};
            to = new double[] {a[0] + a[2] - a[2] * percent, cy};
          }
          case "right" -> {
            from = new double[] {a[0], cy};
            to = new double[] {a[0] + a[2] * percent, cy};
          }
          case "up" -> {
            from = new double[] {cx, a[1] + a[3]};
            to = new double[] {cx, a[1] + a[3] - a[3] * percent};
          }
          default -> {
            from = new double[] {cx, a[1]};
            to = new double[] {cx, a[1] + a[3] * percent};
          }
        }
        int ms = moveMs(Math.hypot(to[0] - from[0], to[1] - from[1]), speed, 1);
        d.rig()
            .perform(
                Swipe.builder(
                        ActionPlan.norm(from[0], from[1], screen[0], screen[1]),
                        ActionPlan.norm(to[0], to[1], screen[0], screen[1]))
                    .durationMs(ms)
                    .steps(steps(ms))
                    .holdBeforeMs(0)
                    .holdAfterMs(0)
                    .build(),
                Duration.ZERO);
        return NullNode.getInstance();
      }
      case "scrollGesture" -> {
        Json.onlyKeys(p, "", AREA_GESTURE);
        double[] a = area(p, screen);
        String dir = direction(p);
        double percent = percent(p);
        long speed = speed(p, SWIPE_SPEED);
        // direction(p) accepts only up, down, left and right, each a ScrollDirection id
        ScrollDirection direction =
            Objects.requireNonNull(ScrollDirection.fromId(dir), "a checked scroll direction");
        double extent = direction.vertical() ? a[3] : a[2];
        int ms = moveMs(Math.min(percent, Scroll.MAX_AMOUNT) * extent, speed, 100);
        NormPoint tl = ActionPlan.norm(a[0], a[1], screen[0], screen[1]);
        NormPoint br = ActionPlan.norm(a[0] + a[2], a[1] + a[3], screen[0], screen[1]);
        if (br.x() <= tl.x() || br.y() <= tl.y()) {
          throw W3cFailure.invalidArgument("width", "the area is too small to scroll in");
        }
        ScrollResult r =
            d.scroll(
                Scroll.builder(direction)
                    .amount(percent)
                    .durationMs(Math.min(ms, 10_000))
                    .region(NormRegion.fromCorners(tl.x(), tl.y(), br.x(), br.y()))
                    .build());
        return BooleanNode.valueOf(
            r.movement() != Movement.AT_EDGE && r.movement() != Movement.UNCHANGED);
      }
      case "clickGesture" -> {
        Json.onlyKeys(p, "", List.of("elementId", "x", "y"));
        d.rig().perform(Tap.at(point(p, "x", "y", screen)), Duration.ZERO);
        return NullNode.getInstance();
      }
      case "longClickGesture" -> {
        Json.onlyKeys(p, "", List.of("elementId", "x", "y", "duration"));
        NormPoint at = point(p, "x", "y", screen);
        Long ms = Json.optInteger(p, "duration", "duration", 0, ActionPlan.MAX_TOTAL_MS);
        d.rig()
            .perform(
                new LongPress(at, (int) Math.max(1, ms == null ? LONG_CLICK_MS : ms)),
                Duration.ZERO);
        return NullNode.getInstance();
      }
      case "dragGesture" -> {
        Json.onlyKeys(p, "", List.of("elementId", "startX", "startY", "endX", "endY", "speed"));
        NormPoint from = point(p, "startX", "startY", screen);
        NormPoint to = point(p, "endX", "endY", screen);
        long speed = speed(p, DRAG_SPEED);
        double px =
            Math.hypot(
                Json.number(p, "endX", "endX") - Json.number(p, "startX", "startX"),
                Json.number(p, "endY", "endY") - Json.number(p, "startY", "startY"));
        d.rig()
            .perform(
                Drag.builder(from, to).durationMs(moveMs(px, speed, 1)).build(), Duration.ZERO);
        return NullNode.getInstance();
      }
      case "pinchOpenGesture", "pinchCloseGesture" -> {
        Json.onlyKeys(p, "", PINCH_GESTURE);
        double[] a = area(p, screen);
        double percent = percent(p);
        long speed = speed(p, PINCH_SPEED);
        double areaWidth =
            NormPoint.toNorm(a[0] + a[2], screen[0]) - NormPoint.toNorm(a[0], screen[0]);
        if (areaWidth < Pinch.MIN_SPREAD) {
          throw W3cFailure.invalidArgument(
              "width",
              String.format(
                  "the area is %.0f px wide; two fingers need at least %.0f px side by side",
                  a[2], Pinch.MIN_SPREAD / 1000 * screen[0]));
        }
        double narrow = Pinch.MIN_SPREAD;
        double wide = Math.min(areaWidth, narrow + percent * areaWidth);
        // each finger covers half the change in spread, in pixels
        double fingerPx = (wide - narrow) / 2 / 1000 * screen[0];
        int ms = moveMs(fingerPx, speed, 1);
        boolean open = name.equals("pinchOpenGesture");
        pinch(
            d,
            name,
            Pinch.builder(ActionPlan.norm(a[0] + a[2] / 2, a[1] + a[3] / 2, screen[0], screen[1]))
                .spread(open ? narrow : wide, open ? wide : narrow)
                .durationMs(ms)
                .steps(steps(ms)));
        return NullNode.getInstance();
      }
      case "pinch" -> {
        Json.onlyKeys(p, "", List.of("elementId", "scale", "velocity"));
        double scale = Json.number(p, "scale", "scale");
        double velocity = Json.number(p, "velocity", "velocity");
        if (!(Math.abs(velocity) > 0) || Double.isInfinite(velocity)) {
          throw W3cFailure.invalidArgument(
              "velocity", "must be a non-zero scale factor per second, was " + velocity);
        }
        Pinch zoom = Pinch.zoom(NormPoint.CENTER, scale);
        double ms = Math.abs(scale - 1) / Math.abs(velocity) * 1000;
        if (ms > ActionPlan.MAX_TOTAL_MS) {
          throw W3cFailure.invalidArgument(
              "velocity",
              "a pinch by " + scale + " at " + velocity + " per second would last over a minute");
        }
        int duration = (int) Math.max(1, Math.round(ms));
        pinch(
            d,
            name,
            Pinch.builder(zoom.centre())
                .spread(zoom.startSpread(), zoom.endSpread())
                .durationMs(duration)
                .steps(steps(duration)));
        return NullNode.getInstance();
      }
      default ->
          throw W3cFailure.of(
              W3cError.UNKNOWN_COMMAND,
              RemoteEndCode.UNKNOWN_METHOD,
              "script",
              "no method mobile: "
                  + name
                  + "; methods: mobile: "
                  + String.join(", mobile: ", NAMES));
    }
  }

  /**
   * Plays a two-finger gesture, refused as {@code unsupported operation} before anything is sent
   * when the rig's link holds one finger.
   */
  private static void pinch(Device d, String name, Pinch.Builder pinch) {
    Pinch gesture = pinch.build();
    int contacts = d.rig().capabilities().contacts();
    if (contacts < 2) {
      throw Failures.tooManyFingers("script", "mobile: " + name + " needs", 2, contacts);
    }
    try {
      d.rig().perform(gesture, Duration.ZERO);
    } catch (SwipeException e) {
      if (e.code() == ErrorCode.UNSUPPORTED_INPUT && e.details().containsKey("fingers")) {
        throw Failures.tooManyFingers("script", "mobile: " + name + " needs", 2, contacts);
      }
      throw e;
    }
  }

  /** {left, top, width, height} in pixels, inside the screen. */
  private static double[] area(ObjectNode p, int[] screen) {
    double left = Json.number(p, "left", "left");
    double top = Json.number(p, "top", "top");
    double width = Json.number(p, "width", "width");
    double height = Json.number(p, "height", "height");
    if (width <= 0 || height <= 0) {
      throw W3cFailure.invalidArgument(width <= 0 ? "width" : "height", "must be greater than 0");
    }
    if (left < 0 || top < 0 || left + width > screen[0] || top + height > screen[1]) {
      throw W3cFailure.invalidArgument(
          "left",
          String.format(
              "the area (%.0f, %.0f, %.0f x %.0f) must lie inside the" + " screen, %d x %d pixels",
              left, top, width, height, screen[0], screen[1]));
    }
    return new double[] {left, top, width, height};
  }

  private static String direction(ObjectNode p) {
    String dir = Json.string(p, "direction", "direction").toLowerCase(java.util.Locale.ROOT);
    if (!Set.of("up", "down", "left", "right").contains(dir)) {
      throw W3cFailure.invalidArgument(
          "direction", "must be up, down, left or right, was '" + Json.abbreviate(dir) + "'");
    }
    return dir;
  }

  private static double percent(ObjectNode p) {
    double percent = Json.number(p, "percent", "percent");
    if (!(percent > 0 && percent <= 1)) {
      throw W3cFailure.invalidArgument(
          "percent", "must be in (0, 1] (1.0 is the whole area), was " + percent);
    }
    return percent;
  }

  private static long speed(ObjectNode p, int dflt) {
    Long v = Json.optInteger(p, "speed", "speed", 1, 1_000_000);
    return v == null ? dflt : v;
  }

  private static NormPoint point(ObjectNode p, String xKey, String yKey, int[] screen) {
    double x = Json.number(p, xKey, xKey);
    double y = Json.number(p, yKey, yKey);
    if (!(x >= 0 && x <= screen[0] && y >= 0 && y <= screen[1])) {
      throw W3cFailure.of(
          W3cError.MOVE_TARGET_OUT_OF_BOUNDS,
          RemoteEndCode.MOVE_TARGET_OUT_OF_BOUNDS,
          xKey,
          String.format(
              "(%.1f, %.1f) is outside the screen, 0..%d x 0..%d pixels",
              x, y, screen[0], screen[1]));
    }
    return ActionPlan.norm(x, y, screen[0], screen[1]);
  }

  /** Time to cover {@code px} at {@code speed} px/s, in [min, 60 s]. */
  private static int moveMs(double px, long speed, int min) {
    double ms = px / speed * 1000;
    if (ms > ActionPlan.MAX_TOTAL_MS) {
      throw W3cFailure.invalidArgument(
          "speed",
          "moving "
              + Math.round(px)
              + " px at "
              + speed
              + " px/s would take"
              + " longer than a minute");
    }
    return (int) Math.max(min, Math.round(ms));
  }

  private static int steps(int ms) {
    return (int) Math.min(1000, Math.max(1, Math.ceil(ms / (double) ActionPlan.STEP_MS)));
  }
}

package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.gesture.MultiTouch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A W3C Perform Actions request compiled into the gestures a {@link dev.swipe.core.Device} plays.
 *
 * <p>Ticks follow the specification: tick i lasts as long as its longest {@code pause} or {@code
 * pointerMove} duration over all input sources, and a {@code pointerMove} without a duration takes
 * the whole tick. One touch pointer's presses become strokes (down ... up); each stroke becomes one
 * gesture, so it gets the core planner's link-rate-aware steps and its release-on-failure:
 *
 * <ul>
 *   <li>no movement while pressed: a {@link Tap} (a {@link LongPress} from 500 ms) held as long as
 *       the press lasted;
 *   <li>one move while pressed: a {@link Swipe} with the press's wait before it as {@code
 *       holdBeforeMs}, the move's duration, and the wait after it as {@code holdAfterMs}, so the
 *       timing is exact;
 *   <li>several moves: a {@link Drag} through every position reached, over the same total time at
 *       constant speed (vertices exact; time split by path length, not per move).
 * </ul>
 *
 * <p>Touch pointers that press together (two or more input sources of {@code pointerType} touch)
 * become one {@link MultiTouch} on one clock: finger i is the i-th pressing source, going down at
 * its {@code pointerDown}; its path is every position it reaches, each move a leg of the move's
 * duration, and each wait while pressed (a pause, the rest of a longer tick) a leg that stays on
 * the same point. A multi-touch digitizer reports one press per finger, so such a source may press
 * once per request. Several pointers are refused unless all are touch pointers (a mouse or pen is
 * one pointer); one pointer source that presses keeps the one-finger gestures above, whatever else
 * the request holds.
 *
 * <p>Key presses become {@link KeyPress}es with the modifiers held at the time. Everything is
 * checked before anything is played: a bad request leaves the rig untouched.
 */
final class ActionPlan {
  /** Longest a request may last: a gesture longer than a minute is a unit mistake. */
  static final long MAX_TOTAL_MS = 60_000;

  /** A stroke of at least this hold is played as a long press. */
  static final long LONG_PRESS_MS = 500;

  /** One move report per display frame. */
  static final int STEP_MS = 16;

  static final int MAX_SOURCES = 16;
  static final int MAX_ACTIONS = 1024;

  /** The most timed positions one finger of a {@link MultiTouch} takes. */
  static final int MAX_FINGER_POINTS = 1000;

  private static final String ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";

  /** One thing to play, at a time offset from the start of the request. */
  sealed interface Item permits Stroke, Touches, KeyItem {
    long startMs();

    long endMs();

    Gesture gesture();
  }

  /** A touch from finger down to finger up. */
  record Stroke(long startMs, long endMs, Gesture gesture) implements Item {}

  /**
   * Several touch pointers pressing in one request, as one gesture.
   *
   * @param pointerIds the input sources that are its fingers, finger i first
   */
  record Touches(long startMs, long endMs, MultiTouch gesture, List<String> pointerIds)
      implements Item {}

  /** A key press. */
  record KeyItem(long startMs, long endMs, Gesture gesture) implements Item {}

  /**
   * The compiled request.
   *
   * @param items what to play, in start order
   * @param totalMs how long the request lasts by the specification's ticks
   * @param pointerX where the finger is afterwards (screenshot pixels; with several pointers, the
   *     first one's)
   * @param pointerY where the finger is afterwards
   * @param modifiers modifiers held afterwards (kept for the session's next request)
   */
  record Compiled(
      List<Item> items, long totalMs, double pointerX, double pointerY, Set<Modifier> modifiers) {}

  private enum Kind {
    PAUSE,
    DOWN,
    UP,
    MOVE,
    KEY_DOWN,
    KEY_UP
  }

  private record Action(
      Kind kind,
      @Nullable Long duration,
      @Nullable String origin,
      double x,
      double y,
      int codePoint,
      String field) {}

  /** An input source; {@code pointerType} is the pointer's kind (mouse when not given), else "". */
  private record Source(String type, String id, String pointerType, List<Action> actions) {}

  private record KeyDown(long atMs, Key key, Set<Modifier> modifiers) {}

  private ActionPlan() {}

  /**
   * Parses and compiles a request body.
   *
   * @param pointer the session's finger position (pixels)
   * @param held the session's held modifiers
   * @param width screen width in pixels
   * @param height screen height in pixels
   */
  static Compiled compile(
      JsonNode body, double[] pointer, Set<Modifier> held, int width, int height) {
    List<Source> sources = parse(body);
    return plan(sources, pointer, held, width, height);
  }

  private static List<Source> parse(JsonNode body) {
    ObjectNode b = Json.object(body, "body");
    JsonNode list = b.get("actions");
    if (list == null || !list.isArray()) {
      throw W3cFailure.invalidArgument(
          "actions", "must be an array of input source sequences, was " + Json.kind(list));
    }
    if (list.size() > MAX_SOURCES) {
      throw W3cFailure.invalidArgument(
          "actions", "has more than " + MAX_SOURCES + " input sources");
    }
    List<Source> out = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < list.size(); i++) {
      String f = "actions[" + i + "]";
      ObjectNode s = Json.object(list.get(i), f);
      String type = Json.string(s, "type", f + ".type");
      if (!List.of("none", "key", "pointer", "wheel").contains(type)) {
        throw W3cFailure.invalidArgument(
            f + ".type",
            "must be none, key, pointer or wheel, was '" + Json.abbreviate(type) + "'");
      }
      String id = Json.string(s, "id", f + ".id");
      if (!ids.add(id)) {
        throw W3cFailure.invalidArgument(
            f + ".id", "'" + Json.abbreviate(id) + "' names two input sources");
      }
      String pointerType = type.equals("pointer") ? "mouse" : "";
      if (type.equals("pointer") && s.has("parameters") && !s.get("parameters").isNull()) {
        ObjectNode p = Json.object(s.get("parameters"), f + ".parameters");
        String pt = Json.optString(p, "pointerType", f + ".parameters.pointerType");
        if (pt != null && !List.of("mouse", "pen", "touch").contains(pt)) {
          throw W3cFailure.invalidArgument(
              f + ".parameters.pointerType",
              "must be mouse, pen or touch, was '" + Json.abbreviate(pt) + "'");
        }
        if (pt != null) {
          pointerType = pt;
        }
      }
      JsonNode acts = s.get("actions");
      if (acts == null || !acts.isArray()) {
        throw W3cFailure.invalidArgument(
            f + ".actions", "must be an array, was " + Json.kind(acts));
      }
      if (acts.size() > MAX_ACTIONS) {
        throw W3cFailure.invalidArgument(
            f + ".actions", "has more than " + MAX_ACTIONS + " actions");
      }
      List<Action> actions = new ArrayList<>();
      for (int j = 0; j < acts.size(); j++) {
        actions.add(
            action(
                type,
                Json.object(acts.get(j), f + ".actions[" + j + "]"),
                f + ".actions[" + j + "]"));
      }
      out.add(new Source(type, id, pointerType, actions));
    }
    return out;
  }

  private static Action action(String source, ObjectNode a, String f) {
    String type = Json.string(a, "type", f + ".type");
    if (type.equals("pause")) {
      return new Action(Kind.PAUSE, duration(a, f), null, 0, 0, 0, f);
    }
    switch (source) {
      case "key" -> {
        if (type.equals("keyDown") || type.equals("keyUp")) {
          String v = Json.string(a, "value", f + ".value");
          if (v.isEmpty() || v.codePointCount(0, v.length()) != 1) {
            throw W3cFailure.invalidArgument(
                f + ".value", "must be exactly one character or normalized key");
          }
          return new Action(
              type.equals("keyDown") ? Kind.KEY_DOWN : Kind.KEY_UP,
              null,
              null,
              0,
              0,
              v.codePointAt(0),
              f);
        }
      }
      case "pointer" -> {
        switch (type) {
          case "pointerDown", "pointerUp", "pointerCancel" -> {
            long button =
                type.equals("pointerCancel")
                    ? 0
                    : required(
                        Json.optInteger(a, "button", f + ".button", 0, Json.MAX_SAFE_INTEGER),
                        f + ".button");
            pointerProperties(a, f);
            if (button != 0) {
              throw W3cFailure.unsupported(
                  f + ".button", "a touch rig has one contact, button 0; was " + button);
            }
            return new Action(
                type.equals("pointerDown") ? Kind.DOWN : Kind.UP, null, null, 0, 0, 0, f);
          }
          case "pointerMove" -> {
            Long d = duration(a, f);
            JsonNode o = a.get("origin");
            String origin;
            if (o == null || o.isNull()) {
              origin = "viewport";
            } else if (o.isTextual()
                && (o.asText().equals("viewport") || o.asText().equals("pointer"))) {
              origin = o.asText();
            } else if (o.isObject() && (o.has(ELEMENT_KEY) || o.has("ELEMENT"))) {
              throw W3cFailure.of(
                  W3cError.NO_SUCH_ELEMENT,
                  RemoteEndCode.NO_SUCH_ELEMENT,
                  f + ".origin",
                  "a rig has no element tree, so no element can be an origin; use viewport or pointer");
            } else {
              throw W3cFailure.invalidArgument(
                  f + ".origin", "must be viewport, pointer or an element reference");
            }
            double x = Json.number(a, "x", f + ".x");
            double y = Json.number(a, "y", f + ".y");
            pointerProperties(a, f);
            return new Action(Kind.MOVE, d, origin, x, y, 0, f);
          }
          default -> {
            // falls through to the error below
          }
        }
      }
      case "wheel" -> {
        if (type.equals("scroll")) {
          throw W3cFailure.unsupported(
              f + ".type",
              "a rig has no wheel; scroll with a touch pointer or mobile: scrollGesture");
        }
      }
      default -> {
        // none: only pause
      }
    }
    throw W3cFailure.invalidArgument(
        f + ".type",
        "'" + Json.abbreviate(type) + "' is not an action of a " + source + " input source");
  }

  private static @Nullable Long duration(ObjectNode a, String f) {
    return Json.optInteger(a, "duration", f + ".duration", 0, MAX_TOTAL_MS);
  }

  private static long required(@Nullable Long v, String field) {
    if (v == null) {
      throw W3cFailure.invalidArgument(field, "is required");
    }
    return v;
  }

  /** The optional pointer properties must be numbers when present; a rig's finger ignores them. */
  private static void pointerProperties(ObjectNode a, String f) {
    for (String k :
        List.of(
            "width",
            "height",
            "pressure",
            "tangentialPressure",
            "tiltX",
            "tiltY",
            "twist",
            "altitudeAngle",
            "azimuthAngle")) {
      Json.optNumber(a, k, f + "." + k);
    }
  }

  /** One pointer source's state over the request: its position and its presses so far. */
  private static final class Pointer {
    final Source source;
    double x;
    double y;
    boolean pressed;
    final List<Press> presses = new ArrayList<>();

    Pointer(Source source, double x, double y) {
      this.source = source;
      this.x = x;
      this.y = y;
    }

    /** The latest press. */
    Press press() {
      return presses.get(presses.size() - 1);
    }
  }

  /**
   * One press of a pointer, down to up: its moves as segments (for the one-finger gestures) and as
   * timed positions (for a finger of a {@link MultiTouch}).
   */
  private static final class Press {
    final long downAt;
    final double downX;
    final double downY;
    final String field;
    final List<double[]> segments = new ArrayList<>(); // {start ms, end ms, fromX, fromY, toX, toY}
    final List<double[]> waypoints = new ArrayList<>(); // {ms, x, y}
    long upAt;
    String upField = "";

    Press(long downAt, double x, double y, String field) {
      this.downAt = downAt;
      this.downX = x;
      this.downY = y;
      this.field = field;
      waypoints.add(new double[] {downAt, x, y});
    }

    /** The finger rests where it is until {@code ms}. */
    void holdUntil(long ms) {
      double[] last = waypoints.get(waypoints.size() - 1);
      if (last[0] < ms) {
        waypoints.add(new double[] {ms, last[1], last[2]});
      }
    }
  }

  private static Compiled plan(
      List<Source> sources, double[] pointer, Set<Modifier> heldBefore, int width, int height) {
    List<Pointer> active = new ArrayList<>();
    Pointer[] pointers = new Pointer[sources.size()];
    for (int i = 0; i < sources.size(); i++) {
      Source s = sources.get(i);
      if (s.type().equals("pointer")) {
        Pointer p = new Pointer(s, pointer[0], pointer[1]);
        pointers[i] = p;
        if (s.actions().stream().anyMatch(a -> a.kind() != Kind.PAUSE)) {
          active.add(p);
        }
      }
    }
    checkPointers(active);
    int ticks = sources.stream().mapToInt(s -> s.actions().size()).max().orElse(0);
    long t = 0;
    EnumSet<Modifier> held =
        heldBefore.isEmpty() ? EnumSet.noneOf(Modifier.class) : EnumSet.copyOf(heldBefore);
    Map<Integer, KeyDown> keysDown = new LinkedHashMap<>();
    List<Item> items = new ArrayList<>();
    for (int tick = 0; tick < ticks; tick++) {
      long tickMs = 0;
      for (Source s : sources) {
        if (tick < s.actions().size()) {
          Action a = s.actions().get(tick);
          Long given = a.duration();
          if ((a.kind() == Kind.PAUSE || a.kind() == Kind.MOVE) && given != null) {
            tickMs = Math.max(tickMs, given);
          }
        }
      }
      for (int i = 0; i < sources.size(); i++) {
        Source s = sources.get(i);
        if (tick >= s.actions().size()) {
          continue;
        }
        Action a = s.actions().get(tick);
        Pointer p = pointers[i];
        switch (a.kind()) {
          case MOVE -> {
            // a move always has its origin (viewport when not given)
            boolean fromPointer = "pointer".equals(a.origin());
            double tx = fromPointer ? p.x + a.x() : a.x();
            double ty = fromPointer ? p.y + a.y() : a.y();
            if (!(tx >= 0 && tx <= width && ty >= 0 && ty <= height)) {
              throw W3cFailure.of(
                  W3cError.MOVE_TARGET_OUT_OF_BOUNDS,
                  RemoteEndCode.MOVE_TARGET_OUT_OF_BOUNDS,
                  a.field(),
                  String.format(
                      "(%.1f, %.1f) is outside the screen, 0..%d x 0..%d pixels",
                      tx, ty, width, height));
            }
            Long given = a.duration();
            long d = given != null ? given : tickMs;
            if (p.pressed) {
              Press press = p.press();
              press.segments.add(new double[] {t, t + d, p.x, p.y, tx, ty});
              press.holdUntil(t);
              press.waypoints.add(new double[] {t + d, tx, ty});
            }
            p.x = tx;
            p.y = ty;
          }
          case DOWN -> {
            if (!p.pressed) {
              p.pressed = true;
              p.presses.add(new Press(t, p.x, p.y, a.field()));
            }
          }
          case UP -> {
            if (p.pressed) {
              p.pressed = false;
              Press press = p.press();
              press.holdUntil(t);
              press.upAt = t;
              press.upField = a.field();
            }
          }
          case KEY_DOWN -> {
            KeyValues.Meaning m = KeyValues.of(a.codePoint(), a.field() + ".value");
            Modifier modifier = m.modifier();
            Key key = m.key();
            if (modifier != null) {
              held.add(modifier);
            } else if (key != null && !keysDown.containsKey(a.codePoint())) {
              Set<Modifier> mods = EnumSet.noneOf(Modifier.class);
              mods.addAll(held);
              if (m.shift()) {
                mods.add(Modifier.SHIFT);
              }
              keysDown.put(a.codePoint(), new KeyDown(t, key, mods));
            } else if (m.isNothing()) {
              held.clear(); // the null key releases the modifiers, as Selenium's Keys.NULL means
            }
          }
          case KEY_UP -> {
            Modifier modifier = KeyValues.of(a.codePoint(), a.field() + ".value").modifier();
            if (modifier != null) {
              held.remove(modifier);
            } else {
              KeyDown down = keysDown.remove(a.codePoint());
              if (down != null) {
                items.add(
                    new KeyItem(
                        down.atMs(),
                        t,
                        new KeyPress(
                            down.key(), down.modifiers(), (int) Math.max(1, t - down.atMs()))));
              }
            }
          }
          case PAUSE -> {
            // time only
          }
        }
      }
      t += tickMs;
      if (t > MAX_TOTAL_MS) {
        throw W3cFailure.invalidArgument(
            "actions", "the ticks last " + t + " ms; at most " + MAX_TOTAL_MS + " ms per request");
      }
    }
    for (Pointer p : active) {
      if (p.pressed) {
        throw W3cFailure.invalidArgument(
            "actions",
            "the finger of input source '"
                + Json.abbreviate(p.source.id())
                + "' is still down at the end; a rig plays whole touches:"
                + " end each touch with pointerUp in the same request");
      }
    }
    if (!keysDown.isEmpty()) {
      int cp = keysDown.keySet().iterator().next();
      throw W3cFailure.invalidArgument(
          "actions",
          String.format(
              "the key U+%04X is still down at the end; release"
                  + " every key but the modifiers with keyUp in the same request",
              cp));
    }
    List<Pointer> pressing = active.stream().filter(p -> !p.presses.isEmpty()).toList();
    if (pressing.size() == 1) {
      for (Press press : pressing.get(0).presses) {
        items.add(
            stroke(
                press.downAt,
                press.upAt,
                press.downX,
                press.downY,
                press.segments,
                width,
                height,
                press.upField));
      }
    } else if (pressing.size() > 1) {
      items.add(touches(pressing, width, height));
    }
    items.sort(Comparator.comparingLong(Item::startMs));
    for (Item k : items) {
      if (k instanceof KeyItem) {
        for (Item s : items) {
          if (!(s instanceof KeyItem) && k.startMs() < s.endMs() && s.startMs() < k.endMs()) {
            throw W3cFailure.unsupported(
                "actions",
                "a key press overlaps a touch in time; the rig's HID link"
                    + " plays one gesture at a time");
          }
        }
      }
    }
    Pointer last = active.isEmpty() ? null : active.get(0);
    return new Compiled(
        List.copyOf(items),
        t,
        last == null ? pointer[0] : last.x,
        last == null ? pointer[1] : last.y,
        held);
  }

  /**
   * Several pointers that act must all be touch pointers, each a finger of a multi-touch digitizer:
   * a mouse or pen is one pointer.
   */
  private static void checkPointers(List<Pointer> active) {
    if (active.size() < 2) {
      return;
    }
    for (Pointer p : active) {
      if (!p.source.pointerType().equals("touch")) {
        throw W3cFailure.unsupported(
            "actions",
            "input sources "
                + names(active.stream().map(q -> q.source.id()).toList())
                + " are several pointers, and '"
                + Json.abbreviate(p.source.id())
                + "' is a "
                + p.source.pointerType()
                + "; a rig plays several pointers only as fingers: give each pointerType touch");
      }
    }
    if (active.size() > MultiTouch.MAX_FINGERS) {
      throw W3cFailure.invalidArgument(
          "actions",
          active.size()
              + " touch pointers act; a multi-touch digitizer holds at most "
              + MultiTouch.MAX_FINGERS
              + " fingers");
    }
  }

  /**
   * The touch pointers that press, as one {@link MultiTouch} on one clock: finger i is the i-th
   * pressing source, going down at its pointerDown and following its positions leg by leg.
   */
  private static Touches touches(List<Pointer> pressing, int w, int h) {
    long start = Long.MAX_VALUE;
    long end = 0;
    for (Pointer p : pressing) {
      if (p.presses.size() > 1) {
        throw W3cFailure.unsupported(
            p.presses.get(1).field,
            "input source '"
                + Json.abbreviate(p.source.id())
                + "' presses a second time while other fingers take part; a multi-touch request"
                + " plays one press per finger: send the second press in a request of its own");
      }
      start = Math.min(start, p.presses.get(0).downAt);
    }
    List<MultiTouch.Stroke> strokes = new ArrayList<>();
    for (Pointer p : pressing) {
      Press press = p.presses.get(0);
      List<double[]> points = new ArrayList<>(press.waypoints);
      double[] last = points.get(points.size() - 1);
      if (points.size() < 2 || last[0] <= press.downAt) {
        // a press without time still touches: one millisecond, as a one-finger tap does
        points.add(new double[] {last[0] + 1, last[1], last[2]});
      }
      if (points.size() > MAX_FINGER_POINTS) {
        throw W3cFailure.invalidArgument(
            press.upField,
            "the finger of input source '"
                + Json.abbreviate(p.source.id())
                + "' passes "
                + points.size()
                + " timed positions; at most "
                + MAX_FINGER_POINTS
                + " per finger");
      }
      List<NormPoint> path = new ArrayList<>();
      List<Integer> legs = new ArrayList<>();
      for (int i = 0; i < points.size(); i++) {
        double[] q = points.get(i);
        path.add(norm(q[1], q[2], w, h));
        if (i > 0) {
          legs.add((int) (q[0] - points.get(i - 1)[0]));
        }
      }
      end = Math.max(end, (long) points.get(points.size() - 1)[0]);
      strokes.add(finger(press, (int) (press.downAt - start), path, legs));
    }
    return new Touches(
        start, end, new MultiTouch(strokes), pressing.stream().map(p -> p.source.id()).toList());
  }

  private static MultiTouch.Stroke finger(
      Press press, int startMs, List<NormPoint> path, List<Integer> legs) {
    try {
      return new MultiTouch.Stroke(startMs, path, legs);
    } catch (SwipeException e) {
      throw W3cFailure.invalidArgument(press.upField, e.getMessage());
    }
  }

  /** {@code 'a', 'b' and 'c'}: the ids of some input sources, for a message. */
  static String names(List<String> ids) {
    List<String> quoted = ids.stream().map(id -> "'" + Json.abbreviate(id) + "'").toList();
    if (quoted.size() <= 1) {
      return String.join("", quoted);
    }
    return String.join(", ", quoted.subList(0, quoted.size() - 1))
        + " and "
        + quoted.get(quoted.size() - 1);
  }

  private static Stroke stroke(
      long down, long up, double x, double y, List<double[]> segments, int w, int h, String field) {
    List<double[]> moving = new ArrayList<>();
    for (double[] s : segments) {
      if (s[2] != s[4] || s[3] != s[5]) {
        moving.add(s);
      }
    }
    NormPoint at = norm(x, y, w, h);
    if (moving.isEmpty()) {
      int hold = (int) Math.max(1, up - down);
      return new Stroke(
          down, up, up - down >= LONG_PRESS_MS ? new LongPress(at, hold) : new Tap(at, hold));
    }
    double[] first = moving.get(0);
    double[] last = moving.get(moving.size() - 1);
    int holdBefore = (int) (first[0] - down);
    int moveMs = (int) Math.max(1, last[1] - first[0]);
    int holdAfter = (int) Math.max(0, up - last[1]);
    int steps = (int) Math.min(1000, Math.max(1, Math.ceil(moveMs / (double) STEP_MS)));
    if (moving.size() == 1) {
      return new Stroke(
          down,
          up,
          Swipe.builder(at, norm(first[4], first[5], w, h))
              .durationMs(moveMs)
              .steps(steps)
              .holdBeforeMs(holdBefore)
              .holdAfterMs(holdAfter)
              .build());
    }
    if (moving.size() + 1 > Drag.MAX_POINTS) {
      throw W3cFailure.invalidArgument(
          field,
          "a touch moves through "
              + (moving.size() + 1)
              + " positions; at most "
              + Drag.MAX_POINTS
              + " per touch");
    }
    Drag.Builder b = Drag.builder(at, norm(first[4], first[5], w, h));
    for (int i = 1; i < moving.size(); i++) {
      b.then(norm(moving.get(i)[4], moving.get(i)[5], w, h));
    }
    return new Stroke(
        down,
        up,
        b.durationMs(moveMs)
            .steps(Math.max(steps, moving.size()))
            .holdBeforeMs(holdBefore)
            .holdAfterMs(holdAfter)
            .build());
  }

  /** Screenshot pixels to normalized units (the width and height rules), clamped to the screen. */
  static NormPoint norm(double px, double py, int width, int height) {
    double nx = NormPoint.toNorm(px, width);
    double ny = NormPoint.toNorm(py, height);
    return NormPoint.of(
        Math.min(NormPoint.MAX, Math.max(0, nx)), Math.min(NormPoint.MAX, Math.max(0, ny)));
  }
}

package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.NormPoint;
import dev.swipe.core.ActionResult;
import dev.swipe.core.PinchResult;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import java.util.ArrayList;
import java.util.List;

/**
 * The HID action tools: {@code touch_gesture}, {@code pinch} and the short action vocabulary
 * ({@code click}, {@code tap}, {@code drag}, {@code type_text}, {@code press_back}, {@code home}).
 * Each returns the settled post-action screenshot.
 */
final class GestureTools {
  /** Longest text one {@code type_text} call types. */
  static final int MAX_TEXT = 500;

  private GestureTools() {}

  static List<Tool> tools(AgentRun run) {
    return List.of(
        touchGesture(run),
        pinch(run),
        click(run, "click"),
        click(run, "tap"),
        drag(run),
        typeText(run),
        key(
            run,
            "press_back",
            Key.BACK,
            "Press the phone's Back button (Android back; HID consumer key).",
            "Press Back.",
            ToolSpec.Hints.ANY_INPUT),
        key(
            run,
            "home",
            Key.HOME,
            "Go to the home screen (HID consumer Home key).",
            "Go to the home screen.",
            // the home screen again is the same home screen, and nothing is pressed in an app
            new ToolSpec.Hints(false, false, true, true)));
  }

  private static Tool touchGesture(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "touch_gesture",
                "Touch the phone screen through the HID finger. Prefer the higher-level tools when they fit:"
                    + " tap_text for a labelled button or row, scroll for lists, set_wheel for pickers."
                    + " Coordinates are normalized 0-1000 (centre 500,500), never pixels. type=swipe moves from"
                    + " start to end: defaults duration_ms "
                    + Swipe.DEFAULT_DURATION_MS
                    + ", steps "
                    + Swipe.DEFAULT_STEPS
                    + ", hold_before_ms "
                    + Swipe.DEFAULT_HOLD_BEFORE_MS
                    + ", hold_after_ms "
                    + Swipe.DEFAULT_HOLD_AFTER_MS
                    + "; hold_after_ms 100 releases without velocity (no fling). On a widget you have not"
                    + " swiped before, try a short swipe first (about 50 units) and confirm with image_diff"
                    + " before a longer one; typical travel: lists 350 units in 500 ms; carousels 400 units in"
                    + " 200 ms (never below 300); maps 200, then 50 to adjust. type=tap and type=long_press"
                    + " touch start (duration_ms is the hold). type=drag moves and dwells at end before"
                    + " release. Never use it on picker wheels: use set_wheel (or wheel_nudge)."
                    + " Returns the settled post-action screenshot.",
                Schema.object(null)
                    .prop(
                        "type", Schema.oneOf("The gesture.", "swipe", "tap", "long_press", "drag"))
                    .prop("start", Schema.point("Where the finger goes down."))
                    .prop("end", Schema.point("Where the finger ends (swipe and drag only)."))
                    .prop(
                        "duration_ms",
                        Schema.dflt(
                            Schema.integer(
                                "Move time for swipe (default "
                                    + Swipe.DEFAULT_DURATION_MS
                                    + ") and drag ("
                                    + Drag.DEFAULT_DURATION_MS
                                    + "); hold time for tap ("
                                    + Tap.DEFAULT_HOLD_MS
                                    + ") and long_press ("
                                    + LongPress.DEFAULT_HOLD_MS
                                    + ").",
                                1,
                                60000),
                            Swipe.DEFAULT_DURATION_MS))
                    .prop(
                        "steps",
                        Schema.dflt(
                            Schema.integer(
                                "Move reports (swipe default "
                                    + Swipe.DEFAULT_STEPS
                                    + ", drag "
                                    + Drag.DEFAULT_STEPS
                                    + ").",
                                1,
                                1000),
                            Swipe.DEFAULT_STEPS))
                    .prop(
                        "hold_before_ms",
                        Schema.dflt(
                            Schema.integer(
                                "Pause after pressing, before moving (default "
                                    + Swipe.DEFAULT_HOLD_BEFORE_MS
                                    + ").",
                                0,
                                60000),
                            Swipe.DEFAULT_HOLD_BEFORE_MS))
                    .prop(
                        "hold_after_ms",
                        Schema.dflt(
                            Schema.integer(
                                "Dwell at end before releasing (swipe default "
                                    + Swipe.DEFAULT_HOLD_AFTER_MS
                                    + ", drag "
                                    + Drag.DEFAULT_HOLD_AFTER_MS
                                    + ").",
                                0,
                                60000),
                            Swipe.DEFAULT_HOLD_AFTER_MS))
                    .required("type", "start")
                    .build(),
                Results.actionSchema("The gesture played and the settled screen after it.").build())
            .withCompact(
                "Raw swipe, tap, long_press or drag (0-1000 coordinates); prefer tap_text, scroll,"
                    + " set_wheel.",
                "end",
                "duration_ms")
            .withHints(ToolSpec.Hints.ANY_INPUT);
    return new Tool(
        spec,
        a -> {
          String type = a.string("type");
          NormPoint start = a.point("start");
          ActionResult r;
          switch (type) {
            case "swipe", "drag" -> {
              if (!a.has("end")) {
                throw ToolFailure.invalidArgument("end", "is required for type=" + type);
              }
              NormPoint end = a.point("end");
              if (type.equals("swipe")) {
                r =
                    run.device()
                        .swipe(
                            Swipe.builder(start, end)
                                .durationMs(a.integer("duration_ms", Swipe.DEFAULT_DURATION_MS))
                                .steps(a.integer("steps", Swipe.DEFAULT_STEPS))
                                .holdBeforeMs(
                                    a.integer("hold_before_ms", Swipe.DEFAULT_HOLD_BEFORE_MS))
                                .holdAfterMs(
                                    a.integer("hold_after_ms", Swipe.DEFAULT_HOLD_AFTER_MS))
                                .build());
              } else {
                r =
                    run.device()
                        .perform(
                            Drag.builder(start, end)
                                .durationMs(a.integer("duration_ms", Drag.DEFAULT_DURATION_MS))
                                .steps(a.integer("steps", Drag.DEFAULT_STEPS))
                                .holdBeforeMs(
                                    a.integer("hold_before_ms", Drag.DEFAULT_HOLD_BEFORE_MS))
                                .holdAfterMs(a.integer("hold_after_ms", Drag.DEFAULT_HOLD_AFTER_MS))
                                .build());
              }
            }
            default -> {
              for (String f : List.of("end", "steps", "hold_before_ms", "hold_after_ms")) {
                if (a.has(f)) {
                  throw ToolFailure.invalidArgument(
                      f, "applies only to type=swipe and type=drag, not to type=" + type);
                }
              }
              r =
                  type.equals("tap")
                      ? run.device()
                          .perform(new Tap(start, a.integer("duration_ms", Tap.DEFAULT_HOLD_MS)))
                      : run.device()
                          .perform(
                              new LongPress(
                                  start, a.integer("duration_ms", LongPress.DEFAULT_HOLD_MS)));
            }
          }
          return Results.action(type, r);
        },
        true);
  }

  private static Tool pinch(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "pinch",
                "Two fingers on the screen: zoom a map, photo, document or chart in (scale above 1:"
                    + " fingers apart) or out (below 1: together), turn it (rotate_deg), or pan it with"
                    + " two fingers (end_centre). Coordinates are normalized 0-1000. Needs a link that"
                    + " holds two fingers (a multi-touch digitizer, the simulator's touch pointer, or"
                    + " chrome:); a mouse or single-touch link answers unsupported_input. Returns the"
                    + " settled screenshot and zoom: what the pixels say the content did (in, out or"
                    + " none, the measured scale), unobserved when the frames cannot tell; zooming in"
                    + " by 2 or 3 per pinch is measured best. Zoom in to read small text on a map.",
                Schema.object(null)
                    .prop("centre", Schema.point("Where the fingers' midpoint starts."))
                    .prop(
                        "scale",
                        Schema.dflt(
                            Schema.number(
                                "How much larger the content should be drawn: 2 zooms in twice, 0.5"
                                    + " out by half, 1 keeps the size (a turn or a pan).",
                                1 / Pinch.MAX_SCALE,
                                Pinch.MAX_SCALE),
                            1.0))
                    .prop(
                        "end_centre",
                        Schema.point("Where the midpoint ends (a two-finger pan); default centre."))
                    .prop(
                        "rotate_deg",
                        Schema.dflt(
                            Schema.number(
                                "How far the fingers turn, clockwise positive.", -180, 180),
                            0.0))
                    .prop(
                        "duration_ms",
                        Schema.dflt(
                            Schema.integer("Move time of the fingers.", 1, 60000),
                            Pinch.DEFAULT_DURATION_MS))
                    .required("centre")
                    .build(),
                Results.zoomSchema(
                        Results.actionSchema("The pinch played, the settled screen after it."))
                    .prop(
                        "before_screenshot_attachment_id",
                        Schema.string("The settled screen the pinch was judged against."))
                    .required("zoom")
                    .build())
            .withCompact("Two-finger zoom by scale; returns the zoom the screen shows.", "scale")
            .withHints(ToolSpec.Hints.ANY_INPUT);
    return new Tool(
        spec,
        a -> {
          NormPoint centre = a.point("centre");
          double scale = a.number("scale", 1.0);
          Pinch.Builder b = Pinch.builder(centre);
          if (scale != 1.0) {
            Pinch zoom = Pinch.zoom(centre, scale);
            b.spread(zoom.startSpread(), zoom.endSpread());
          }
          if (a.has("end_centre")) {
            b.endCentre(a.point("end_centre"));
          }
          Pinch pinch =
              b.rotateDeg(a.number("rotate_deg", 0.0))
                  .durationMs(a.integer("duration_ms", Pinch.DEFAULT_DURATION_MS))
                  .build();
          PinchResult r = run.device().pinch(pinch);
          ObjectNode out = Results.zoom(Results.action("pinch", r.action()), r.zoom());
          out.put("before_screenshot_attachment_id", r.before().id());
          return out;
        },
        true);
  }

  private static Tool click(AgentRun run, String name) {
    ToolSpec spec =
        new ToolSpec(
                name,
                "Tap once at point_2d = [x, y] in normalized 0-1000 screen coordinates. To tap a button"
                    + " or a row by its label, prefer tap_text: it reads where the words are."
                    + " Never tap a picker's selected row (it opens an editor): use set_wheel."
                    + " Returns the settled post-action screenshot.",
                Schema.object(null)
                    .prop(
                        "point_2d",
                        Schema.array(
                            "[x, y], each 0..1000 (0,0 top-left, 1000,1000 bottom-right).",
                            Schema.number(null, 0, 1000),
                            2,
                            2))
                    .required("point_2d")
                    .build(),
                Results.actionSchema("The tap and the settled screen after it.").build())
            .withCompact("Tap at point_2d [x, y] (0-1000); for a label prefer tap_text.")
            .withHints(ToolSpec.Hints.ANY_INPUT);
    return new Tool(spec, a -> Results.action("tap", run.device().tap(a.pair("point_2d"))), true);
  }

  private static Tool drag(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "drag",
                "Press at start, move through the optional via points to end at constant speed, dwell, release"
                    + " (no fling): for reordering, sliders and panning by exact travel. Normalized 0-1000 coordinates."
                    + " Returns the settled post-action screenshot.",
                Schema.object(null)
                    .prop("start", Schema.point("Where the finger goes down."))
                    .prop("end", Schema.point("Where the finger lifts."))
                    .prop(
                        "via",
                        Schema.array(
                            "Points passed on the way, in order.",
                            Schema.point(null),
                            0,
                            Drag.MAX_POINTS - 2))
                    .prop(
                        "duration_ms",
                        Schema.dflt(
                            Schema.integer(
                                "Move time (default " + Drag.DEFAULT_DURATION_MS + ").", 1, 60000),
                            Drag.DEFAULT_DURATION_MS))
                    .prop(
                        "hold_after_ms",
                        Schema.dflt(
                            Schema.integer(
                                "Dwell at end before release (default "
                                    + Drag.DEFAULT_HOLD_AFTER_MS
                                    + ").",
                                0,
                                60000),
                            Drag.DEFAULT_HOLD_AFTER_MS))
                    .required("start", "end")
                    .build(),
                Results.actionSchema("The drag and the settled screen after it.").build())
            .withCompact("Press at start, move to end, dwell, release (no fling).", "duration_ms")
            .withHints(ToolSpec.Hints.ANY_INPUT);
    return new Tool(
        spec,
        a -> {
          List<NormPoint> path = new ArrayList<>();
          path.add(a.point("start"));
          path.addAll(a.points("via"));
          path.add(a.point("end"));
          Drag.Builder b = Drag.builder(path.get(0), path.get(1));
          for (int i = 2; i < path.size(); i++) {
            b.then(path.get(i));
          }
          b.durationMs(a.integer("duration_ms", Drag.DEFAULT_DURATION_MS))
              .steps(Math.max(Drag.DEFAULT_STEPS, path.size() - 1))
              .holdAfterMs(a.integer("hold_after_ms", Drag.DEFAULT_HOLD_AFTER_MS));
          return Results.action("drag", run.device().perform(b.build()));
        },
        true);
  }

  private static Tool typeText(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "type_text",
                "Type text into the focused field with the HID keyboard (US layout): letters, digits, ASCII"
                    + " punctuation, space, tab and newline. Other characters (accents, emoji, CJK) cannot be typed"
                    + " this way and are refused before anything is typed. Tap the field first. submit=true presses"
                    + " Enter afterwards. Never use it on pickers. Returns the settled post-action screenshot.",
                Schema.object(null)
                    .prop(
                        "text",
                        Schema.string("What to type, 1.." + MAX_TEXT + " characters.", 1, MAX_TEXT))
                    .prop(
                        "submit",
                        Schema.dflt(
                            Schema.bool("Press Enter after the text (default false)."), false))
                    .required("text")
                    .build(),
                Results.actionSchema("What was typed and the settled screen after it.")
                    .prop("typed_characters", Schema.integer("Characters typed."))
                    .build())
            .withCompact(
                "Type ASCII text into the focused field; submit=true presses Enter.", "submit")
            .withHints(ToolSpec.Hints.ANY_INPUT);
    return new Tool(
        spec,
        a -> {
          String text = a.string("text");
          // a newline is Enter: one call, so only the last key waits for the screen to settle
          ActionResult r = run.device().typeText(a.bool("submit", false) ? text + "\n" : text);
          ObjectNode out = Results.action("type_text", r);
          out.put("typed_characters", text.codePointCount(0, text.length()));
          return out;
        },
        true);
  }

  private static Tool key(
      AgentRun run, String name, Key key, String description, String brief, ToolSpec.Hints hints) {
    ToolSpec spec =
        new ToolSpec(
                name,
                description + " Returns the settled post-action screenshot.",
                Schema.object(null).build(),
                Results.actionSchema("The key press and the settled screen after it.").build())
            .withCompact(brief)
            .withHints(hints);
    return new Tool(spec, a -> Results.action(name, run.device().key(key)), true);
  }
}

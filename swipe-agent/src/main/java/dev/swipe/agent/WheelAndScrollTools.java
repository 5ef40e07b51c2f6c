package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.text.TextQuery;
import dev.swipe.wheel.WheelRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** {@code wheel_nudge} (picker wheels) and {@code scroll}. */
final class WheelAndScrollTools {
  private WheelAndScrollTools() {}

  static List<Tool> tools(AgentRun run) {
    return List.of(wheelNudge(run), scroll(run));
  }

  private static Tool wheelNudge(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "wheel_nudge",
                "Move a picker wheel (time, date, city picker) toward target_value with one bounded, slow, measured"
                    + " drag. Prefer set_wheel, which reads and sets a column in one call; use wheel_nudge when"
                    + " set_wheel cannot read the column (wheel_labels_unrecognized). Read the selected value, the target, the column centre and an estimated row spacing from"
                    + " the latest screenshot, all normalized 0-1000: column_x by the width rule (px / max(W-1,1) *"
                    + " 1000), center_y, row_spacing and visible_target_y by the height rule. center_y is required and"
                    + " must be the selected row of the latest screenshot, whose screenshot_attachment_id you pass."
                    + " Values are integers; for wheels of names (months, AM/PM) use row indices. cycle_size is the"
                    + " numeric modulus of a cyclic wheel (minutes shown by fives: cycle_size 60, value_step 5). Omit"
                    + " value_step when the row order is unknown: the nudge then moves exactly one row and the next"
                    + " screenshot tells the order. Pass visible_target_y only when the target row is actually"
                    + " visible next to the selection. The tool measures the row pitch itself and picks direction and"
                    + " rows; call again with the new value read from the returned screenshot until it shows the"
                    + " target (once more with current_value == target_value releases the column; before that,"
                    + " read the selected row a second time: releasing on a misread leaves the wheel one row off)."
                    + " Never tap the"
                    + " selected row, never use touch_gesture or type_text on a picker: they are refused while a"
                    + " wheel is worked (wheel_generic_input_blocked). Errors: wheel_not_found (nothing at"
                    + " column_x/center_y reads as a picker: nothing was played; use scroll for lists),"
                    + " wheel_target_unreachable, wheel_budget_exhausted, wheel_no_progress.",
                Schema.object(null)
                    .prop(
                        "current_value",
                        Schema.integer("Value on the selected row now.", -1_000_000, 1_000_000))
                    .prop(
                        "target_value",
                        Schema.integer("Value wanted on the selected row.", -1_000_000, 1_000_000))
                    .prop(
                        "cycle_size",
                        Schema.integer(
                            "Numeric modulus of a cyclic wheel (24 hours, 60 minutes, 12 on a 12-hour clock, whose 12 may be passed as 12 or 0); omit if not cyclic.",
                            2,
                            WheelRequest.MAX_CYCLE_SIZE))
                    .prop(
                        "value_step",
                        Schema.integer(
                            "Value difference between adjacent rows; omit when the row order is unknown.",
                            1,
                            2L * WheelRequest.MAX_ABS_VALUE))
                    .prop(
                        "column_x",
                        Schema.number("x of the wheel column centre (width rule).", 0, 1000))
                    .prop(
                        "center_y",
                        Schema.number(
                            "y of the selected row's centre in the latest screenshot (height rule).",
                            0,
                            1000))
                    .prop(
                        "row_spacing",
                        Schema.number(
                            "Your estimate of the distance between adjacent row centres (height rule).",
                            WheelRequest.MIN_ROW_SPACING,
                            WheelRequest.MAX_ROW_SPACING))
                    .prop(
                        "visible_target_y",
                        Schema.number(
                            "y of the target row when it is visible next to the selection.",
                            0,
                            1000))
                    .prop(
                        "screenshot_attachment_id",
                        Schema.string(
                            "The screenshot the geometry was read from (this run's).", 1, 64))
                    .required(
                        "current_value",
                        "target_value",
                        "column_x",
                        "center_y",
                        "row_spacing",
                        "screenshot_attachment_id")
                    .build(),
                Results.costSchema(
                        Results.screenshotSchema(
                            Schema.result("What was decided and the settled screen after it.")))
                    .prop(
                        "played",
                        Schema.bool(
                            "Whether a drag was played (false when current_value == target_value)."))
                    .prop(
                        "target_reached",
                        Schema.bool(
                            "current_value == target_value: nothing to do, the column is released."))
                    .prop("direction", Schema.string("Which way the values go."))
                    .prop("rows", Schema.integer("Rows this nudge aimed to move."))
                    .prop("pitch", Schema.number("Row pitch used, normalized."))
                    .prop(
                        "pitch_source",
                        Schema.string(
                            "Where the pitch came from (measured or the caller's estimate)."))
                    .prop(
                        "column_actions_left",
                        Schema.integer("Nudges left for this column's target."))
                    .prop("run_actions_left", Schema.integer("Nudges left in the run."))
                    .prop(
                        "moved",
                        Schema.bool(
                            "Whether the column's pixels changed: what happened, not what was planned."))
                    .prop(
                        "no_op",
                        Schema.bool(
                            "A drag was played and the column did not move: check column_x and center_y."))
                    .prop(
                        "label_now",
                        Schema.string(
                            "The label read in the selected row afterwards, when it could be read."))
                    .prop(
                        "rows_observed",
                        Schema.integer(
                            "Rows the column turned as read from its labels (+ = values grew)."))
                    .required("played", "target_reached", "moved", "no_op")
                    .build())
            .withCompact(
                "One measured drag of a picker column; prefer set_wheel.",
                "cycle_size",
                "value_step")
            .withHints(ToolSpec.Hints.MOVES_VIEW);
    return new Tool(
        spec,
        a -> {
          Observation shot =
              run.device()
                  .run()
                  .attachments()
                  .screenshot(a.string("screenshot_attachment_id"), "screenshot_attachment_id");
          WheelRequest request =
              WheelRequest.builder()
                  .currentValue(a.optInteger("current_value"))
                  .targetValue(a.optInteger("target_value"))
                  .cycleSize(a.optInteger("cycle_size"))
                  .valueStep(a.optInteger("value_step"))
                  .columnX(a.optNumber("column_x"))
                  .centerY(a.optNumber("center_y"))
                  .rowSpacing(a.optNumber("row_spacing"))
                  .visibleTargetY(a.optNumber("visible_target_y"))
                  .build();
          WheelNudgeResult r = run.device().wheels().nudge(shot, request);
          ObjectNode out = Results.object();
          out.put("played", r.action().isPresent());
          for (Map.Entry<String, Object> e : r.decision().asMap().entrySet()) {
            out.set(e.getKey(), AgentJson.JSON.valueToTree(e.getValue()));
          }
          out.put("moved", r.moved());
          out.put("no_op", r.noOp());
          r.labelNow().ifPresent(l -> out.put("label_now", l));
          if (r.rowsObserved().isPresent()) {
            out.put("rows_observed", r.rowsObserved().getAsInt());
          }
          ObjectNode m = out.putObject("measured_pitch");
          m.put("pitch", r.measuredPitch().pitchNorm());
          m.put("confidence", r.measuredPitch().confidence());
          Results.cost(out, r.cost());
          return Results.screenshot(out, r.observation());
        },
        true);
  }

  /**
   * A search phrase as the scroll tool reads it: forgiving one misread letter in longer phrases.
   */
  private static TextQuery untilText(String text) {
    try {
      String letters = text.replaceAll("[^\\p{L}\\p{N}]", "");
      return letters.length() > 5 ? TextQuery.fuzzy(text, 1) : TextQuery.of(text);
    } catch (RuntimeException e) {
      SwipeException s = SwipeException.orInternal(e);
      throw new ToolFailure(
          s.code(),
          s.getMessage().replaceFirst("^query:", "until_text:"),
          java.util.Map.of("field", "until_text"));
    }
  }

  private static Tool scroll(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "scroll",
                "Scroll to reveal content in a direction (down shows what is further down: the finger moves up), or"
                    + " toward the top/bottom edge. amount is the finger path as a fraction of the scroll region's axis,"
                    + " honoured up to 0.8; the finger dwells before lifting, so app physics, not a fling, decide the"
                    + " final offset. One gesture, then a look: the result reports movement: moved (content changed),"
                    + " at-edge (it moved during the gesture and bounced back), unchanged (nothing moved), unobserved"
                    + " (no trustworthy pair). movement is judged inside the region, which may rest while a clock ticks"
                    + " elsewhere (the screenshot then stays settled=false); diff.primary_axis of a move too large for"
                    + " the two frames to overlap (a page switch) is read from the frames in between. With expect_content=true an unchanged surface is refused with"
                    + " scroll_no_progress. A visible keyboard shortens the swiped band; too little room left refuses"
                    + " with scroll_keyboard_occludes_surface. direction=top/bottom scrolls pass after pass until the"
                    + " edge (max_passes, default "
                    + ScrollSearch.DEFAULT_MAX_PASSES
                    + "; timeout_ms, default "
                    + ScrollSearch.DEFAULT_TIMEOUT.toMillis()
                    + "; pace fling, the default, lets each pass"
                    + " coast, steady dwells like a single scroll); with until_text they stop as soon as that text shows"
                    + " on a settled screen (found=true, matches tell where). Not for picker wheels (use"
                    + " set_wheel). Returns the settled post-action screenshot.",
                Schema.object(null)
                    .prop(
                        "direction",
                        Schema.oneOf(
                            "Content to reveal.", "up", "down", "left", "right", "top", "bottom"))
                    .prop(
                        "amount",
                        Schema.dflt(
                            Schema.number(
                                "Fraction of the region's axis in (0, 1]; honoured up to 0.8 (default "
                                    + Scroll.DEFAULT_AMOUNT
                                    + ").",
                                0,
                                1),
                            Scroll.DEFAULT_AMOUNT))
                    .prop(
                        "duration_ms",
                        Schema.dflt(
                            Schema.integer(
                                "Finger move time (default " + Scroll.DEFAULT_DURATION_MS + ").",
                                100,
                                10000),
                            Scroll.DEFAULT_DURATION_MS))
                    .prop(
                        "region",
                        Schema.region(
                            "The scrollable area, normalized; default the middle of the screen (y 200..900)."))
                    .prop(
                        "keyboard_region",
                        Schema.region("A known on-screen keyboard area (skips detection)."))
                    .prop(
                        "detect_keyboard",
                        Schema.dflt(
                            Schema.bool(
                                "Look for an on-screen keyboard when none is given (default true)."),
                            true))
                    .prop(
                        "expect_content",
                        Schema.dflt(
                            Schema.bool(
                                "Content remains in that direction: unchanged fails with"
                                    + " scroll_no_progress (default false)."),
                            false))
                    .prop(
                        "before",
                        Schema.string(
                            "A settled screenshot_attachment_id of this run to compare against (default: take one).",
                            1,
                            64))
                    .prop(
                        "max_passes",
                        Schema.dflt(
                            Schema.integer(
                                "top/bottom only: most passes (default "
                                    + ScrollSearch.DEFAULT_MAX_PASSES
                                    + ").",
                                1,
                                100),
                            ScrollSearch.DEFAULT_MAX_PASSES))
                    .prop(
                        "timeout_ms",
                        Schema.dflt(
                            Schema.integer(
                                "top/bottom only: overall bound in device time (default "
                                    + ScrollSearch.DEFAULT_TIMEOUT.toMillis()
                                    + ").",
                                1,
                                3_600_000),
                            ScrollSearch.DEFAULT_TIMEOUT.toMillis()))
                    .prop(
                        "pace",
                        Schema.dflt(
                            Schema.oneOf(
                                "top/bottom only: fling (the default; passes coast: fast on long lists)"
                                    + " or steady (passes dwell before lifting).",
                                "fling",
                                "steady"),
                            "fling"))
                    .prop(
                        "until_text",
                        Schema.string(
                            "top/bottom only: stop when these words show in the region"
                                + " (ignoring case and accents; fuzzy within one letter when longer than 5).",
                            1,
                            200))
                    .required("direction")
                    .build(),
                Results.costSchema(
                        Results.screenshotSchema(Schema.result("What the scroll did and saw.")))
                    .prop("direction", Schema.string("The direction asked for."))
                    .prop(
                        "movement",
                        Schema.oneOf(
                            "Directional scrolls: what was observed.",
                            "moved",
                            "at-edge",
                            "unchanged",
                            "unobserved"))
                    .prop("amount", Schema.number("The amount asked for."))
                    .prop("amount_used", Schema.number("The amount honoured (at most 0.8)."))
                    .prop(
                        "keyboard_avoided",
                        Schema.bool("A keyboard forced the swipe into the band above it."))
                    .prop(
                        "keyboard_min_y", Schema.number("Where the keyboard began (normalized y)."))
                    .prop("passes", Schema.integer("top/bottom: passes played."))
                    .prop("edge_reached", Schema.bool("top/bottom: an edge stopped the passes."))
                    .prop("timed_out", Schema.bool("top/bottom: the timeout stopped the passes."))
                    .prop(
                        "stopped_by",
                        Schema.oneOf(
                            "top/bottom: why the passes stopped; max_passes and timed_out mean the"
                                + " search ran out, not the content (call again to go on).",
                            "found",
                            "edge_reached",
                            "timed_out",
                            "max_passes"))
                    .prop(
                        "budget_exhausted",
                        Schema.bool(
                            "top/bottom: the passes or the time ran out before an edge or the text."))
                    .prop(
                        "found",
                        Schema.bool("until_text: the text shows on the returned screenshot."))
                    .prop(
                        "matches",
                        Schema.array(
                            "until_text: where it shows, best first.", Schema.result(null).build()))
                    .required("direction")
                    .build())
            .withCompact(
                "Scroll to reveal content, or to top/bottom until until_text shows.",
                "amount",
                "region",
                "max_passes",
                "until_text")
            .withHints(ToolSpec.Hints.MOVES_VIEW);
    return new Tool(
        spec,
        a -> {
          String dir = a.string("direction");
          boolean toEdge = dir.equals("top") || dir.equals("bottom");
          ScrollDirection direction =
              switch (dir) {
                case "top" -> ScrollDirection.UP;
                case "bottom" -> ScrollDirection.DOWN;
                // the schema allows only the directions' ids
                default -> SwipeException.requireArgument(ScrollDirection.fromId(dir), "direction");
              };
          if (!toEdge) {
            for (String f : List.of("max_passes", "timeout_ms", "pace", "until_text")) {
              if (a.has(f)) {
                throw ToolFailure.invalidArgument(
                    f, "applies only to direction=top and direction=bottom");
              }
            }
          }
          Scroll.Builder b =
              Scroll.builder(direction)
                  .amount(a.number("amount", Scroll.DEFAULT_AMOUNT))
                  .durationMs(a.integer("duration_ms", Scroll.DEFAULT_DURATION_MS))
                  .detectKeyboard(a.bool("detect_keyboard", true))
                  .expectContent(a.bool("expect_content", false));
          NormRegion region = a.region("region");
          if (region != null) {
            b.region(region);
          }
          NormRegion keyboard = a.region("keyboard_region");
          if (keyboard != null) {
            b.keyboard(keyboard);
          }
          if (a.has("before")) {
            b.before(run.device().run().attachments().screenshot(a.string("before"), "before"));
          }
          Scroll scroll = b.build();
          ObjectNode out = Results.object();
          out.put("direction", dir);
          if (toEdge) {
            SearchPace pace =
                a.has("pace") && a.string("pace").equals("steady")
                    ? SearchPace.STEADY
                    : SearchPace.FLING;
            TextQuery text = a.has("until_text") ? untilText(a.string("until_text")) : null;
            ScrollUntilResult r =
                run.device()
                    .scrollUntil(
                        scroll,
                        text == null ? o -> false : run.device().text().condition(text, scroll),
                        ScrollSearch.builder()
                            .maxPasses(a.integer("max_passes", ScrollSearch.DEFAULT_MAX_PASSES))
                            .timeout(
                                Duration.ofMillis(
                                    a.integer(
                                        "timeout_ms",
                                        (int) ScrollSearch.DEFAULT_TIMEOUT.toMillis())))
                            .pace(pace)
                            .build());
            if (text != null) {
              TextTools.matches(out, run.device().text().find(r.observation(), text));
            }
            out.put("passes", r.passes());
            out.put("edge_reached", r.edgeReached());
            out.put("timed_out", r.timedOut());
            out.put("stopped_by", r.stoppedBy().id());
            out.put("budget_exhausted", r.budgetExhausted());
            Results.cost(out, r.cost());
            return Results.screenshot(out, r.observation());
          }
          ScrollResult r = run.device().scroll(scroll);
          out.put("movement", r.movement().id());
          out.put("amount", r.amountRequested());
          out.put("amount_used", r.amountUsed());
          out.put("duration_ms", scroll.durationMs());
          out.put("keyboard_avoided", r.keyboardAvoided());
          if (r.keyboardMinY().isPresent()) {
            out.put("keyboard_min_y", r.keyboardMinY().getAsDouble());
          }
          out.put("before_attachment_id", r.before().id());
          Results.diff(out.putObject("diff"), r.diff());
          Results.cost(out, r.cost());
          return Results.screenshot(out, r.observation());
        },
        true);
  }
}

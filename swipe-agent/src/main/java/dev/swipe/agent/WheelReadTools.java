package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.NormRegion;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelSet;
import java.util.List;

/**
 * {@code read_wheel} and {@code set_wheel}: pickers read from the screen's pixels and set in one
 * call.
 */
final class WheelReadTools {
  private WheelReadTools() {}

  static List<Tool> tools(AgentRun run) {
    return List.of(readWheel(run), setWheel(run));
  }

  private static Schema columnSchema(Schema s) {
    return s.prop("index", Schema.integer("The column's place, 0 for the leftmost."))
        .prop("column_x", Schema.number("The column's centre line, normalized (width rule)."))
        .prop("center_y", Schema.number("The selected row's centre, normalized (height rule)."))
        .prop(
            "row_spacing",
            Schema.number("Distance between adjacent rows, normalized (height rule)."))
        .prop("selected_label", Schema.string("The label in the selected row."))
        .prop(
            "labels_above",
            Schema.array("Labels above the selection, top down.", Schema.string(null)))
        .prop(
            "labels_below",
            Schema.array("Labels below the selection, top down.", Schema.string(null)))
        .prop(
            "value",
            Schema.integer(
                "The selected value for wheel_nudge: a number's value, a month's index from 0."))
        .prop("kind", Schema.oneOf("What the labels count.", "number", "month", "meridiem"))
        .prop("value_step", Schema.integer("Difference between adjacent rows."))
        .prop(
            "cycle_size",
            Schema.integer("The modulus when the column wraps; absent when it has ends."))
        .prop("confidence", Schema.number("0..1: how sure the reading is."))
        .prop(
            "selection_cues",
            Schema.array(
                "What marks the selected row (band, lines, ink, weight, curve, centre): two or"
                    + " more that agree; empty, with no value, when they disagree.",
                Schema.string("A cue.")));
  }

  static ObjectNode column(ObjectNode n, WheelColumn c) {
    n.put("index", c.index());
    n.put("column_x", round(c.columnX()));
    n.put("center_y", round(c.centerY()));
    n.put("row_spacing", round(c.rowSpacing()));
    c.selectedLabel().ifPresent(l -> n.put("selected_label", l));
    ArrayNode above = n.putArray("labels_above");
    c.labelsAbove().forEach(above::add);
    ArrayNode below = n.putArray("labels_below");
    c.labelsBelow().forEach(below::add);
    if (c.value().isPresent()) {
      n.put("value", c.value().getAsInt());
    }
    n.put("kind", c.scale().kind().name().toLowerCase(java.util.Locale.ROOT));
    n.put("value_step", c.scale().step());
    if (c.scale().cycleSize().isPresent()) {
      n.put("cycle_size", c.scale().cycleSize().getAsInt());
    }
    n.put("confidence", Math.round(c.confidence() * 100) / 100.0);
    ArrayNode cues = n.putArray("selection_cues");
    c.selectionCues().forEach(cues::add);
    return n;
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  private static Tool readWheel(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "read_wheel",
                "Read the picker wheels (time, date, any scrolling column of values) on a screenshot: for each column,"
                    + " left to right, its column_x, the selected row's center_y and the row_spacing (normalized, ready"
                    + " for wheel_nudge), the selected label and its neighbours, the value they count to (months are"
                    + " indexed from 0 for January), the step between rows and the cycle when the column wraps. Reads"
                    + " the screenshot_attachment_id given, or a fresh screenshot (then returned). To simply set a"
                    + " column, set_wheel does the whole loop.",
                Schema.object(null)
                    .prop(
                        "screenshot_attachment_id",
                        Schema.string(
                            "A screenshot of this run to read (default: take one).", 1, 64))
                    .prop(
                        "region",
                        Schema.region(
                            "Where the picker is, normalized {x, y, w, h}; default the whole screen."))
                    .build(),
                Results.screenshotSchema(Schema.result("The columns read."))
                    .prop(
                        "columns",
                        Schema.array(
                            "Picker columns, left to right; empty when none shows.",
                            columnSchema(Schema.result(null)).build()))
                    .required("columns")
                    .build())
            .withCompact("Read the picker columns: selected label, value, geometry.")
            .withHints(ToolSpec.Hints.OBSERVES_PHONE);
    return new Tool(
        spec,
        a -> {
          boolean fresh = !a.has("screenshot_attachment_id");
          Observation o =
              fresh
                  ? run.device().screenshot()
                  : run.device()
                      .run()
                      .attachments()
                      .screenshot(a.string("screenshot_attachment_id"), "screenshot_attachment_id");
          NormRegion region = a.region("region");
          WheelReading reading = run.device().wheels().read(o, region);
          ObjectNode out = Results.object();
          ArrayNode cols = out.putArray("columns");
          for (WheelColumn c : reading.columns()) {
            column(cols.addObject(), c);
          }
          return Results.screenshot(out, o, fresh);
        },
        true);
  }

  private static Tool setWheel(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "set_wheel",
                "Set one picker column to a target in a single call; the first choice for any picker (time,"
                    + " date, list of words), before wheel_nudge. It reads the column from the screen, nudges it"
                    + " with slow measured drags (never a fling, never a tap on the selected row), reads it again after"
                    + " every nudge, and returns once two readings in a row show the target. Pick the column by index"
                    + " (0 = leftmost picker column), by a label it shows now (\"Jun\", \"09\"), or by column_x. Give the"
                    + " target as the label the column should show (\"Sep\", \"07\", \"45\", \"PM\", or a word on a"
                    + " column of words such as \"Weekends\"). Errors: wheel_not_found (no picker on screen),"
                    + " wheel_selection_unclear (the marks of the selected row disagree: nothing is claimed),"
                    + " wheel_column_unclear (a column by index while a picker column may have gone unread:"
                    + " pick it by column_showing or column_x),"
                    + " wheel_target_unreachable (details.labels_seen: e.g. 47 on a column in steps of 5),"
                    + " wheel_labels_unrecognized, wheel_budget_exhausted.",
                Schema.object(null)
                    .prop(
                        "column",
                        Schema.integer(
                            "The column's place, 0 for the leftmost picker column.", 0, 20))
                    .prop(
                        "column_showing",
                        Schema.string("A label the column shows now, to pick it by.", 1, 40))
                    .prop(
                        "column_x",
                        Schema.number("Pick the column nearest this x (normalized).", 0, 1000))
                    .prop(
                        "target",
                        Schema.string(
                            "The label the column should show, e.g. Sep, 07, 45, PM.", 1, 40))
                    .required("target")
                    .build(),
                Results.costSchema(Results.screenshotSchema(Schema.result("The column as set.")))
                    .prop("label", Schema.string("The label confirmed in the selected row."))
                    .prop("value", Schema.integer("Its value under the column's scale."))
                    .prop("actions", Schema.integer("Drags played."))
                    .prop(
                        "evidence",
                        Schema.array("What each reading saw, in order.", Schema.string(null)))
                    .prop(
                        "column_read",
                        columnSchema(Schema.result("The last reading of the column.")).build())
                    .required("label", "value", "actions")
                    .build())
            .withCompact(
                "Set a picker column to a label (Sep, 07, PM): the first choice for pickers.",
                "column",
                "column_showing")
            // a picker's value is set, not deleted; asking again for the same label changes nothing
            .withHints(new ToolSpec.Hints(false, false, true, true));
    return new Tool(
        spec,
        a -> {
          int pickers =
              (a.has("column") ? 1 : 0)
                  + (a.has("column_showing") ? 1 : 0)
                  + (a.has("column_x") ? 1 : 0);
          if (pickers != 1) {
            throw ToolFailure.invalidArgument(
                "column", "give exactly one of column, column_showing and column_x");
          }
          WheelSet.Column col =
              a.has("column")
                  ? WheelSet.column(a.integer("column"))
                  : a.has("column_showing")
                      ? WheelSet.columnShowing(a.string("column_showing"))
                      : WheelSet.columnAt(a.number("column_x"));
          WheelSetResult r = run.device().wheels().set(col.to(a.string("target")));
          ObjectNode out = Results.object();
          out.put("label", r.label());
          out.put("value", r.value());
          out.put("actions", r.actions());
          ArrayNode ev = out.putArray("evidence");
          r.evidence().forEach(ev::add);
          column(out.putObject("column_read"), r.column());
          Results.cost(out, r.cost());
          return Results.screenshot(out, r.observation());
        },
        true);
  }
}

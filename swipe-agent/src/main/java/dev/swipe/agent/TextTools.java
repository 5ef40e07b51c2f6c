package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Observation;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.gesture.Tap;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import java.time.Duration;
import java.util.List;

/** {@code find_text}, {@code tap_text} and {@code wait_for_text}: reading the screen's words. */
final class TextTools {
  /** Matches listed in a result; more say nothing a model can use. */
  private static final int MAX_MATCHES = 20;

  /** Letters a fuzzy query tolerates when max_edits is not given (the query builder's default). */
  static final int FUZZY_EDITS = 1;

  /** How long wait_for_text waits when timeout_ms is not given. */
  static final int WAIT_TIMEOUT_MS = 10_000;

  private TextTools() {}

  static List<Tool> tools(AgentRun run) {
    return List.of(findText(run), tapText(run), waitForText(run));
  }

  /** The query fields every text tool takes. */
  static Schema queryProps(Schema s) {
    return s.prop(
            "text",
            Schema.string(
                "The words to look for (or a Java regular expression with match=regex).",
                1,
                TextQuery.MAX_LENGTH))
        .prop(
            "match",
            Schema.dflt(
                Schema.oneOf(
                    "How to compare: normalized (the default: ignores case, accents and punctuation"
                        + " around words), exact, fuzzy (tolerates max_edits misread letters), or regex.",
                    "normalized",
                    "exact",
                    "fuzzy",
                    "regex"),
                "normalized"))
        .prop(
            "max_edits",
            Schema.dflt(
                Schema.integer(
                    "fuzzy only: letters that may differ (default " + FUZZY_EDITS + ").",
                    0,
                    TextQuery.MAX_EDITS),
                FUZZY_EDITS))
        .prop(
            "whole_line",
            Schema.dflt(
                Schema.bool(
                    "Match whole lines only, not words inside a longer line (default false)."),
                false))
        .prop(
            "region",
            Schema.region(
                "Only text whose centre lies in this area, normalized 0-1000 {x, y, w, h}; also reads faster."));
  }

  /**
   * Builds the query from the fields of {@link #queryProps}, or {@code invalid_argument} naming the
   * field.
   */
  static TextQuery query(Args a, String textField) {
    TextQuery.Builder b = TextQuery.builder(a.string(textField));
    String match = a.string("match", "normalized");
    b.match(TextQuery.Match.valueOf(match.toUpperCase(java.util.Locale.ROOT)));
    if (a.has("max_edits")) {
      b.maxEdits(a.integer("max_edits"));
    } else if (match.equals("fuzzy")) {
      b.maxEdits(FUZZY_EDITS); // the schema's declared default, not the builder's by chance
    }
    if (a.bool("whole_line", false)) {
      b.scope(TextQuery.Scope.LINE);
    }
    NormRegion r = a.region("region");
    if (r != null) {
      b.within(r.x(), r.y(), r.w(), r.h());
    }
    try {
      return b.build();
    } catch (RuntimeException e) {
      SwipeException s = SwipeException.orInternal(e);
      String field =
          s.field() == null ? textField : s.field().equals("query") ? textField : s.field();
      throw new ToolFailure(
          s.code(),
          s.getMessage().replaceFirst("^query:", textField + ":"),
          java.util.Map.of("field", field));
    }
  }

  private static Schema matchesSchema(Schema s) {
    return s.prop("found", Schema.bool("Whether any text matched."))
        .prop(
            "matches",
            Schema.array(
                "Matches, best first (at most 20).",
                Schema.result(null)
                    .prop("text", Schema.string("What was read there."))
                    .prop("x", Schema.number("Left edge, normalized."))
                    .prop("y", Schema.number("Top edge, normalized."))
                    .prop("w", Schema.number("Width, normalized."))
                    .prop("h", Schema.number("Height, normalized."))
                    .prop("center", Schema.point("Where a tap on it lands."))
                    .prop("confidence", Schema.number("The reader's confidence, 0..1."))
                    .prop("edits", Schema.integer("Letters that differ from the query (fuzzy)."))
                    .build()));
  }

  static ObjectNode matches(ObjectNode out, TextSearchResult r) {
    out.put("found", r.found());
    ArrayNode arr = out.putArray("matches");
    for (ScreenText t : r.matches().subList(0, Math.min(MAX_MATCHES, r.matches().size()))) {
      put(arr.addObject(), t);
    }
    return out;
  }

  static ObjectNode put(ObjectNode n, ScreenText t) {
    n.put("text", t.text());
    n.put("x", round(t.region().x()));
    n.put("y", round(t.region().y()));
    n.put("w", round(t.region().w()));
    n.put("h", round(t.region().h()));
    ObjectNode c = n.putObject("center");
    c.put("x", round(t.center().x()));
    c.put("y", round(t.center().y()));
    n.put("confidence", Math.round(t.confidence() * 100) / 100.0);
    n.put("edits", t.edits());
    return n;
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  /** The screenshot to read: the one named, or a fresh one. */
  private static Observation shot(AgentRun run, Args a) {
    return a.has("screenshot_attachment_id")
        ? run.device()
            .run()
            .attachments()
            .screenshot(a.string("screenshot_attachment_id"), "screenshot_attachment_id")
        : run.device().screenshot();
  }

  private static Tool findText(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "find_text",
                "Read the screen and find text on it: returns where each match stands (normalized 0-1000 box and"
                    + " centre), what was read there, and the reader's confidence, best match first. Reads the"
                    + " screenshot_attachment_id given, or takes a fresh screenshot (then returned). Use it to locate"
                    + " a button or a row before tapping, or to check that something shows. Matching ignores case,"
                    + " accents and punctuation unless match=exact; fuzzy tolerates misread letters. found=false is"
                    + " an answer, not an error. Reading is optical: very small or low-contrast text may be missed.",
                queryProps(Schema.object(null))
                    .prop(
                        "screenshot_attachment_id",
                        Schema.string(
                            "A screenshot of this run to read (default: take one).", 1, 64))
                    .required("text")
                    .build(),
                matchesSchema(Results.screenshotSchema(Schema.result("The matches.")))
                    .required("found", "matches")
                    .build())
            .withCompact("Find text on screen: boxes and centres, best first.", "region")
            .withHints(ToolSpec.Hints.OBSERVES_PHONE);
    return new Tool(
        spec,
        a -> {
          TextQuery q = query(a, "text");
          boolean fresh = !a.has("screenshot_attachment_id");
          Observation o = shot(run, a);
          return Results.screenshot(
              matches(Results.object(), run.device().text().find(o, q)), o, fresh);
        },
        true);
  }

  private static Tool tapText(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "tap_text",
                "Tap the centre of the one place where text matching the query is read (a button label, a list"
                    + " row): the way to press something that has a label, rather than tap or click at guessed"
                    + " coordinates. Reads the screenshot_attachment_id given or a fresh screenshot. Fails with"
                    + " text_not_found (details.read_nearby lists the lines read closest to the query: check the"
                    + " spelling or scroll) or text_ambiguous (details.candidates: add a region or more words, or"
                    + " whole_line=true); nothing is tapped then. Not for picker wheels (tapping the selected row"
                    + " opens an editor; use set_wheel). Returns the settled post-tap screenshot and what was"
                    + " tapped.",
                queryProps(Schema.object(null))
                    .prop(
                        "screenshot_attachment_id",
                        Schema.string(
                            "A screenshot of this run to read (default: take one).", 1, 64))
                    .required("text")
                    .build(),
                Results.actionSchema("The tap.")
                    .prop(
                        "tapped",
                        Schema.result("The text tapped.")
                            .prop("text", Schema.string("What was read there."))
                            .prop("center", Schema.point("Where the tap landed."))
                            .build())
                    .build())
            .withCompact("Tap the one place this text is read: the way to press a label.", "region")
            .withHints(ToolSpec.Hints.ANY_INPUT);
    return new Tool(
        spec,
        a -> {
          TextQuery q = query(a, "text");
          Observation o = shot(run, a);
          ActionResult r = run.device().text().tap(o, q);
          ObjectNode out = Results.action("tap", r);
          ObjectNode tapped = out.putObject("tapped");
          if (r.gesture() instanceof Tap t) {
            ScreenText best = run.device().text().find(o, q).best().orElseThrow();
            tapped.put("text", best.text());
            ObjectNode c = tapped.putObject("center");
            c.put("x", round(t.at().x()));
            c.put("y", round(t.at().y()));
          }
          return out;
        },
        true);
  }

  private static Tool waitForText(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "wait_for_text",
                "Wait until text matching the query shows on a settled screen (a page loading, a toast, a dialog),"
                    + " looking about four times a second, at most timeout_ms of device time. Returns found, the"
                    + " matches and the last screenshot read. found=false after the timeout is an answer, not an"
                    + " error: decide what to do from the screenshot. Use it instead of repeated screenshots.",
                queryProps(Schema.object(null))
                    .prop(
                        "timeout_ms",
                        Schema.dflt(
                            Schema.integer(
                                "How long to wait in device time (default "
                                    + WAIT_TIMEOUT_MS
                                    + ").",
                                1,
                                600_000),
                            WAIT_TIMEOUT_MS))
                    .required("text")
                    .build(),
                matchesSchema(Results.screenshotSchema(Schema.result("What was found.")))
                    .required("found", "matches")
                    .build())
            .withCompact("Wait until text shows on a settled screen.", "timeout_ms")
            .withHints(ToolSpec.Hints.OBSERVES_PHONE);
    return new Tool(
        spec,
        a -> {
          TextQuery q = query(a, "text");
          TextSearchResult r =
              run.device()
                  .text()
                  .waitFor(q, Duration.ofMillis(a.integer("timeout_ms", WAIT_TIMEOUT_MS)));
          return Results.screenshot(matches(Results.object(), r), r.observation());
        },
        true);
  }
}

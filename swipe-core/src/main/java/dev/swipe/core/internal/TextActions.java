package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Observation;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/** The text actions of a run: reading, finding and tapping text on its observations. */
final class TextActions {
  private final DefaultDevice run;

  TextActions(DefaultDevice run) {
    this.run = run;
  }

  Predicate<Observation> textCondition(TextQuery text, Scroll scroll) {
    SwipeException.requireArgument(text, "text");
    SwipeException.requireArgument(scroll, "scroll");
    run.ensureOpen();
    return new TextCondition(run.parts.screenReader, text);
  }

  List<ScreenText> readText(Observation observation, @Nullable NormRegion region) {
    run.attachments.requireOwn(observation, "screenshot_attachment_id");
    run.ensureOpen();
    long start = run.ticker.read();
    List<ScreenText> out = new ArrayList<>();
    for (TextLine l : run.parts.screenReader.page(observation, region).lines()) {
      out.add(new ScreenText(l.text(), ScreenReader.norm(l.box(), observation), l.confidence(), 0));
    }
    if (run.tracer != null) {
      ObjectNode outcome = TraceWriter.object().put("lines", out.size());
      run.tracer.call(
          run.attachments.runId(), "read_text", start, null, outcome, observation, null);
    }
    return out;
  }

  TextSearchResult findText(Observation observation, TextQuery query) {
    SwipeException.requireArgument(query, "query");
    run.attachments.requireOwn(observation, "screenshot_attachment_id");
    run.ensureOpen();
    long start = run.ticker.read();
    TextSearchResult found = run.parts.screenReader.find(observation, query);
    if (run.tracer != null) {
      ObjectNode outcome =
          TraceWriter.object().put("found", found.found()).put("matches", found.matches().size());
      found.best().ifPresent(b -> outcome.put("best", b.text()));
      run.tracer.call(
          run.attachments.runId(),
          "find_text",
          start,
          TraceWriter.object().put("query", query.toString()),
          outcome,
          observation,
          null);
    }
    return found;
  }

  ActionResult tapText(Observation observation, TextQuery query) {
    SwipeException.requireArgument(query, "query");
    run.attachments.requireOwn(observation, "screenshot_attachment_id");
    run.ensureOpen();
    // the text is looked up inside the step, so a refusal (text_not_found, text_ambiguous) is
    // traced with its query like a refused scroll, not lost before the step began
    ObjectNode asked = TraceWriter.object().put("type", "tap").put("query", query.toString());
    return run.locked(
        "tap",
        null,
        asked,
        observation,
        before -> {
          ScreenText target = run.parts.screenReader.single(observation, query);
          Tap tap = Tap.at(target.center());
          asked.put("text", target.text());
          asked.putObject("at").put("x", tap.at().x()).put("y", tap.at().y());
          run.checkNotAimedAtAWheel(tap);
          ActionResult r = run.play(tap, run.settleBound);
          run.traced(
              tap.kind(),
              r,
              before,
              ActionTracer.decision(Map.of("text", target.text(), "query", query.toString())));
          return r;
        });
  }
}

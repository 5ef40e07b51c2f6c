package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.scroll.SearchPace;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * The scroll actions of a run: one pass, or passes until a condition holds, each recorded in its
 * trace.
 */
final class ScrollActions {
  private final DefaultDevice run;

  ScrollActions(DefaultDevice run) {
    this.run = run;
  }

  ScrollResult scroll(Scroll scroll) {
    SwipeException.requireArgument(scroll, "scroll");
    return run.locked(
        "scroll",
        null,
        null,
        before -> {
          ScrollResult r =
              run.scroller.scroll(
                  scroll,
                  run.tracer == null
                      ? null
                      : p -> run.tracer.scrollPass(run.attachments.runId(), "scroll", p));
          run.saw(r.observation());
          return r;
        });
  }

  ScrollUntilResult scrollUntil(Scroll scroll, Predicate<Observation> until, ScrollSearch search) {
    SwipeException.requireArgument(scroll, "scroll");
    SwipeException.requireArgument(until, "until");
    SwipeException.requireArgument(search, "search");
    int maxPasses = search.maxPasses();
    Duration timeout = search.timeout();
    SearchPace pace = search.pace();
    return run.locked(
        "scroll_until",
        null,
        null,
        before -> {
          ActionTracer.Composite step = null;
          if (run.tracer != null) {
            ObjectNode goal = TraceWriter.object();
            goal.put(
                "until",
                until instanceof ScreenCondition c ? c.description() : "the caller's condition");
            goal.put("direction", scroll.direction().id());
            goal.put("amount", scroll.amount());
            goal.put("pace", pace.name().toLowerCase(java.util.Locale.ROOT));
            goal.put("max_passes", maxPasses);
            goal.put("timeout_ms", timeout.toMillis());
            step =
                run.tracer.begin(
                    run.attachments.runId(), "scroll_until", goal, scroll.before().orElse(before));
          }
          ScrollUntilResult r;
          String[] sighted = new String[1];
          try {
            r =
                run.scroller.scrollUntil(
                    scroll,
                    until,
                    maxPasses,
                    timeout,
                    pace,
                    run.tracer == null
                        ? null
                        : p -> {
                          if (p.sightedId() != null) {
                            sighted[0] = p.sightedId();
                          }
                          run.tracer.scrollPass(run.attachments.runId(), "scroll_pass", p);
                        });
          } catch (SwipeException e) {
            if (step != null) {
              step.fail(e);
            }
            throw e;
          }
          run.saw(r.observation());
          if (step != null) {
            ObjectNode outcome = TraceWriter.object();
            outcome.put("result", r.stoppedBy().id());
            outcome.put("found", r.found());
            outcome.put("passes", r.passes());
            outcome.put("edge_reached", r.edgeReached());
            outcome.put("timed_out", r.timedOut());
            ObjectNode evidence = TraceWriter.object();
            Observation last = r.observation();
            String on = last.id() + (last.settled() ? " (settled)" : " (not settled)");
            if (r.found()) {
              evidence.put(
                  "found",
                  "the condition held on "
                      + on
                      + (sighted[0] != null
                          ? ", after it held on "
                              + sighted[0]
                              + " while coasting and a drag caught it"
                          : "")
                      + (r.passes() == 0 ? ", the start screen" : ", after pass " + r.passes()));
            } else {
              evidence.put(
                  "found",
                  "the condition did not hold on "
                      + on
                      + (r.edgeReached()
                          ? "; the last pass reported "
                              + r.scrolls().get(r.scrolls().size() - 1).movement().id()
                              + ": an edge"
                          : r.timedOut()
                              ? "; the timeout ran out"
                              : "; " + r.passes() + " passes ran"));
            }
            step.end(outcome, evidence, r.cost(), last);
          }
          return r;
        });
  }
}

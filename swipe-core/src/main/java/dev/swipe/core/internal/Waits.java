package dev.swipe.core.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.screen.WaitResult;
import dev.swipe.text.TextQuery;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The waits of a run: looking at settled screenshots until text shows, a condition holds or the
 * screen is at rest, bounded in device time and in looks.
 */
final class Waits {
  /** How long a wait rests between looks. */
  private static final Duration WAIT_POLL = Duration.ofMillis(250);

  private final DefaultDevice run;

  Waits(DefaultDevice run) {
    this.run = run;
  }

  TextSearchResult waitForText(TextQuery query, Duration timeout) {
    SwipeException.requireArgument(query, "query");
    SwipeException.requireArgument(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofMinutes(10)) > 0) {
      throw SwipeException.invalidArgument("timeout", "must be in (0, 10 min], was " + timeout);
    }
    long deadline = run.ticker.read() + timeout.toNanos();
    // each look settles first, so looks are at least a capture apart; the count bounds a source
    // whose clock does not advance
    long maxLooks = Math.max(2, timeout.toMillis() / WAIT_POLL.toMillis() + 2);
    TextSearchResult last = null;
    ActionTracer.Composite step =
        run.tracer == null
            ? null
            : run.tracer.begin(
                run.attachments.runId(),
                "wait_for_text",
                TraceWriter.object()
                    .put("text", query.toString())
                    .put("timeout_ms", timeout.toMillis()),
                run.lastSeen());
    for (long look = 0; look < maxLooks; look++) {
      try {
        last = run.findText(run.screenshot(), query);
      } catch (SwipeException e) {
        if (step != null) {
          step.fail(e);
        }
        throw e;
      }
      if (last.found() || run.ticker.read() >= deadline) {
        if (step != null) {
          step.end(
              TraceWriter.object()
                  .put("result", last.found() ? "found" : "timed_out")
                  .put("found", last.found()),
              TraceWriter.object()
                  .put(
                      "found",
                      (last.found() ? "found on " : "not found on ")
                          + last.observation().id()
                          + " after "
                          + (look + 1)
                          + " looks"),
              null,
              last.observation());
        }
        return last;
      }
      try {
        run.sleeper.sleep(Math.min(WAIT_POLL.toNanos(), Math.max(0, deadline - run.ticker.read())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SwipeException(
            CommonCode.INTERRUPTED, "interrupted while waiting for text", Map.of(), e);
      }
    }
    // at least two looks are allowed, so one was taken
    TextSearchResult seen = Objects.requireNonNull(last, "last");
    if (step != null) {
      step.end(
          TraceWriter.object().put("result", "timed_out").put("found", false),
          null,
          null,
          seen.observation());
    }
    return seen;
  }

  WaitResult waitUntil(ScreenCondition condition, Duration timeout) {
    SwipeException.requireArgument(condition, "condition");
    return await("wait_until", condition.description(), condition, timeout);
  }

  WaitResult waitForStable(Duration timeout) {
    return await("wait_for_stable", "the screen is at rest", o -> true, timeout);
  }

  /**
   * Takes screenshots (each settles first) until one is settled and {@code condition} holds on it,
   * or {@code timeout} of device time passes; bounded in looks for a clock that does not advance.
   */
  private WaitResult await(
      String action,
      String description,
      java.util.function.Predicate<Observation> condition,
      Duration timeout) {
    SwipeException.requireArgument(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofMinutes(10)) > 0) {
      throw SwipeException.invalidArgument("timeout", "must be in (0, 10 min], was " + timeout);
    }
    run.ensureOpen();
    long start = run.ticker.read();
    long deadline = start + timeout.toNanos();
    long maxLooks = Math.max(2, timeout.toMillis() / WAIT_POLL.toMillis() + 2);
    ActionTracer.Composite step =
        run.tracer == null
            ? null
            : run.tracer.begin(
                run.attachments.runId(),
                action,
                TraceWriter.object()
                    .put("until", description)
                    .put("timeout_ms", timeout.toMillis()),
                run.lastSeen());
    run.parts.listeners.stepStarted(action, start);
    Observation last = null;
    int looks = 0;
    int settled = 0;
    boolean held = false;
    try {
      while (looks < maxLooks) {
        last = run.screenshot();
        looks++;
        if (last.settled()) {
          settled++;
          held = condition.test(last);
        }
        if (held || run.ticker.read() >= deadline) {
          break;
        }
        try {
          run.sleeper.sleep(
              Math.min(WAIT_POLL.toNanos(), Math.max(0, deadline - run.ticker.read())));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new SwipeException(
              CommonCode.INTERRUPTED,
              "interrupted while waiting until " + description,
              Map.of(),
              e);
        }
      }
    } catch (SwipeException e) {
      if (step != null) {
        step.fail(e);
      }
      throw e;
    } catch (RuntimeException e) {
      SwipeException s = SwipeException.orInternal(e);
      if (step != null) {
        step.fail(s);
      }
      throw s;
    }
    // at least two looks are allowed, so one was taken
    Observation seen = Objects.requireNonNull(last, "last");
    WaitResult result =
        new WaitResult(
            held, description, seen, looks, settled, (run.ticker.read() - start) / 1_000_000L);
    if (step != null) {
      step.end(
          TraceWriter.object()
              .put("result", held ? "held" : "timed_out")
              .put("held", held)
              .put("looks", looks)
              .put("settled_looks", settled),
          TraceWriter.object()
              .put(
                  "held",
                  (held ? "held on " : "did not hold on ")
                      + seen.id()
                      + (seen.settled() ? " (settled)" : " (not settled)")
                      + " after "
                      + looks
                      + " looks, "
                      + settled
                      + " settled"),
          null,
          seen);
    }
    return result;
  }
}

package dev.swipe.agent.server.internal;

import dev.swipe.base.Api;
import dev.swipe.base.Code;
import java.util.Locale;

/**
 * The codes only the trace collector ({@link TraceCollector}, the agent jar's {@code collect})
 * answers, in {@code error.code}; its other refusals use the servers' codes ({@code unauthorized},
 * {@code host_not_allowed}, {@code request_too_large}, {@code invalid_argument}, ...). A sink reads
 * them to decide what to do next ({@link dev.swipe.core.trace.HttpTraceSink}); the ids never change
 * once released.
 */
@Api(status = Api.Status.INTERNAL)
public enum CollectorCode implements Code {
  /** The run's directory was claimed by another sink (another run key): take another name. */
  RUN_TAKEN,
  /**
   * Records were sent from a place past the ones the run holds; {@code lines} says how many it
   * holds, so the sender can send from there.
   */
  RECORDS_MISSING,
  /** A line of a records request is no trace record (a JSON object with seq and action). */
  INVALID_RECORD,
  /** The run already holds a file of that name with other bytes; files are never written over. */
  FILE_EXISTS,
  /**
   * The run's directory holds as much as the collector keeps of one run ({@code --max-run-bytes}).
   */
  RUN_FULL;

  private final String id = name().toLowerCase(Locale.ROOT);

  /** The snake_case identifier on the wire, e.g. {@code run_taken}. */
  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}

package dev.swipe.core.trace;

import dev.swipe.base.Api;

/**
 * The trace's files and names, shared by the device that writes a trace, {@link TraceReader}, the
 * HTML report and the video recorder.
 *
 * <p>A trace directory holds {@link #FILE}, one JSON object per line and per action, and the
 * screenshots in {@link #SHOTS}. Every record has {@code seq} (a whole number), {@code action} and
 * {@code t_ms}; most have {@code run}, and a step's sub-steps have {@code parent}. What an action
 * adds ({@code goal}, {@code outcome}, {@code decision}, {@code cost}, {@code error}, {@code
 * evidence}, {@code before}/{@code after} screenshots, the planned and actual timeline) is
 * described in docs/reports.md. A trace that stopped early ends with a {@link #STOPPED} record
 * whose {@code reason} says why.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class TraceFormat {
  /** The trace file's name inside the trace directory. */
  public static final String FILE = "trace.jsonl";

  /** Where screenshots go, relative to the trace directory. */
  public static final String SHOTS = "shots";

  /**
   * A video beside a trace has a sidecar: the same name with this suffix, holding its start on the
   * device clock, so a report can link each step to its moment in the video.
   */
  public static final String VIDEO_SIDECAR_SUFFIX = ".json";

  /** The default disk budget of a trace directory: 512 MiB. */
  public static final long DEFAULT_MAX_BYTES = 512L * 1024 * 1024;

  /** The action name of the record that ends a stopped trace. */
  public static final String STOPPED = "trace_stopped";

  private TraceFormat() {}
}

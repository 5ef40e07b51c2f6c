package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.core.internal.DirectorySink;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a run's trace goes: its records, each one line of {@link dev.swipe.core.trace.TraceReader}
 * JSON, in the order they are to be read, and the files they name ({@code shots/NAME.jpg}, a golden
 * screen's {@code golden/NAME.diff.png}), each once. The device's trace writer builds the records,
 * numbers them and keeps the trace within its byte budget; a sink only keeps or delivers them. A
 * directory ({@link #directory(Path)}) is the default and writes exactly the files a trace
 * directory always held; {@link dev.swipe.core.trace.HttpTraceSink} sends them to a collector.
 *
 * <p>The contract, which the writer relies on so that a trace never fails or slows the run it
 * records:
 *
 * <ul>
 *   <li><b>Never in the way.</b> Every method returns promptly (a bounded local write, or a queue
 *       for another thread to deliver; never a wait on a network) and never throws: what goes wrong
 *       is answered by the return value and {@link #stopReason()}. The writer calls a sink under
 *       its own lock, one call at a time, possibly from an interrupted thread (a session ended
 *       under a gesture), which must not lose the call. A sink that throws anyway is treated as
 *       stopped.
 *   <li><b>In order, each once.</b> {@link #append} keeps records in the order given, which is not
 *       always the order of their {@code seq} (a composite step's record comes after its
 *       sub-steps'). {@link #store} keeps a file under its name once and never writes over one.
 *   <li><b>Stopping, with a reason.</b> A sink that cannot keep or deliver what it is given (the
 *       disk refused a write, a collector refused the trace, its spool is full) stops: from then on
 *       {@link #append} returns false and {@link #stopReason()} says why, and everything taken
 *       before is kept (or still delivered). After a sink stops, the writer calls {@link #append}
 *       once more with a short {@code trace_stopped} record giving the reason; a sink keeps it when
 *       it still can, so the trace says how it ended. A sink may instead hold what it cannot
 *       deliver yet and retry, within a bound of memory it states, and stop when that bound is
 *       passed.
 *   <li><b>Closing is bounded.</b> {@link #close()} finishes what is pending within a bound of time
 *       it states, then returns even when a destination is still unreachable; it never throws and
 *       calling it twice is harmless. The run that was given a sink closes it when it ends.
 * </ul>
 */
@Api(status = Api.Status.EXPERIMENTAL)
public interface TraceSink extends AutoCloseable {

  /**
   * Appends one record: a JSON object on one line, without the line's end.
   *
   * @return true when the record was kept or queued for delivery; false when the sink has stopped
   */
  boolean append(String record);

  /**
   * Keeps a file of the trace once, e.g. {@code shots/run-1-shot-3.jpg}: a relative name of two
   * parts, a directory and a file, each of {@code A-Z a-z 0-9 . _ -} and not starting with a dot.
   *
   * @return empty when the file was kept or queued for delivery; otherwise why it was not (a file
   *     of that name exists, the disk refused it, the sink has stopped), and the record that names
   *     it says the file was skipped
   */
  Optional<String> store(String name, byte[] bytes);

  /** Why the sink stopped taking records, if it did. */
  Optional<String> stopReason();

  /**
   * A directory of the local file system when the trace is kept in one, so that what the writer
   * writes beside the trace (a golden screen's diff image) can go there directly; empty for a sink
   * that delivers elsewhere, which is then handed such files through {@link #store}.
   */
  default Optional<Path> directory() {
    return Optional.empty();
  }

  /**
   * Finishes what is pending within the sink's stated bound and frees what it holds; never throws,
   * and calling it twice is harmless.
   */
  @Override
  void close();

  /**
   * The default sink: {@code dir/trace.jsonl}, one line per record written whole (a killed process
   * leaves at most one truncated last line, which the reader skips), and each file beside it
   * ({@code dir/shots/}). A directory that already holds a trace is continued, as a device's trace
   * directory always was: records number on after its last {@code seq} and no file is written over.
   * A write the disk refuses stops the sink with the reason.
   *
   * @throws dev.swipe.base.SwipeException {@code invalid_argument} (field {@code trace}) when the
   *     directory cannot be created or written; nothing is left open then
   */
  static TraceSink directory(Path dir) {
    return DirectorySink.open(dir);
  }
}

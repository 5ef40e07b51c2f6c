package dev.swipe.agent.server;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.FlowRecorder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What {@code --record FILE} records: every action the served runs take on the phone, in the order
 * they take them, as one flow ({@link FlowRecorder}) named after the file's stem.
 *
 * <p>The servers give each client, session or connection a run of its own ({@link
 * Device.Run#fork()}); {@link #phone(Device)} hands them the recorder's device, whose forked runs
 * are recorded into the one flow, in the order their steps end.
 *
 * <p>The flow file is rewritten after every call that changed the flow (to a temporary file, then
 * moved over FILE), so a server that is killed still leaves the flow of what it did. The screens
 * recorded before each step ({@code NAME.screens/}, shown by a divergence report) are written by
 * {@link #save()}, when the session ends or the server stops.
 */
final class FlowRecording {
  private static final Pattern SCREEN = Pattern.compile("step-[0-9]+\\.jpg");

  private final Path file;
  private final String name;
  private final PrintStream log;
  private final ReentrantLock turn = new ReentrantLock();

  /** Guarded by turn: the recorder of the phone the servers were handed, once they were. */
  private @Nullable FlowRecorder recorder;

  /** Guarded by turn: whether a step was recorded (so the recorder knows the screen's size). */
  private boolean used;

  /** Guarded by turn: the flow last written to the file, or null. */
  private @Nullable Flow written;

  /** Guarded by turn: whether the screens written match {@link #written}. */
  private boolean screensWritten;

  /** Guarded by turn: the last failure to write that was logged, so each is said once. */
  private @Nullable String lastFailure;

  /** Guarded by turn: whether the log was told that nothing was recorded. */
  private boolean saidNothing;

  private FlowRecording(Path file, PrintStream log) {
    this.file = file;
    String dir = FlowRecorder.screensDirFor(file).getFileName().toString();
    this.name = dir.substring(0, dir.length() - ".screens".length());
    this.log = log;
  }

  /**
   * A recording to {@code file}, checked now: its directory is made if missing and a file is
   * written and removed in it.
   *
   * @throws SwipeException {@code flow_unwritable} (field {@code record}) when the flow cannot be
   *     written there
   */
  static FlowRecording open(String file, PrintStream log) {
    Path path = recordPath(file);
    if (file.isBlank()) {
      throw SwipeException.invalidArgument("record", "needs a file name, was '" + file + "'");
    }
    return open(path, log);
  }

  /**
   * {@link #open(String, PrintStream)} for a path.
   *
   * @throws SwipeException as there
   */
  static FlowRecording open(Path path, PrintStream log) {
    if (path.getFileName() == null) {
      throw SwipeException.invalidArgument("record", "needs a file name, was '" + path + "'");
    }
    if (Files.isDirectory(path)) {
      throw unwritable(path, "it is a directory", null);
    }
    try {
      // a path with a file name has a parent once absolute
      probe(Objects.requireNonNull(path.toAbsolutePath().getParent(), "parent"));
    } catch (IOException | RuntimeException e) {
      throw unwritable(path, e.toString(), e);
    }
    return new FlowRecording(path, log);
  }

  /**
   * The {@code --record} option's value as a path.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code record}) for null or no path
   */
  static Path recordPath(String value) {
    try {
      return Path.of(SwipeException.requireArgument(value, "record"));
    } catch (InvalidPathException e) {
      throw SwipeException.invalidArgument(
          "record", "'" + value + "' is not a path: " + e.getReason());
    }
  }

  /**
   * Makes {@code dir} when missing and writes and removes a file in it: flows can be saved there.
   */
  static void probe(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.delete(Files.createTempFile(dir, ".swipe-write-check", ".tmp"));
  }

  private static SwipeException unwritable(Path path, String why, @Nullable Throwable cause) {
    return new SwipeException(
        FlowCode.FLOW_UNWRITABLE,
        "record: cannot write the flow to " + path + ": " + why,
        Map.of("field", "record", "path", path.toString()),
        cause);
  }

  /** The flow's file. */
  Path file() {
    return file;
  }

  /** The flow's name: the file's stem. */
  String name() {
    return name;
  }

  /**
   * {@code phone} as the servers use it: the same device, but every run forked from it is recorded.
   */
  Device phone(Device phone) {
    SwipeException.requireArgument(phone, "phone");
    turn.lock();
    try {
      if (recorder != null) {
        throw new IllegalStateException("a recording records one phone");
      }
      recorder = FlowRecorder.attach(phone).onStep(this::stepped);
      return recorder.device();
    } finally {
      turn.unlock();
    }
  }

  /** After each step the recorder kept, on the thread that acted: the flow file rewritten. */
  private void stepped() {
    turn.lock();
    try {
      used = true;
      afterCall();
    } finally {
      turn.unlock();
    }
  }

  /**
   * Writes the flow and its screens now, waiting for a call in progress to end, and says so on the
   * log. Nothing is written when no run acted on the phone yet (looks are no steps), nor when the
   * files hold the flow already.
   *
   * @return whether the file holds the flow
   * @throws SwipeException {@code flow_unwritable}
   */
  boolean save() {
    turn.lock();
    try {
      return saveWhole();
    } finally {
      turn.unlock();
    }
  }

  /**
   * {@link #save()} for a session that ended or a process that is stopping: waits for a call in
   * progress at most {@code wait} (the flow written after the last call stands otherwise), never
   * throws, and says what it did on the log.
   */
  void finish(Duration wait) {
    try {
      if (!turn.tryLock(wait.toMillis(), TimeUnit.MILLISECONDS)) {
        log.println(
            "swipe-agent: a call was still running; "
                + file
                + " holds the flow as of the call before it");
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    try {
      if (!saveWhole() && !saidNothing) {
        saidNothing = true;
        log.println("swipe-agent: nothing was done on the phone; no flow written to " + file);
      }
    } catch (SwipeException e) {
      log.println("swipe-agent: " + e.code().id() + ": " + e.getMessage());
    } finally {
      turn.unlock();
    }
  }

  /** Holding the turn: the flow and its screens, unless they are on disk already. */
  private boolean saveWhole() {
    FlowRecorder r = recorder;
    if (!used || r == null) {
      return false;
    }
    Flow now = r.flow(name);
    if (now.steps().isEmpty()) {
      return false; // only looks so far
    }
    if (now.equals(written) && screensWritten) {
      return true;
    }
    Path tmp = temporary();
    try {
      r.save(tmp, name);
      Path from = FlowRecorder.screensDirFor(tmp);
      Path to = FlowRecorder.screensDirFor(file);
      Files.createDirectories(to);
      Set<String> kept = new HashSet<>();
      try (var shots = Files.list(from)) {
        for (Path shot : shots.toList()) {
          kept.add(shot.getFileName().toString());
          move(shot, to.resolve(shot.getFileName().toString()));
        }
      }
      Files.delete(from);
      removeScreens(to, kept);
      move(tmp, file);
    } catch (IOException e) {
      throw unwritable(file, e.toString(), e);
    } finally {
      deleteQuietly(tmp);
    }
    written = now;
    screensWritten = true;
    log.println(
        "swipe-agent: flow \""
            + name
            + "\" saved to "
            + file
            + " ("
            + now.steps().size()
            + " steps, screens in "
            + FlowRecorder.screensDirFor(file).getFileName()
            + ")");
    return true;
  }

  /** Holding the turn, after a step: the flow file rewritten when it changed the flow. */
  private void afterCall() {
    FlowRecorder r = recorder;
    if (r == null) {
      return; // only a step the recorder kept calls here, so it is attached
    }
    try {
      Flow now = r.flow(name);
      if (now.equals(written) || (written == null && now.steps().isEmpty())) {
        return;
      }
      if (screensWritten || written == null) {
        // the screens on disk (of an earlier save, or of an earlier recording to this file) no
        // longer match the flow: a report must not show them as its recorded screens
        Path screens = FlowRecorder.screensDirFor(file);
        if (Files.isDirectory(screens)) {
          removeScreens(screens, Set.of());
        }
        screensWritten = false;
      }
      Path tmp = temporary();
      try {
        now.write(tmp);
        move(tmp, file);
      } finally {
        deleteQuietly(tmp);
      }
      written = now;
      lastFailure = null;
    } catch (IOException | RuntimeException e) {
      // the call's answer matters more than the file; say so once per failure
      String why = e.getMessage();
      if (!String.valueOf(why).equals(lastFailure)) {
        lastFailure = String.valueOf(why);
        log.println("swipe-agent: could not save the flow to " + file + ": " + why);
      }
    }
  }

  private Path temporary() {
    return file.toAbsolutePath().resolveSibling("." + name + ".recording.flow.yaml");
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Removes the recorded screens ({@code step-N.jpg}) in {@code dir} but {@code kept}. */
  private static void removeScreens(Path dir, Set<String> kept) throws IOException {
    try (var shots = Files.list(dir)) {
      for (Path shot : shots.toList()) {
        String n = shot.getFileName().toString();
        if (SCREEN.matcher(n).matches() && !kept.contains(n)) {
          Files.deleteIfExists(shot);
        }
      }
    }
  }

  private static void deleteQuietly(Path tmp) {
    try {
      Files.deleteIfExists(tmp);
      Path screens = FlowRecorder.screensDirFor(tmp);
      if (Files.isDirectory(screens)) {
        removeScreens(screens, Set.of());
        Files.deleteIfExists(screens);
      }
    } catch (IOException e) {
      // a leftover hidden file beside the flow; the next save replaces it
    }
  }
}

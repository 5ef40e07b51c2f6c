package dev.swipe.agent.server;

import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Device;
import dev.swipe.core.DeviceListener;
import dev.swipe.core.NormPoint;
import dev.swipe.core.NormRegion;
import dev.swipe.core.Observation;
import dev.swipe.core.PinchResult;
import dev.swipe.core.Ticker;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.core.screen.ScreenComparison;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.screen.WaitResult;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.text.ScreenText;
import dev.swipe.core.text.TextSearchResult;
import dev.swipe.core.wheel.WheelNudgeResult;
import dev.swipe.core.wheel.WheelReading;
import dev.swipe.core.wheel.WheelSet;
import dev.swipe.core.wheel.WheelSetResult;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.ZoomChange;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.FlowRecorder;
import dev.swipe.memory.MemoryStore;
import dev.swipe.text.TextQuery;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelRunGuard;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * What {@code --record FILE} records: every action the served runs take on the phone, in the order
 * they take them, as one flow ({@link FlowRecorder}) named after the file's stem.
 *
 * <p>The servers give each client, session or connection a run of its own ({@link
 * Device.Run#fork()}), and a recorder sees only what is done through the device it wraps, not
 * through runs forked from it. So {@link #phone(Device)} hands the servers a phone whose runs act
 * through one recorder: each call of a run takes the recording's turn, points the recorder's device
 * at that run, and goes through the recorder to the run. Calls of different runs take turns while
 * recording (gestures do anyway); a run's attachment ids stay its own.
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
  private final Target target = new Target();
  private final FlowRecorder recorder = FlowRecorder.attach(target);
  private final Device recorded = recorder.device();

  /** Guarded by turn: whether a call went through the recorder (so it knows the screen's size). */
  private boolean used;

  /** Guarded by turn: the flow last written to the file, or null. */
  private Flow written;

  /** Guarded by turn: whether the screens written match {@link #written}. */
  private boolean screensWritten;

  /** Guarded by turn: the last failure to write that was logged, so each is said once. */
  private String lastFailure;

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
    Path path;
    try {
      path = Path.of(SwipeException.requireArgument(file, "record"));
    } catch (InvalidPathException e) {
      throw SwipeException.invalidArgument(
          "record", "'" + file + "' is not a path: " + e.getReason());
    }
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
      Path dir = path.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      Path probe = Files.createTempFile(dir, ".swipe-write-check", ".tmp");
      Files.delete(probe);
    } catch (IOException | RuntimeException e) {
      throw unwritable(path, e.toString(), e);
    }
    return new FlowRecording(path, log);
  }

  private static SwipeException unwritable(Path path, String why, Throwable cause) {
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
    return new Phone(SwipeException.requireArgument(phone, "phone"));
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
    if (!used) {
      return false;
    }
    Flow now = recorder.flow(name);
    if (now.steps().isEmpty()) {
      return false; // only looks so far
    }
    if (now.equals(written) && screensWritten) {
      return true;
    }
    Path tmp = temporary();
    try {
      recorder.save(tmp, name);
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

  /** Holding the turn, after a call: the flow file rewritten when the call changed the flow. */
  private void afterCall() {
    try {
      Flow now = recorder.flow(name);
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

  /**
   * Runs {@code call} of the run {@code run} through the recorder, in the recording's turn; {@code
   * sees} says the call shows the recorder a screen (a look or an action), after which the recorder
   * knows the screen's size and its flow can be written without a look of its own.
   */
  private <T> T recorded(Device run, boolean sees, Supplier<T> call) {
    turn.lock();
    try {
      target.current = run;
      try {
        T result = call.get();
        used |= sees;
        if (used) {
          afterCall();
        }
        return result;
      } finally {
        target.current = null;
      }
    } finally {
      turn.unlock();
    }
  }

  /**
   * The device the recorder wraps: the run whose call holds the turn. Outside a call it has no run,
   * and the recorder is never called then.
   */
  private static final class Target implements Device {
    /** Guarded by turn. */
    private Device current;

    private Device now() {
      Device d = current;
      if (d == null) {
        throw new IllegalStateException("the recorder was called outside a run's call");
      }
      return d;
    }

    @Override
    public Observation screenshot() {
      return now().screenshot();
    }

    @Override
    public ActionResult perform(Gesture gesture) {
      return now().perform(gesture);
    }

    @Override
    public ActionResult tap(NormPoint at) {
      return now().tap(at);
    }

    @Override
    public ActionResult swipe(Swipe swipe) {
      return now().swipe(swipe);
    }

    @Override
    public PinchResult pinch(Pinch pinch) {
      return now().pinch(pinch);
    }

    @Override
    public ActionResult key(Key key) {
      return now().key(key);
    }

    @Override
    public ActionResult typeText(String text) {
      return now().typeText(text);
    }

    @Override
    public ScrollResult scroll(Scroll scroll) {
      return now().scroll(scroll);
    }

    @Override
    public ScrollUntilResult scrollUntil(
        Scroll scroll, Predicate<Observation> until, ScrollSearch search) {
      return now().scrollUntil(scroll, until, search);
    }

    @Override
    public ScrollUntilResult scrollUntil(Scroll scroll, TextQuery text) {
      return now().scrollUntil(scroll, text);
    }

    @Override
    public Text text() {
      return now().text();
    }

    @Override
    public Wheels wheels() {
      return now().wheels();
    }

    @Override
    public Screen screen() {
      return now().screen();
    }

    @Override
    public Run run() {
      return now().run();
    }

    @Override
    public Rig rig() {
      return now().rig();
    }

    @Override
    public void close() {
      // the runs are closed by their owners, never through the recorder
    }
  }

  /** The phone as the servers use it: itself, but its forked runs are {@link RecordedRun}s. */
  private final class Phone implements Device {
    private final Device phone;

    Phone(Device phone) {
      this.phone = phone;
    }

    @Override
    public Observation screenshot() {
      return phone.screenshot();
    }

    @Override
    public ActionResult perform(Gesture gesture) {
      return phone.perform(gesture);
    }

    @Override
    public ActionResult tap(NormPoint at) {
      return phone.tap(at);
    }

    @Override
    public ActionResult swipe(Swipe swipe) {
      return phone.swipe(swipe);
    }

    @Override
    public PinchResult pinch(Pinch pinch) {
      return phone.pinch(pinch);
    }

    @Override
    public ActionResult key(Key key) {
      return phone.key(key);
    }

    @Override
    public ActionResult typeText(String text) {
      return phone.typeText(text);
    }

    @Override
    public ScrollResult scroll(Scroll scroll) {
      return phone.scroll(scroll);
    }

    @Override
    public ScrollUntilResult scrollUntil(
        Scroll scroll, Predicate<Observation> until, ScrollSearch search) {
      return phone.scrollUntil(scroll, until, search);
    }

    @Override
    public ScrollUntilResult scrollUntil(Scroll scroll, TextQuery text) {
      return phone.scrollUntil(scroll, text);
    }

    @Override
    public Text text() {
      return phone.text();
    }

    @Override
    public Wheels wheels() {
      return phone.wheels();
    }

    @Override
    public Screen screen() {
      return phone.screen();
    }

    @Override
    public Rig rig() {
      return phone.rig();
    }

    @Override
    public void close() {
      phone.close();
    }

    @Override
    public Run run() {
      Run r = phone.run();
      return new Run() {
        @Override
        public AttachmentRegistry attachments() {
          return r.attachments();
        }

        @Override
        public void note(String event, Map<String, ?> details) {
          r.note(event, details);
        }

        @Override
        public MemoryStore traced(MemoryStore store) {
          return r.traced(store);
        }

        @Override
        public Device fork() {
          return new RecordedRun(r.fork());
        }

        @Override
        public Device fork(Path traceDir, long traceMaxBytes) {
          return new RecordedRun(r.fork(traceDir, traceMaxBytes));
        }

        @Override
        public Device fork(AttachmentRegistry attachments, Path traceDir, long traceMaxBytes) {
          return new RecordedRun(r.fork(attachments, traceDir, traceMaxBytes));
        }
      };
    }
  }

  /**
   * A run of the phone whose calls go through the recorder. What the recorder only passes on
   * (reading text, diffs, the rig's parts) goes to the run directly, without the turn.
   */
  private final class RecordedRun implements Device {
    private final Device run;
    private final Text text;
    private final Wheels wheels;
    private final Screen screen;
    private final Rig rig;

    RecordedRun(Device run) {
      this.run = run;
      this.text = new RecordedText();
      this.wheels = new RecordedWheels();
      this.screen = new RecordedScreen();
      this.rig = new RecordedRig();
    }

    /** A call that shows the recorder a screen. */
    private <T> T call(Supplier<T> c) {
      return recorded(run, true, c);
    }

    /** A call the recorder learns from but that shows it no screen. */
    private <T> T look(Supplier<T> c) {
      return recorded(run, false, c);
    }

    @Override
    public Observation screenshot() {
      return call(recorded::screenshot);
    }

    @Override
    public ActionResult perform(Gesture gesture) {
      return call(() -> recorded.perform(gesture));
    }

    @Override
    public ActionResult tap(NormPoint at) {
      return call(() -> recorded.tap(at));
    }

    @Override
    public ActionResult swipe(Swipe swipe) {
      return call(() -> recorded.swipe(swipe));
    }

    @Override
    public PinchResult pinch(Pinch pinch) {
      return call(() -> recorded.pinch(pinch));
    }

    @Override
    public ActionResult key(Key key) {
      return call(() -> recorded.key(key));
    }

    @Override
    public ActionResult typeText(String text) {
      return call(() -> recorded.typeText(text));
    }

    @Override
    public ScrollResult scroll(Scroll scroll) {
      return call(() -> recorded.scroll(scroll));
    }

    @Override
    public ScrollUntilResult scrollUntil(
        Scroll scroll, Predicate<Observation> until, ScrollSearch search) {
      return call(() -> recorded.scrollUntil(scroll, until, search));
    }

    @Override
    public ScrollUntilResult scrollUntil(Scroll scroll, TextQuery query) {
      return call(() -> recorded.scrollUntil(scroll, query));
    }

    @Override
    public Text text() {
      return text;
    }

    @Override
    public Wheels wheels() {
      return wheels;
    }

    @Override
    public Screen screen() {
      return screen;
    }

    @Override
    public Run run() {
      return run.run();
    }

    @Override
    public Rig rig() {
      return rig;
    }

    @Override
    public void close() {
      run.close();
    }

    private final class RecordedText implements Text {
      @Override
      public List<ScreenText> read(Observation observation, NormRegion region) {
        return run.text().read(observation, region);
      }

      @Override
      public TextSearchResult find(Observation observation, TextQuery query) {
        // a find tells the recorder what a run of scrolls was looking for
        return look(() -> recorded.text().find(observation, query));
      }

      @Override
      public TextSearchResult find(TextQuery query) {
        return call(() -> recorded.text().find(query));
      }

      @Override
      public ActionResult tap(TextQuery query) {
        return call(() -> recorded.text().tap(query));
      }

      @Override
      public ActionResult tap(Observation observation, TextQuery query) {
        return call(() -> recorded.text().tap(observation, query));
      }

      @Override
      public TextSearchResult waitFor(TextQuery query, Duration timeout) {
        return call(() -> recorded.text().waitFor(query, timeout));
      }

      @Override
      public ScreenCondition visible(TextQuery query) {
        return look(() -> recorded.text().visible(query));
      }

      @Override
      public ScreenCondition gone(TextQuery query) {
        return look(() -> recorded.text().gone(query));
      }

      @Override
      public ScrollUntilResult scrollUntil(Scroll scroll, TextQuery query, ScrollSearch search) {
        return call(() -> recorded.text().scrollUntil(scroll, query, search));
      }

      @Override
      public Predicate<Observation> condition(TextQuery query, Scroll scroll) {
        return look(() -> recorded.text().condition(query, scroll));
      }
    }

    private final class RecordedWheels implements Wheels {
      @Override
      public WheelReading read(Observation observation, NormRegion region) {
        return run.wheels().read(observation, region);
      }

      @Override
      public WheelReading read() {
        return run.wheels().read();
      }

      @Override
      public WheelSetResult set(WheelSet request) {
        return call(() -> recorded.wheels().set(request));
      }

      @Override
      public List<WheelSetResult> setAll(List<WheelSet> requests) {
        return call(() -> recorded.wheels().setAll(requests));
      }

      @Override
      public WheelNudgeResult nudge(Observation screenshot, WheelRequest request) {
        return call(() -> recorded.wheels().nudge(screenshot, request));
      }

      @Override
      public WheelRunGuard guard() {
        return run.wheels().guard();
      }
    }

    private final class RecordedScreen implements Screen {
      @Override
      public DiffResult diff(Observation before, Observation after, NormRegion region) {
        return run.screen().diff(before, after, region);
      }

      @Override
      public ZoomChange zoom(Observation before, Observation after) {
        return run.screen().zoom(before, after);
      }

      @Override
      public WaitResult waitUntil(ScreenCondition condition, Duration timeout) {
        return call(() -> recorded.screen().waitUntil(condition, timeout));
      }

      @Override
      public WaitResult waitForStable(Duration timeout) {
        return call(() -> recorded.screen().waitForStable(timeout));
      }

      @Override
      public ScreenComparison assertMatches(GoldenScreen golden) {
        return run.screen().assertMatches(golden);
      }
    }

    private final class RecordedRig implements Rig {
      @Override
      public HidCapabilities capabilities() {
        return run.rig().capabilities();
      }

      @Override
      public Ticker ticker() {
        return run.rig().ticker();
      }

      @Override
      public Optional<Duration> captureLag() {
        return run.rig().captureLag();
      }

      @Override
      public Optional<MemoryStore> memory() {
        return run.rig().memory();
      }

      @Override
      public DeviceListener.Registration listen(DeviceListener listener) {
        return run.rig().listen(listener);
      }

      @Override
      public ActionResult perform(Gesture gesture, Duration settleBound) {
        return call(() -> recorded.rig().perform(gesture, settleBound));
      }

      @Override
      public <T> Optional<T> unwrap(Class<T> type) {
        return run.rig().unwrap(type);
      }
    }
  }
}

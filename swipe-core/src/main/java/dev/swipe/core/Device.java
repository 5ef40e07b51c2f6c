package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.screen.WaitResult;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.TraceSink;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.ZoomChange;
import dev.swipe.memory.MemoryStore;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelRunGuard;
import dev.swipe.wheel.WheelSet;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A phone as the SDK sees it: a HID finger and a capture eye. Every action returns an {@link
 * ActionResult} whose observation was captured after the action (never before it).
 *
 * <pre>{@code
 * try (Device phone = Device.open("sim:")) {
 *   Observation before = phone.screenshot();
 *   ActionResult r = phone.swipe(Swipe.builder(NormPoint.of(500, 600), NormPoint.of(500, 400))
 *       .durationMs(400).steps(16).holdAfterMs(100).build());
 * }
 * }</pre>
 *
 * <p>The interface keeps the verbs an agent uses on every step: look, touch, type, scroll. The rest
 * sits behind role views, as {@code WebDriver} keeps {@code manage()} and {@code navigate()}:
 * {@link #text()} reads and taps text, {@link #wheels()} reads and sets pickers, {@link #screen()}
 * compares screens and waits for them, {@link #run()} is this run's trace and attachments, and
 * {@link #rig()} the parts the device is built from.
 *
 * <p>A device serializes its actions: gestures from two threads never interleave. When anything
 * fails inside a gesture the pointer is released before the exception leaves the SDK. Every method
 * throws {@link SwipeException}; after {@link #close()} they throw {@code device_closed}.
 */
@Api(status = Api.Status.STABLE)
public interface Device extends AutoCloseable {

  /**
   * Opens a combined device by URI, e.g. {@code sim:} or {@code sim:?scene=picker&platform=ios}.
   *
   * @throws SwipeException {@code unknown_scheme} listing the known schemes, or the provider's
   *     error
   */
  static Device open(String uri) {
    return builder().device(uri).open();
  }

  /** A builder for rigs with separate HID and capture parts. */
  static DeviceBuilder builder() {
    return new DeviceBuilder();
  }

  /** Captures the screen now (a frame newer than this call plus the source's latency). */
  Observation screenshot();

  /**
   * Plays any gesture and observes the result, settling within the device's default bound (three
   * times it for a swipe or drag that lifts while moving: its content coasts on). A long press is
   * {@code perform(LongPress.at(p))}, a multi-point drag {@code perform(drag)}.
   */
  ActionResult perform(Gesture gesture);

  /** A tap with the default hold. */
  default ActionResult tap(NormPoint at) {
    return perform(Tap.at(at));
  }

  /** A swipe. */
  default ActionResult swipe(Swipe swipe) {
    return perform(SwipeException.requireArgument(swipe, "swipe"));
  }

  /**
   * Two fingers: a zoom, a turn or a two-finger pan ({@link Pinch#zoom}, {@link Pinch#rotate},
   * {@link Pinch#pan}), judged from the screens before and after ({@link Screen#zoom}). It needs a
   * link that holds two fingers ({@link dev.swipe.core.spi.HidCapabilities#contacts()}): a
   * multi-touch digitizer, the simulator's digitizer, or {@code chrome:}.
   *
   * @throws SwipeException {@code unsupported_input} on a single-pointer link, before any report
   */
  PinchResult pinch(Pinch pinch);

  /** Presses and releases one key (Back and Home are consumer keys). */
  default ActionResult key(Key key) {
    return perform(KeyPress.of(SwipeException.requireArgument(key, "key")));
  }

  /**
   * Types text into the focused field with the HID keyboard, as a US-layout keyboard types it:
   * ASCII letters, digits, punctuation, space, tab and newline (Enter). Every character is checked
   * before the first key goes down, so text holding one the layout cannot type (accents, emoji,
   * CJK) types nothing. Only the last key waits for the screen to settle.
   *
   * @param text 1 to 10,000 characters
   * @return the last key's result (its observation is the settled screen) with the cost of all keys
   * @throws SwipeException {@code invalid_argument} for null, empty or too long text; {@code
   *     unsupported_character} (details: {@code character}, {@code code_point}, {@code index}) for
   *     a character the layout cannot type; {@code unsupported_input} when the HID link has no
   *     keyboard
   */
  default ActionResult typeText(String text) {
    return UsKeyboardLayout.type(this, text);
  }

  /**
   * Scrolls in a direction and reports what moved ({@code moved}, {@code at-edge}, {@code
   * unchanged}, {@code unobserved}). One gesture, then a look: never a burst.
   *
   * @throws SwipeException {@code scroll_no_progress} when nothing moved although the request
   *     expects content; {@code scroll_keyboard_occludes_surface} when a keyboard leaves too little
   */
  ScrollResult scroll(Scroll scroll);

  /**
   * Scrolls pass after pass until {@code until} holds on a settled screen, an edge is reached, the
   * search's passes ran, or its timeout (device time) passed. With {@link SearchPace#FLING} the
   * predicate also sees the frames of each coast (observations with {@code motion-N} ids, never
   * settled, not registered in the run), so keep it cheap and free of side effects; "found" is
   * still only claimed on a settled screen. To search for text, pass {@link
   * Text#condition(TextQuery, Scroll)} or use {@link Text#scrollUntil(Scroll, TextQuery)}.
   *
   * @param search how many passes, how long and at which pace ({@link ScrollSearch#defaults()}:
   *     flinging, 60 passes, 120 s)
   */
  ScrollUntilResult scrollUntil(Scroll scroll, Predicate<Observation> until, ScrollSearch search);

  /** Reading, finding, tapping and waiting for text on this device's screens. */
  Text text();

  /** Reading and setting picker wheels. */
  Wheels wheels();

  /** Comparing screens, waiting for one, and asserting a golden one. */
  Screen screen();

  /** This run: its attachments and trace, and new runs on the same phone. */
  Run run();

  /** The parts the device is built from: HID capabilities, clock, memory, listeners. */
  Rig rig();

  /** Releases the pointer and keys and closes both parts; calling it twice is harmless. */
  @Override
  void close();

  /** Text on the screen, read with the device's text reader (see {@link Device#text()}). */
  interface Text {

    /**
     * Reads the text on an observation of this run: its lines, top to bottom, in normalized units.
     * Reads are cached per observation, so reading, finding and tapping on one screenshot cost one
     * OCR pass.
     *
     * @param region the part to read, or null for the whole screen
     * @throws SwipeException {@code text_reader_unavailable} when no text reader can be loaded
     *     (details name the platform and what is missing), {@code unknown_attachment} for an
     *     observation of another run
     */
    List<ScreenText> read(Observation observation, @Nullable NormRegion region);

    /**
     * Finds {@code query} on an observation of this run, best match first; an empty result is not
     * an error.
     *
     * @throws SwipeException {@code text_reader_unavailable}, {@code unknown_attachment}, {@code
     *     text_query_too_costly} for a regular expression that backtracks past its budget
     */
    TextSearchResult find(Observation observation, TextQuery query);

    /** Finds {@code query} on a fresh screenshot. */
    TextSearchResult find(TextQuery query);

    /**
     * Taps the centre of the single best match of {@code query} on a fresh screenshot.
     *
     * @throws SwipeException {@code text_not_found} (details list the lines read nearest to the
     *     query), {@code text_ambiguous} (details list the equally good candidates: narrow the
     *     query with a region or more words), and the errors of {@link Device#tap(NormPoint)}
     */
    ActionResult tap(TextQuery query);

    /** Taps the single best match of {@code query} on an observation of this run. */
    ActionResult tap(Observation observation, TextQuery query);

    /**
     * Takes settled screenshots until {@code query} is found or {@code timeout} (device time)
     * passes; returns the last read either way, so check {@link TextSearchResult#found()}.
     *
     * @throws SwipeException {@code invalid_argument} for a timeout outside (0, 10 min]
     */
    TextSearchResult waitFor(TextQuery query, Duration timeout);

    /**
     * A condition that holds when {@code query} is found on a screenshot (read with this device's
     * text reader), for {@link Screen#waitUntil} and combinations with pixel conditions.
     */
    default ScreenCondition visible(TextQuery query) {
      SwipeException.requireArgument(query, "query");
      return ScreenCondition.of("text " + query + " visible", o -> find(o, query).found());
    }

    /** A condition that holds when {@code query} is not found on a screenshot. */
    default ScreenCondition gone(TextQuery query) {
      SwipeException.requireArgument(query, "query");
      return ScreenCondition.of("text " + query + " gone", o -> !find(o, query).found());
    }

    /**
     * Scrolls until {@code text} is on a settled screen (see {@link Device#scrollUntil(Scroll,
     * Predicate, ScrollSearch)}). Reads the query's region (default the whole screen) and only on
     * the frames worth reading: each pass's end screen and, during a fling's coast, the frames that
     * follow one another closely enough to cover every row. Find the match on the result's
     * observation with {@link #find(Observation, TextQuery)}: that read is cached.
     *
     * <p>Without a region of its own, the query counts as found only inside the scroll's region, a
     * line clear of its edges, where the row it names is on the screen whole: a match read nearer
     * an edge (a row half under a header or a tab bar) is brought to the region's middle by up to
     * two steady passes, which count as passes; where the content cannot move further, a match
     * inside the region counts.
     *
     * @throws SwipeException {@code text_reader_unavailable} when no text reader can be loaded, and
     *     the errors of the predicate form
     */
    ScrollUntilResult scrollUntil(Scroll scroll, TextQuery text, ScrollSearch search);

    /**
     * Scrolls until {@code text} is on a settled screen, with {@link ScrollSearch#defaults()}:
     * flinging, at most 60 passes within 120 seconds.
     *
     * @throws SwipeException {@code text_reader_unavailable} when no text reader can be loaded, and
     *     the errors of {@link Device#scrollUntil(Scroll, Predicate, ScrollSearch)}
     */
    default ScrollUntilResult scrollUntil(Scroll scroll, TextQuery text) {
      return scrollUntil(scroll, text, ScrollSearch.defaults());
    }

    /**
     * The condition {@link #scrollUntil(Scroll, TextQuery, ScrollSearch)} uses, for hosts that
     * combine it with their own checks; it reads frames of this device's runs with the device's
     * text reader.
     */
    Predicate<Observation> condition(TextQuery text, Scroll scroll);
  }

  /** Picker wheels on the screen (see {@link Device#wheels()}). */
  interface Wheels {

    /**
     * Finds the picker columns on an observation of this run by reading its text: for each, the
     * geometry a {@code wheel_nudge} needs (column x, selected row's y, row spacing), the selected
     * label and its neighbours, the value they count to and whether the column wraps. The selected
     * row is where two or more of the picker's marks agree (a band behind it, lines across the
     * column, faded or bold rows, a cylinder's curve, the line the rows mirror about); where they
     * disagree the column has no value and {@link WheelColumn#selectionClear()} is false.
     *
     * @param region where to look, or null for the whole screen
     * @throws SwipeException {@code text_reader_unavailable}, {@code unknown_attachment}
     */
    WheelReading read(Observation observation, @Nullable NormRegion region);

    /** Reads the picker columns on a fresh screenshot. */
    WheelReading read();

    /**
     * Sets a picker column to a target in one call: reads the column, nudges it under the wheel
     * policy and the run's guard, reads it again after every nudge, and returns once two readings
     * in a row show the target, releasing the column. Decides from what it reads, never from the
     * plan.
     *
     * @throws SwipeException {@code wheel_not_found} (no picker on the screen), {@code
     *     wheel_selection_unclear} (the marks of the selected row disagree, so no value is
     *     claimed), {@code wheel_column_unclear} (a column asked for by its place cannot be counted
     *     surely: rows drawn left of it where no column reads, so the place might name a
     *     neighbour), {@code invalid_argument} naming {@code column} when the column asked for is
     *     not there, {@code wheel_target_unreachable} (the target is not a value of the column:
     *     details list the labels seen), {@code wheel_labels_unrecognized}, and the errors of
     *     {@link #nudge}
     */
    WheelSetResult set(WheelSet request);

    /**
     * Sets several columns of one picker, in the order given (a full time: hour then minute, or
     * minute then hour), and returns once every column shows its target on one reading after the
     * last set. Columns can be linked: a TimePicker spinner's hour follows its minute past 59/00,
     * so setting the minute can move an hour already set; such a column is read again and set back
     * (at most three passes), and its evidence says what moved it.
     *
     * @param requests one per column, each column at most once; columns are found on the first
     *     screenshot and then followed by their x
     * @return one result per request, in the same order: the column's last confirmed label, with
     *     every nudge and reading of every pass
     * @throws SwipeException {@code invalid_argument} naming {@code requests} (empty, more than 20,
     *     a null, or two requests for one column), {@code wheel_no_progress} when a column is still
     *     off its target after the passes, and the errors of {@link #set}
     */
    List<WheelSetResult> setAll(List<WheelSet> requests);

    /**
     * Moves a picker wheel toward a target value with one bounded, slow, measured drag ({@code
     * wheel_nudge}). The request's geometry is read from {@code screenshot}, which must be an
     * observation of this run; the row pitch is measured on it and overrides a wrong estimate when
     * confident. The drag never starts on the selected row, dwells before release, and is charged
     * to the run's wheel budget only after it succeeded. Read the new value from the result's
     * observation and call again until it shows the target (then once with current == target to
     * release the column). Before its first drag on a column, the column must read as a picker at
     * {@code column_x}/{@code center_y} (as {@link #read} reads them; with no text reader, its rows
     * must at least repeat there): a nudge on a list would scroll it, and the guard would then
     * refuse scrolls across it.
     *
     * @throws SwipeException {@code wheel_not_found} (nothing reads as a picker there; nothing was
     *     played and the guard is untouched), {@code wheel_target_unreachable}, {@code
     *     wheel_budget_exhausted}, {@code wheel_no_progress}, {@code wheel_column_busy}, {@code
     *     unknown_attachment}, {@code invalid_argument} naming the field
     */
    WheelNudgeResult nudge(Observation screenshot, WheelRequest request);

    /**
     * The run's wheel guard: budgets left per column and for the run, and which regions are being
     * worked (generic touch and key input aimed there is refused with {@code
     * wheel_generic_input_blocked}).
     */
    WheelRunGuard guard();
  }

  /** Comparing screens and waiting for them (see {@link Device#screen()}). */
  interface Screen {

    /**
     * Compares two observations of this device's run ({@code image_diff}): whether the screen
     * changed ({@code diff_ratio > 0.01}, or less when the content shifted by a few pixels: a short
     * pan of a sparse map) and along which axis content moved. Never a distance.
     *
     * <p>When the two frames changed but share nothing that moved (a carousel page switch, a wheel
     * turned several rows) and {@code after} is the screen of the one action taken from {@code
     * before}, the axis is read from the frames this device captured while that action's content
     * moved inside the region, and {@link DiffResult#axisEvidence()} says so ({@code
     * motion_between}).
     *
     * @param region the part to compare, or null for the whole screen
     * @throws SwipeException {@code unknown_attachment} for observations of another run, {@code
     *     image_size_mismatch} for observations of different sizes
     */
    DiffResult diff(Observation before, Observation after, @Nullable NormRegion region);

    /**
     * Whether the content between two observations of this run was zoomed (a pinch), by how much
     * and about which point, from the pixels alone; {@link ZoomChange#observed() unobserved} when
     * the frames do not show it (unrelated or blank screens, too little content to match). A scroll
     * or an unchanged screen is {@code none}.
     *
     * @throws SwipeException {@code unknown_attachment} for observations of another run, {@code
     *     image_size_mismatch} for observations of different sizes
     */
    ZoomChange zoom(Observation before, Observation after);

    /**
     * Takes settled screenshots until {@code condition} holds on one, or {@code timeout} (device
     * time) passes; looks are 250 ms apart and bounded in number. Only settled screenshots count: a
     * screen still moving is looked at again. Never throws for a condition that did not hold: check
     * {@link WaitResult#held()}.
     *
     * @throws SwipeException {@code invalid_argument} for a timeout outside (0, 10 min], and what
     *     the condition throws
     */
    WaitResult waitUntil(ScreenCondition condition, Duration timeout);

    /**
     * Takes screenshots until one passes the settling gate (the screen is at rest), or {@code
     * timeout} (device time) passes; check {@link WaitResult#held()}.
     *
     * @throws SwipeException {@code invalid_argument} for a timeout outside (0, 10 min]
     */
    WaitResult waitForStable(Duration timeout);

    /**
     * Compares a fresh screenshot with a golden one and returns the comparison when it matches;
     * otherwise writes a diff image (into the trace directory when tracing, else a temporary one)
     * and fails.
     *
     * @throws SwipeException {@code screen_mismatch} (details: {@code diff_ratio}, {@code
     *     tolerance}, {@code diff_image}), {@code image_size_mismatch} for a golden of another size
     */
    GoldenScreen.Comparison assertMatches(GoldenScreen golden);

    /**
     * {@link #assertMatches(GoldenScreen)} with a golden JPEG or PNG file, regions to ignore and
     * the share of the rest allowed to differ.
     *
     * @throws SwipeException as {@link #assertMatches(GoldenScreen)}, and {@code invalid_argument}
     *     naming {@code baseline}, {@code masks[i]} or {@code tolerance}
     */
    default GoldenScreen.Comparison assertMatches(
        Path baseline, List<NormRegion> masks, double tolerance) {
      SwipeException.requireArgument(masks, "masks");
      return assertMatches(GoldenScreen.load(baseline).masks(masks).tolerance(tolerance));
    }
  }

  /** This run of the device (see {@link Device#run()}). */
  interface Run {

    /** The registry this run keeps its observations in. */
    AttachmentRegistry attachments();

    /**
     * Records an event of this run that is not an action (a WebDriver session that ended, and why)
     * in the run's trace, as a record named {@code event} whose {@code outcome} holds {@code
     * details}; an untraced run ignores it. Never fails because of the trace.
     *
     * @param event snake_case, e.g. {@code session_ended}
     * @throws SwipeException {@code invalid_argument} (field {@code event}) for a name that is not
     *     snake_case
     */
    void note(String event, Map<String, ?> details);

    /**
     * {@code store} as this run uses it: each call is recorded in the run's trace, as the calls on
     * {@link Rig#memory()} are, so a store the caller owns (an agent server's, shared by its runs)
     * leaves the same records as the device's own. An untraced run gives {@code store} itself.
     * Closing the view closes the store.
     *
     * @throws SwipeException {@code invalid_argument} (field {@code store}) for null
     */
    MemoryStore traced(MemoryStore store);

    /**
     * Starts a new run on the same phone: a device that shares the finger, the eyes and the lock
     * (gestures of all runs are serialized) but has its own attachment ids and wheel guard, as an
     * agent run needs. Closing it ends the run, not the device.
     */
    Device fork();

    /**
     * {@link #fork()} with its own trace in {@code traceDir}, so a server that hosts many runs (an
     * agent server's clients, WebDriver sessions) leaves one trace per run that renders on its own.
     * The directory is opened now: a run that cannot be traced fails before it starts, never in the
     * middle; a full disk or the budget only stops the trace, with a recorded reason. Closing the
     * run closes its trace.
     *
     * @param traceMaxBytes the disk budget of the run's trace directory (at least 4096)
     * @throws SwipeException {@code invalid_argument} (field {@code trace}) when the directory
     *     cannot be created or written, (field {@code trace_max_bytes}) for a budget under 4096
     */
    Device fork(Path traceDir, long traceMaxBytes);

    /**
     * {@link #fork()} keeping its screenshots in {@code attachments} (a registry made for this run,
     * e.g. with a byte bound or a server's shared {@link AttachmentRegistry.Budget}), traced into
     * {@code traceDir} as {@link #fork(Path, long)} when it is not null.
     *
     * @throws SwipeException {@code invalid_argument} (field {@code attachments}) for null, and as
     *     {@link #fork(Path, long)} for the trace
     */
    Device fork(AttachmentRegistry attachments, @Nullable Path traceDir, long traceMaxBytes);

    /**
     * {@link #fork(AttachmentRegistry, Path, long)} traced into {@code trace} instead of a
     * directory: a {@link TraceSink} such as {@link dev.swipe.core.trace.HttpTraceSink}, which
     * sends the run's trace to a collector where a farm's runs land together. The run owns the
     * sink: closing the run closes it (within the sink's own bound), and so does a fork that fails.
     * The trace keeps within {@code traceMaxBytes} as a directory's does, and a sink that stops
     * only stops the trace; a null sink leaves the run untraced.
     *
     * <p>A {@link Run} written before sinks existed (a host's own wrapper of a device) refuses with
     * {@code invalid_argument} (field {@code trace}) and closes the sink.
     *
     * @throws SwipeException {@code invalid_argument} (field {@code attachments}) for a null
     *     registry, (field {@code trace_max_bytes}) for a budget under 4096
     */
    default Device forkTracedTo(
        AttachmentRegistry attachments, @Nullable TraceSink trace, long traceMaxBytes) {
      if (trace != null) {
        trace.close();
      }
      throw SwipeException.invalidArgument(
          "trace", getClass().getName() + " cannot trace a run into a TraceSink");
    }
  }

  /** The parts the device is built from (see {@link Device#rig()}). */
  interface Rig {

    /** What the HID link can do. */
    HidCapabilities capabilities();

    /** The device's clock (virtual on the simulator). */
    Ticker ticker();

    /**
     * How far the captured frames lag the phone, as this device measured it (a move of the pointer
     * the phone draws, timed against the frames) or recalled it for this rig from its memory store;
     * empty before either. Every frame the device asks for after an action waits out the larger of
     * this and the lag the capture states.
     */
    Optional<Duration> captureLag();

    /**
     * The widget-parameter memory configured with {@link DeviceBuilder#memory(String)} (shared by
     * the device's runs), traced into this run, if any. Its errors are {@link SwipeException}s
     * ({@code memory_unavailable}, {@code invalid_argument}, ...).
     */
    Optional<MemoryStore> memory();

    /**
     * Lets {@code listener} hear every frame captured, pointer report sent and step started by this
     * device and all its runs (a video recorder), until the registration is closed.
     */
    Listener.Registration listen(Listener listener);

    /**
     * Plays any gesture and observes the result, waiting at most {@code settleBound} for the screen
     * to come to rest ({@link Duration#ZERO}: take the first fresh frame, unsettled).
     */
    ActionResult perform(Gesture gesture, Duration settleBound);

    /**
     * Returns a part of this device of the given type, e.g. the simulator's test oracle or the HID
     * transport, if one exists (JDBC's {@code unwrap}).
     */
    <T> Optional<T> unwrap(Class<T> type);
  }

  /**
   * Hears what a device does as it does it: every frame it captures, every finger report it sends,
   * every step it starts. For recorders (a video of the run) that must not change the run:
   * callbacks come on the device's thread while it works, so they must return at once (hand the
   * work to another thread) and must not call back into the device. An exception thrown by a
   * listener is swallowed.
   */
  interface Listener {
    /** A frame the device captured (settling, probing, watching a coast); may repeat a frame. */
    default void frameCaptured(Frame frame) {}

    /** A pointer report just sent, at {@code atNanos} on the device's clock. */
    default void pointerSent(HidReport.Pointer report, long atNanos) {}

    /**
     * A multi-touch report (several fingers) just sent, at {@code atNanos} on the device's clock.
     */
    default void touchSent(HidReport.Touch report, long atNanos) {}

    /** A step (an action, a composite, a wait) began, at {@code atNanos} on the device's clock. */
    default void stepStarted(String action, long atNanos) {}

    /** Stops a listener from hearing more. */
    interface Registration extends AutoCloseable {
      /** Removes the listener; calling it twice is harmless. */
      @Override
      void close();
    }
  }
}

package dev.swipe.sim;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.sim.internal.VirtualPhone;
import java.awt.Color;
import java.awt.Rectangle;
import java.time.Duration;
import java.util.List;

/**
 * The simulator's true state, for tests and benchmarks only: SDK policies must judge from pixels
 * and never call this. Values are read at the phone clock's current reading (not delayed by the
 * capture latency), except where a method takes the screenshot it answers for.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class SimOracle {
  private static final long STEP_NANOS = 16_000_000L;
  private final VirtualPhone phone;

  SimOracle(VirtualPhone phone) {
    this.phone = phone;
  }

  /**
   * The oracle of a device opened with a {@code sim:} URI.
   *
   * @throws SwipeException {@code invalid_argument} when the device is not a simulator
   */
  public static SimOracle of(Device device) {
    return SimPhone.of(device)
        .map(SimPhone::oracle)
        .orElseThrow(() -> SwipeException.invalidArgument("device", "is not a sim: device"));
  }

  /** Everything at once. */
  public SimState state() {
    return phone.state();
  }

  /** The wheel of a picker column ({@code month}, {@code hour}, {@code minute}). */
  public SimState.Wheel wheel(String column) {
    return state()
        .wheel(column)
        .orElseThrow(
            () ->
                SwipeException.invalidArgument(
                    "column", "no wheel named '" + column + "' on this screen"));
  }

  /**
   * Counts overshoots of a wheel against {@code value}: how often it enters the target row and
   * leaves it on the far side, and how far past it goes. Resets the counts.
   */
  public void setWheelTarget(String column, int value) {
    phone.wheelTarget(column, value);
  }

  /**
   * Test setup: puts a wheel at rest on {@code value} at once (as if set by the app), e.g. to start
   * a benchmark episode near the wrap of a cyclic wheel. Overshoot counts are kept.
   */
  public void setWheelValue(String column, int value) {
    phone.wheelValue(column, value);
  }

  /** Stops counting overshoots for a column (and resets its counts). */
  public void clearWheelTarget(String column) {
    phone.wheelTarget(column, null);
  }

  /**
   * Every touch the phone truly took, oldest first: where presses landed after its input rules
   * (ignored reports and dropped clicks leave nothing) and whether the app or system UI got them.
   * Score taps against this, never against what the SDK's screenshots suggest.
   */
  public List<SimState.TouchEvent> touchLog() {
    return phone.touchLog();
  }

  /** The mouse pointer as it truly is: where a press would land, and whether it is drawn. */
  public SimState.Pointer pointer() {
    return phone.pointerNow();
  }

  /** The system UI shown over the app now ({@code NONE} when the app shows). */
  public SimState.SystemUi systemUi() {
    return phone.systemUi();
  }

  /** Every opening and closing of system UI, oldest first. */
  public List<SimState.SystemUiChange> systemUiLog() {
    return phone.systemUiLog();
  }

  /** How this phone takes HID input, as drawn for its device. */
  public Input input() {
    return phone.input();
  }

  /** Every pointer state the phone received, oldest first. */
  public List<SimState.PointerSample> pointerLog() {
    return phone.pointerLog();
  }

  /** The contacts of the list scene in list order (row 0 first), before any search filter. */
  public static List<String> listContacts() {
    return VirtualPhone.listContacts();
  }

  /**
   * The list rows fully visible in a screenshot of this phone, top down: what an agent reading that
   * picture would see (the phone one capture latency before the frame was taken), which during a
   * fling is not what {@link #state()} says now.
   */
  public List<String> visibleListRows(Observation screenshot) {
    SwipeException.requireArgument(screenshot, "screenshot");
    return phone.visibleListRowsShownAt(screenshot.captureNanos());
  }

  /**
   * The text the phone drew on the frame a screenshot shows (strings and words with their ink boxes
   * in that frame's pixels, sizes and colours): the truth OCR is measured against.
   *
   * @throws SwipeException {@code invalid_argument} when the screenshot is not a frame this phone
   *     delivered, or is older than the last few hundred frames
   */
  public List<DrawnText> textOn(Observation screenshot) {
    SwipeException.requireArgument(screenshot, "screenshot");
    return phone
        .drawnTextOn(screenshot.captureNanos(), screenshot.jpeg())
        .orElseThrow(
            () ->
                SwipeException.invalidArgument(
                    "screenshot", "is not one of the recent frames of this simulator"));
  }

  /** The text drawn on the latest frame the phone painted, in the phone frame's pixels. */
  public List<DrawnText> drawnText() {
    return phone.drawnText();
  }

  /** The list content offset in frame pixels (NaN when the scene has no list). */
  public double listOffsetPx() {
    return state().listOffsetPx();
  }

  /**
   * The list's offset in frame pixels as the phone drew it at phone time {@code nanos} (its
   * ticker's reading), a time after the last touch and not after now: for measuring when a motion
   * ended after the fact.
   */
  public double listOffsetPxAt(long nanos) {
    return phone.listOffsetAt(nanos);
  }

  /**
   * The contact whose page a tap on its row opened, empty while the list shows (or on other
   * scenes).
   */
  public java.util.Optional<String> openedContact() {
    return phone.openedContact();
  }

  /** The carousel page (-1 when there is no carousel). */
  public int page() {
    return state().page();
  }

  /** Whether the on-screen keyboard is up. */
  public boolean keyboardVisible() {
    return state().keyboardVisible();
  }

  /** Whether a picker's inline editor is open. */
  public boolean editorOpen() {
    return state().editorOpen();
  }

  /** The release velocity of the last touch. */
  public SimState.Velocity lastTouchVelocity() {
    return state().lastTouchVelocity();
  }

  /**
   * Lets time pass on the phone's sleeper (virtual time: instantly) until nothing moves, at most
   * {@code max}; returns the state at rest (or at the bound).
   */
  public SimState awaitRest(Duration max) {
    long deadline = phone.ticker().read() + max.toNanos();
    SimState s = state();
    while (s.animating() && phone.ticker().read() < deadline) {
      try {
        phone.sleeper().sleep(STEP_NANOS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SwipeException(
            dev.swipe.base.CommonCode.INTERRUPTED, "interrupted while waiting for rest");
      }
      s = state();
    }
    return s;
  }

  /**
   * One string the simulator drew on a frame, for tests and benchmarks only (the truth an OCR
   * engine is measured against; SDK code never reads it). Boxes are the ink of the glyphs in the
   * pixels of the frame the phone delivered (after scaling or letterboxing), cut to what stayed
   * visible: clipped by its container or covered by something drawn later (keyboard, status bar).
   *
   * @param text the string as drawn
   * @param box the ink box of the visible part of the string
   * @param words the string's words (split at spaces) with their own ink boxes
   * @param capHeightPx the height of a capital letter in frame pixels
   * @param fontPx the font size in frame pixels
   * @param color the text colour
   * @param background the colour around the text on the rendered frame (median of a ring around the
   *     box, before JPEG)
   * @param alpha the opacity the text was drawn with (faded picker rows are below 1)
   * @param visibleFraction how much of the string's ink box is visible, 0 to 1
   * @param statusBar whether it is part of the system status bar (the clock)
   */
  public record DrawnText(
      String text,
      Rectangle box,
      List<Word> words,
      double capHeightPx,
      double fontPx,
      Color color,
      Color background,
      double alpha,
      double visibleFraction,
      boolean statusBar) {

    /** Copies the word list. */
    public DrawnText {
      words = List.copyOf(words);
      box = new Rectangle(box);
    }

    /** Whether the whole string is visible. */
    public boolean fullyVisible() {
      return visibleFraction >= 0.999;
    }

    /**
     * One word of a drawn string.
     *
     * @param text the word
     * @param box its ink box in frame pixels (the visible part)
     * @param visibleFraction how much of its ink box is visible, 0 to 1
     */
    public record Word(String text, Rectangle box, double visibleFraction) {
      /** Copies the box. */
      public Word {
        box = new Rectangle(box);
      }
    }
  }

  /**
   * How this simulated phone takes HID input, as drawn for its device: for tests and benchmarks
   * that must know what the phone does with a report (SDK policies learn it from pixels). Lengths
   * are in frame pixels.
   *
   * @param model whether input arrives as it says or as a real phone takes it from a rig
   * @param absoluteMouse what the phone does with an absolute mouse
   * @param takesDigitizer whether a touch digitizer touches (false on iOS with {@code input=rig})
   * @param acceleratedPointer whether relative reports follow {@link #curve()} (iOS with {@code
   *     input=rig}); otherwise one count moves one frame pixel
   * @param curve the relative pointer's gain, points per count
   * @param pxPerPoint frame pixels per point (the panel's density times the frame scale)
   * @param cursorShape how the pointer is drawn on iOS with {@code input=rig}
   * @param cursorSizePx the drawn pointer's size (a circle's diameter, an arrow's height)
   * @param cursorAlpha the drawn pointer's opacity, 0-1
   * @param cursorHideAfter how long after the last move the drawn pointer hides
   * @param tapOffsetPx how far above the drawn tip (or the circle's centre) a tap lands
   * @param cornerRadiusPx the display corners' radius, which clamps the pointer
   * @param captureLag how far behind the phone its captured frames are: a frame captured at a time
   *     shows the phone as it was this long before
   */
  public record Input(
      SimConfig.InputModel model,
      SimConfig.AbsoluteMouse absoluteMouse,
      boolean takesDigitizer,
      boolean acceleratedPointer,
      IosPointerCurve curve,
      double pxPerPoint,
      SimConfig.CursorShape cursorShape,
      double cursorSizePx,
      double cursorAlpha,
      Duration cursorHideAfter,
      double tapOffsetPx,
      double cornerRadiusPx,
      Duration captureLag) {

    /**
     * Frame pixels one relative report of {@code counts} (its length) moves the pointer, {@code
     * sincePreviousNanos} after the previous report (negative for the first).
     */
    public double pxPerCount(double counts, long sincePreviousNanos) {
      return acceleratedPointer ? curve.gain(counts, sincePreviousNanos) * pxPerPoint : 1.0;
    }
  }
}

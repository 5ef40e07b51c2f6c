package dev.swipe.core.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.DecodeOptions;
import dev.swipe.diff.internal.ImageDecoder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Tells a rig whose phone ignores its input apart from a screen that did not change, and names the
 * fix: at open, before a press where the latest look found no sign of the input, and after an
 * action that changed nothing.
 *
 * <p>Why: real phones are picky about HID input. iOS ignores a touch digitizer, many Android phones
 * ignore an absolute mouse, an iPhone takes a mouse only with AssistiveTouch on, and Jetpack
 * Compose lists ignore mouse drags by design. Each looks, from the frames, like a screen that did
 * not move, and an agent that is told "nothing moved" repeats the gesture instead of changing the
 * rig.
 *
 * <p>A phone that takes a mouse draws its pointer. The check moves the pointer sideways and back
 * without pressing and looks for it ({@link CursorFinder#wiggled}): seen, the phone takes the
 * input; not seen, it ignores the mouse (or hides its pointer) and the action fails with {@code
 * input_ignored}. Before its first look at an absolute mouse it times one move against the frames,
 * measuring the capture's lag, so that the looks wait for frames that show the moves. A touch
 * digitizer draws nothing, so it cannot be checked this way; the answer then names what a digitizer
 * is known to meet.
 */
final class InputCheck {
  /** What the check found. */
  enum Finding {
    /** The phone drew the mouse pointer where it was moved: it takes the input. */
    TAKEN("taken"),
    /** The phone drew no pointer for the mouse. */
    NO_SIGN("no_sign"),
    /** This kind of input leaves nothing to see without pressing (a touch digitizer). */
    UNSEEN("unseen");

    private final String id;

    Finding(String id) {
      this.id = id;
    }

    String id() {
      return id;
    }
  }

  /** Absolute hover moves, normalized units: middle of the screen, clear of every edge. */
  private static final NormPoint HOME = NormPoint.of(470, 560);

  private static final NormPoint ASIDE = NormPoint.of(560, 560);

  /**
   * How long the pointer rests before its lag is timed: longer than a rig's usual lag, so that the
   * frames it is timed against show it still.
   */
  private static final long REST_NANOS = 400_000_000L;

  private static final String ASSISTIVE_TOUCH =
      "AssistiveTouch on (Settings > Accessibility > Touch > AssistiveTouch) and the orientation"
          + " locked";

  private final HidTransport hid;
  private final MeasuredLagSource capture;
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final Duration captureTimeout;
  private final @Nullable PointerLoop pointer;

  /** Set once the phone was seen to take the input: later checks need not move anything. */
  private volatile boolean taken;

  /**
   * Set while the latest look found no sign of the input: each gesture that presses looks again
   * first, and fails before it plays if there is still none.
   */
  private volatile boolean ignored;

  /**
   * How the phone drew an absolute mouse's pointer when the check last saw it: {@code "circle"} (an
   * iPhone with AssistiveTouch) or {@code "arrow"} (Android, a newer iPad); null before.
   */
  private volatile @Nullable String look;

  /** Whether the link is a rig's and its input is checked at open and before presses. */
  private final boolean rig;

  /**
   * @param pointer the loop that steers a relative pointer from the frames, or null
   * @param rig whether to check a rig's input at open and before presses ({@link
   *     dev.swipe.core.spi.HidCapabilities#rig()}, unless {@code check_input=false})
   */
  InputCheck(
      HidTransport hid,
      MeasuredLagSource capture,
      Ticker ticker,
      Sleeper sleeper,
      Duration captureTimeout,
      @Nullable PointerLoop pointer,
      boolean rig) {
    this.hid = hid;
    this.capture = capture;
    this.ticker = ticker;
    this.sleeper = sleeper;
    this.captureTimeout = captureTimeout;
    this.pointer = pointer;
    this.rig = rig;
  }

  /**
   * Looks once, when a rig's device opens, whether the phone takes its mouse (it draws the pointer
   * where the mouse moved it), and returns what was found for the trace: {@code pointer}, {@code
   * input} and, unless the input was taken, the {@code fix}. A touch digitizer shows nothing
   * without pressing and is not looked at, nor is a link that is no rig's (empty map). A look that
   * fails (the capture has no frame) is told in {@code error} and leaves the gestures to find out.
   */
  Map<String, Object> atOpen() {
    PointerKind kind = hid.capabilities().activePointer();
    if (!rig || kind == PointerKind.TOUCH || (kind == PointerKind.RELATIVE && pointer == null)) {
      return Map.of();
    }
    Map<String, Object> found = new LinkedHashMap<>();
    found.put("pointer", kind.id());
    try {
      Finding f = probe(kind);
      found.put("input", f.id());
      if (f != Finding.TAKEN) {
        found.put("fix", fix(kind, f));
      }
    } catch (SwipeException e) {
      if (e.code() == CommonCode.INTERRUPTED) {
        throw e;
      }
      found.put("input", "unchecked");
      found.put("error", e.code().id());
    }
    return found;
  }

  /**
   * Before a gesture presses on a rig: where the latest look found no sign of the input, looks
   * again (the rig may have been fixed since), so a phone that ignores the rig is told within one
   * action, not by a run of gestures that change nothing.
   *
   * @throws SwipeException {@code input_ignored} naming the fix when there is still no sign
   */
  void beforePress() {
    if (!rig || !ignored) {
      return;
    }
    PointerKind kind = hid.capabilities().activePointer();
    Finding found = probe(kind);
    if (found == Finding.NO_SIGN) {
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("pointer", kind.id());
      details.put("input", found.id());
      details.put("fix", fix(kind, found));
      throw ignoredInput(kind, found, details);
    }
  }

  /** Whether the link is a rig's absolute mouse, whose button a phone may hold until released. */
  boolean rigsAbsoluteMouse() {
    return rig && hid.capabilities().activePointer() == PointerKind.ABSOLUTE;
  }

  /**
   * Checks the input after an action changed nothing, and adds what was found, with the fix named,
   * to the action's error {@code details}.
   *
   * @throws SwipeException {@code input_ignored} with those details when the phone drew no pointer
   *     for the mouse
   */
  void afterNoChange(Map<String, Object> details) {
    PointerKind kind = hid.capabilities().activePointer();
    Finding found = taken ? Finding.TAKEN : probe(kind);
    details.put("pointer", kind.id());
    details.put("input", found.id());
    String drawn = look;
    if (found == Finding.TAKEN && kind == PointerKind.ABSOLUTE && drawn != null) {
      details.put("pointer_look", drawn);
      details.put("fix", takenMouseFix(drawn.equals("circle")));
    } else {
      details.put("fix", fix(kind, found));
    }
    if (found == Finding.NO_SIGN) {
      throw ignoredInput(kind, found, details);
    }
  }

  /**
   * What to change where an absolute mouse the phone draws moved nothing: the pointer's look tells
   * which of the two known causes to name first. iOS draws AssistiveTouch's round pointer, and some
   * iPhones drop an absolute mouse's clicks; Android draws an arrow, and Jetpack Compose lists
   * ignore mouse drags while taking its clicks.
   */
  static String takenMouseFix(boolean round) {
    String iphone =
        "an iPhone that drops an absolute mouse's clicks needs pointer=rel with " + ASSISTIVE_TOUCH;
    String compose =
        "a list that ignores mouse drags, as Jetpack Compose lists do, needs pointer=touch";
    return round
        ? "the phone draws a round pointer for the mouse, as an iPhone does, and takes its moves: "
            + iphone
            + " (on Android, "
            + compose
            + ")"
        : "the phone draws an arrow for the mouse, as Android does, and takes its moves: "
            + compose
            + " (on an iPad that draws an arrow, "
            + iphone
            + ")";
  }

  private static SwipeException ignoredInput(
      PointerKind kind, Finding found, Map<String, Object> details) {
    return new SwipeException(
        ErrorCode.INPUT_IGNORED,
        "the phone drew no pointer when the "
            + (kind == PointerKind.RELATIVE ? "relative" : "absolute")
            + " mouse moved, so it ignores the rig's input (or the capture does not show the"
            + " phone): "
            + fix(kind, found),
        details,
        null);
  }

  /** What a rig with this input should change, given what was found. */
  static String fix(PointerKind kind, Finding found) {
    return switch (found) {
      case TAKEN ->
          kind == PointerKind.ABSOLUTE
              ? "the phone takes the mouse's moves (it draws its pointer); some iPhones drop an"
                  + " absolute mouse's clicks: there use pointer=rel with "
                  + ASSISTIVE_TOUCH
                  + "; a list that a mouse drag does not move may ignore mouse drags, as Jetpack"
                  + " Compose lists do: use pointer=touch there"
              : "the phone takes the mouse (it draws its pointer); a list that a mouse drag does"
                  + " not move may ignore mouse drags, as Jetpack Compose lists do: use"
                  + " pointer=touch there";
      case NO_SIGN ->
          kind == PointerKind.RELATIVE
              ? "on an iPhone switch "
                  + ASSISTIVE_TOUCH
                  + "; check that the HID link is plugged into the phone and the capture shows it"
              : "many Android phones and an iPhone without AssistiveTouch ignore an absolute mouse:"
                  + " use pointer=rel (on an iPhone with "
                  + ASSISTIVE_TOUCH
                  + "), or pointer=touch on Android";
      case UNSEEN ->
          kind == PointerKind.TOUCH
              ? "a touch digitizer shows nothing until it presses; iOS ignores one: on an iPhone"
                  + " use pointer=rel with "
                  + ASSISTIVE_TOUCH
              : "this link does not show where its pointer is; on an iPhone use pointer=rel with "
                  + ASSISTIVE_TOUCH;
    };
  }

  private Finding probe(PointerKind kind) {
    try {
      Finding f =
          switch (kind) {
            case RELATIVE ->
                pointer == null
                    ? Finding.UNSEEN
                    : pointer.shows() ? Finding.TAKEN : Finding.NO_SIGN;
            case ABSOLUTE -> hover() ? Finding.TAKEN : Finding.NO_SIGN;
            case TOUCH -> Finding.UNSEEN;
          };
      taken = f == Finding.TAKEN;
      ignored = f == Finding.NO_SIGN;
      return f;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SwipeException(
          CommonCode.INTERRUPTED, "interrupted while checking the input", Map.of(), e);
    }
  }

  /**
   * Moves an absolute mouse aside, back and aside again without pressing (after a release-all, as a
   * phone may hold a button whose release it lost) and looks for the pointer it draws.
   */
  private boolean hover() throws InterruptedException {
    hid.releaseAll();
    hid.send(new HidReport.Pointer(HOME, false));
    if (capture.measured() == null) {
      // first the lag, so that the looks below wait for frames that show the moves
      measureLag(ASIDE);
    }
    for (int dir : new int[] {1, -1}) {
      NormPoint from = dir > 0 ? HOME : ASIDE;
      NormPoint to = dir > 0 ? ASIDE : HOME;
      hid.send(new HidReport.Pointer(to, false));
      GreyRaster there = grab();
      hid.send(new HidReport.Pointer(from, false));
      GreyRaster back = grab();
      hid.send(new HidReport.Pointer(to, false));
      GreyRaster again = grab();
      int[] sides = pointerSides(back);
      CursorFinder.Blob[] seen = CursorFinder.wiggled(back, there, again, dir, sides[0], sides[1]);
      if (seen != null) {
        look = seen[0].arrow() ? "arrow" : "circle";
        return true;
      }
      sleeper.sleep(PointerLoop.PACE_NANOS);
    }
    return false;
  }

  /**
   * Times one move of the pointer, after a rest, to {@code to} against the frames ({@link
   * LagProbe}): a rig with an absolute mouse measures its capture's lag as one with a relative
   * pointer does, and later frames wait it out. A capture that states less than its real lag would
   * otherwise show the wiggle's frames before the pointer moved, and the phone would seem to ignore
   * the mouse. A phone that draws no pointer measures nothing.
   */
  private void measureLag(NormPoint to) throws InterruptedException {
    sleeper.sleep(REST_NANOS);
    Frame first = capture.grab(ticker.read(), captureTimeout);
    Frame second = LagProbe.next(capture, first.captureNanos(), captureTimeout);
    long sent = ticker.read();
    hid.send(new HidReport.Pointer(to, false));
    GreyRaster still = decode(second);
    int[] sides = pointerSides(still);
    LagProbe.measure(
        capture,
        InputCheck::decode,
        captureTimeout,
        decode(first),
        still,
        second.captureNanos() - first.captureNanos(),
        sent,
        sides[0],
        sides[1]);
  }

  /** The smallest and largest side of a drawn pointer, in pixels of {@code raster}. */
  private static int[] pointerSides(GreyRaster raster) {
    double h = raster.sourceHeight() / 1080.0 / raster.scaleY();
    return new int[] {(int) Math.max(4, 8 * h), (int) Math.ceil(90 * h)};
  }

  /** A frame taken after everything sent so far shows, grey (halved on a large frame). */
  private GreyRaster grab() {
    return decode(capture.grab(ticker.read(), captureTimeout));
  }

  private static GreyRaster decode(Frame f) {
    DecodeOptions options = f.height() > 1400 ? DecodeOptions.FOR_DIFF : DecodeOptions.DEFAULT;
    try {
      return ImageDecoder.decode(f.jpeg(), options);
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }
}

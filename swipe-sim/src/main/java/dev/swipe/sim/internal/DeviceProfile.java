package dev.swipe.sim.internal;

import dev.swipe.sim.SimConfig;
import dev.swipe.sim.SimConfig.Platform;
import java.time.Duration;
import java.util.SplittableRandom;

/**
 * The physical constants of one virtual phone, in layout pixels (1080x2400 at density 3): the
 * nominal published values, or a seeded draw within plausible ranges so a benchmark covers many
 * "devices".
 *
 * @param platform whose rules apply
 * @param density pixels per dp (or pt)
 * @param touchSlopPx distance a finger moves before a touch becomes a drag (Android 8 dp)
 * @param friction Android ViewConfiguration scroll friction (0.015)
 * @param minFlingPxPerS slowest release that flings (50 dp/s)
 * @param maxFlingPxPerS fastest fling (8000 dp/s)
 * @param wheelPitchPx picker row pitch (Android NumberPicker ~60 dp, iOS 32 pt)
 * @param fontFamily the UI font
 * @param fontScale the user's font size setting
 * @param latency capture latency
 * @param jpegQuality capture JPEG quality
 * @param framePhaseNanos offset of the capture frame grid
 * @param iosStopPx remaining distance (layout pixels) below which an iOS deceleration is at rest
 * @param bounceOmega natural frequency (rad/s) of iOS's critically damped bounce-back spring
 * @param stretch whether Android and Flutter lists stretch at their ends (else they glow)
 * @param heightPx layout height in pixels ({@link #HEIGHT}, or the chosen display's)
 */
record DeviceProfile(
    Platform platform,
    double density,
    double touchSlopPx,
    double friction,
    double minFlingPxPerS,
    double maxFlingPxPerS,
    double wheelPitchPx,
    String fontFamily,
    double fontScale,
    Duration latency,
    int jpegQuality,
    long framePhaseNanos,
    double iosStopPx,
    double bounceOmega,
    boolean stretch,
    int heightPx) {

  /** Layout width in pixels. */
  public static final int WIDTH = 1080;

  /** Layout height in pixels of the default display (xxhdpi). */
  public static final int HEIGHT = 2400;

  /** Pixels per dp of the default display (xxhdpi). */
  public static final double DENSITY = 3.0;

  /** iOS UIScrollView normal deceleration rate per millisecond. */
  public static final double IOS_DECELERATION = 0.998;

  /** iOS rubber-band constant. */
  public static final double IOS_RUBBER_BAND = 0.55;

  /** Android long-press timeout. */
  public static final long LONG_PRESS_NANOS = 400_000_000L;

  /** Android tap timeout (NumberPicker counts a tap only below it). */
  public static final long TAP_TIMEOUT_NANOS = 100_000_000L;

  /** Android NumberPicker lowers the maximum fling velocity by this factor. */
  public static final double PICKER_FLING_DIVISOR = 8.0;

  /**
   * Bounce spring of the published UIScrollView model (Lobanov, "How UIScrollView works": stiffness
   * 100, mass 1, damping ratio 1).
   */
  public static final double IOS_BOUNCE_OMEGA = 10.0;

  /**
   * Flutter's kTouchSlop (gestures/constants.dart): also the least span of a fling's velocity
   * samples, in logical pixels.
   */
  public static final double FLUTTER_MIN_FLING_DISTANCE_LP = 18.0;

  private static final String[] FONTS = {"DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Serif"};

  /** The profile for a configuration: nominal without a seed, drawn from the seed otherwise. */
  /** The shortest and longest HID-to-frame lag of a rig's capture path, in ms. */
  static final long RIG_LAG_MIN_MS = 90;

  static final long RIG_LAG_MAX_MS = 240;

  /**
   * A rig's capture lag: a pointer move showed in captured frames 90-240 ms after its HID report (a
   * PiKVM snapshot path, measured in public field reports), longer than an HDMI dongle alone. One
   * per device from its own draw, so the other draws of a seeded device stay as they were; the
   * middle of the range without a seed.
   */
  static long rigCaptureLagMs(SimConfig config) {
    if (config.seed().isEmpty()) {
      return (RIG_LAG_MIN_MS + RIG_LAG_MAX_MS) / 2;
    }
    SplittableRandom r = new SplittableRandom(config.seed().getAsLong() ^ 0x5EEDCAFEL);
    return RIG_LAG_MIN_MS + r.nextLong(RIG_LAG_MAX_MS - RIG_LAG_MIN_MS + 1);
  }

  public static DeviceProfile of(SimConfig config) {
    Platform p = config.platform();
    double density = config.display().density();
    double slopDp = 8;
    double friction = 0.015;
    double pitchUnits = p == Platform.ANDROID ? 60 : 32;
    String font = FONTS[0];
    double fontScale = 1.0;
    long latencyMs = 60;
    int quality = 80;
    long phase = 0;
    double stopPt = 0.5 / density;
    double omega = IOS_BOUNCE_OMEGA;
    if (config.seed().isPresent()) {
      SplittableRandom r = new SplittableRandom(config.seed().getAsLong());
      slopDp =
          5
              + r.nextInt(
                  10); // 5..14 dp: OEM config_viewConfigurationTouchSlop values around AOSP's 8
      friction =
          0.010
              + r.nextDouble()
                  * 0.014; // 0.010..0.024: ViewConfiguration's 0.015 and OEM setFriction tunings
      pitchUnits =
          p == Platform.ANDROID ? 48 + r.nextInt(17) : 32 + r.nextInt(4); // 48..64 dp, 32..35 pt
      font = FONTS[r.nextInt(FONTS.length)];
      fontScale = 0.9 + r.nextDouble() * 0.25; // 0.9..1.15
      latencyMs = 40L + r.nextInt(111); // 40..150 ms: HDMI dongles
      quality = 60 + r.nextInt(36); // 60..95
      phase = r.nextLong(33_000_000L);
      // drawn last so the draws above stay those of earlier simulator versions
      stopPt =
          0.05 + r.nextDouble() * 0.45; // 0.05..0.5 pt: UIKit leaves its stop threshold unpublished
      omega =
          8
              + r.nextDouble()
                  * 6.2; // 8..14.2 rad/s: from the published model (10) to Flutter's bounce spring
      // (14.1)
    }
    if (config.input() == SimConfig.InputModel.RIG) {
      latencyMs = rigCaptureLagMs(config);
    }
    return new DeviceProfile(
        p,
        density,
        slopDp * density,
        friction,
        50 * density,
        8000 * density,
        pitchUnits * density,
        font,
        fontScale,
        config.latency().orElse(Duration.ofMillis(latencyMs)),
        config.jpegQuality().orElse(quality),
        phase,
        stopPt * density,
        omega,
        config.effectiveOverscroll() == SimConfig.Overscroll.STRETCH,
        config.display().heightPx());
  }

  /** Whether this profile follows iOS physics. */
  public boolean ios() {
    return platform == Platform.IOS;
  }
}

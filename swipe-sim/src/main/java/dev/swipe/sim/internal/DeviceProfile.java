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
 */
public record DeviceProfile(
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
    long framePhaseNanos) {

  /** Layout width in pixels. */
  public static final int WIDTH = 1080;
  /** Layout height in pixels. */
  public static final int HEIGHT = 2400;
  /** Pixels per dp. */
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

  private static final String[] FONTS = {"DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Serif"};

  /** The profile for a configuration: nominal without a seed, drawn from the seed otherwise. */
  public static DeviceProfile of(SimConfig config) {
    Platform p = config.platform();
    double slopDp = 8;
    double friction = 0.015;
    double pitchUnits = p == Platform.ANDROID ? 60 : 32;
    String font = FONTS[0];
    double fontScale = 1.0;
    long latencyMs = 60;
    int quality = 80;
    long phase = 0;
    if (config.seed().isPresent()) {
      SplittableRandom r = new SplittableRandom(config.seed().getAsLong());
      slopDp = 6 + r.nextInt(7); // 6..12 dp: OEM config_viewConfigurationTouchSlop values
      friction = 0.012 + r.nextDouble() * 0.008; // 0.012..0.020
      pitchUnits = p == Platform.ANDROID ? 48 + r.nextInt(17) : 32 + r.nextInt(4); // 48..64 dp, 32..35 pt
      font = FONTS[r.nextInt(FONTS.length)];
      fontScale = 0.9 + r.nextDouble() * 0.25; // 0.9..1.15
      latencyMs = 40 + r.nextInt(111); // 40..150 ms: HDMI dongles
      quality = 60 + r.nextInt(36); // 60..95
      phase = r.nextLong(33_000_000L);
    }
    return new DeviceProfile(
        p,
        DENSITY,
        slopDp * DENSITY,
        friction,
        50 * DENSITY,
        8000 * DENSITY,
        pitchUnits * DENSITY,
        font,
        fontScale,
        config.latency().orElse(Duration.ofMillis(latencyMs)),
        config.jpegQuality().orElse(quality),
        phase);
  }

  /** Whether this profile follows iOS physics. */
  public boolean ios() {
    return platform == Platform.IOS;
  }
}

package dev.swipe.capture.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.DeviceUri;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The URI options every capture source shares: latency, how to find the screen in the frame, how to
 * turn it upright, the JPEG quality of re-encoded crops and an optional recording directory.
 */
record CaptureOptions(
    Duration latency,
    CropMode cropMode,
    @Nullable ScreenCrop fixedCrop,
    int rotateDegrees,
    float jpegQuality,
    int blackLevel,
    Optional<Path> recordTo) {

  /** How the screen rectangle is chosen. */
  enum CropMode {
    /** Detect the screen inside black bars once, from the first frame with content. */
    AUTO,
    /** Hand the capture frame over as it is. */
    NONE,
    /** A rectangle given in the URI. */
    FIXED
  }

  /** The crop given in the URI, there in {@link CropMode#FIXED}, the only mode that uses it. */
  ScreenCrop requireFixedCrop() {
    return Objects.requireNonNull(fixedCrop, "the crop= rectangle");
  }

  /** Keys understood by {@link #parse}. */
  static final Set<String> KEYS =
      Set.of("latency_ms", "crop", "rotate", "quality", "black_level", "record");

  /** The shared keys plus a source's own. */
  static Set<String> keysWith(String... own) {
    Set<String> keys = new HashSet<>(KEYS);
    keys.addAll(Set.of(own));
    return keys;
  }

  static CaptureOptions parse(DeviceUri uri, int defaultLatencyMs, CropMode defaultCrop) {
    Duration latency = Duration.ofMillis(uri.intParam("latency_ms", defaultLatencyMs, 0, 10_000));
    CropMode mode = defaultCrop;
    ScreenCrop fixed = null;
    String crop = uri.param("crop").map(String::strip).orElse(null);
    if (crop != null) {
      if (crop.equalsIgnoreCase("auto")) {
        mode = CropMode.AUTO;
      } else if (crop.equalsIgnoreCase("none")) {
        mode = CropMode.NONE;
      } else {
        mode = CropMode.FIXED;
        fixed = ScreenCrop.parse(crop);
      }
    }
    int rotate = Integer.parseInt(uri.choice("rotate", "0", Set.of("0", "90", "180", "270")));
    float quality = (float) uri.doubleParam("quality", 0.9, 0.1, 1.0);
    int blackLevel = uri.intParam("black_level", ScreenCrop.DEFAULT_BLACK_LEVEL, 0, 254);
    Optional<String> record = uri.param("record").map(String::strip);
    if (record.isPresent() && record.get().isEmpty()) {
      throw SwipeException.invalidArgument("record", "must name a directory to record frames into");
    }
    return new CaptureOptions(
        latency, mode, fixed, rotate, quality, blackLevel, record.map(r -> Path.of(r)));
  }
}

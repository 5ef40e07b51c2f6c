package dev.swipe.video;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.time.Duration;

/**
 * How to record: at most {@code maxFps} frames a second, except that the last frame seen before
 * each step starts is always kept (so every action's final screen is in the video), frames scaled
 * by {@code scale}, the finger path and step labels drawn when {@code overlay}, and the recording
 * stops (the file stays playable) at {@code maxBytes} or {@code maxDuration}.
 *
 * @param maxFps frames per second at most, 1..30 (default 10)
 * @param scale frame size relative to the capture, 0.1..1 (default 0.5)
 * @param overlay draw the finger path and the current step (default true)
 * @param maxBytes disk budget of the MP4, at least 64 KiB (default 256 MiB)
 * @param maxDuration longest video, up to 24 h (default 30 min)
 * @param queueFrames frames waiting for the encoder before newer ones are dropped, 1..1000 (default
 *     120)
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record VideoOptions(
    int maxFps,
    double scale,
    boolean overlay,
    long maxBytes,
    Duration maxDuration,
    int queueFrames) {
  /** The defaults. */
  public static final VideoOptions DEFAULT =
      new VideoOptions(10, 0.5, true, 256L * 1024 * 1024, Duration.ofMinutes(30), 120);

  /**
   * Validates every field.
   *
   * @throws SwipeException {@code invalid_argument} naming the field
   */
  public VideoOptions {
    if (maxFps < 1 || maxFps > 30) {
      throw SwipeException.invalidArgument("max_fps", "must be in [1, 30], was " + maxFps);
    }
    if (!(scale >= 0.1 && scale <= 1)) {
      throw SwipeException.invalidArgument("scale", "must be in [0.1, 1], was " + scale);
    }
    if (maxBytes < 64 * 1024) {
      throw SwipeException.invalidArgument("max_bytes", "must be at least 65536, was " + maxBytes);
    }
    SwipeException.requireArgument(maxDuration, "max_duration");
    if (maxDuration.isNegative()
        || maxDuration.isZero()
        || maxDuration.compareTo(Duration.ofHours(24)) > 0) {
      throw SwipeException.invalidArgument(
          "max_duration", "must be in (0, 24 h], was " + maxDuration);
    }
    if (queueFrames < 1 || queueFrames > 1000) {
      throw SwipeException.invalidArgument(
          "queue_frames", "must be in [1, 1000], was " + queueFrames);
    }
  }

  /** These options with another frame rate cap. */
  public VideoOptions withMaxFps(int fps) {
    return new VideoOptions(fps, scale, overlay, maxBytes, maxDuration, queueFrames);
  }

  /** These options with another scale. */
  public VideoOptions withScale(double s) {
    return new VideoOptions(maxFps, s, overlay, maxBytes, maxDuration, queueFrames);
  }

  /** These options with or without the overlay. */
  public VideoOptions withOverlay(boolean on) {
    return new VideoOptions(maxFps, scale, on, maxBytes, maxDuration, queueFrames);
  }

  /** These options with another disk budget. */
  public VideoOptions withMaxBytes(long bytes) {
    return new VideoOptions(maxFps, scale, overlay, bytes, maxDuration, queueFrames);
  }

  /** These options with another longest duration. */
  public VideoOptions withMaxDuration(Duration d) {
    return new VideoOptions(maxFps, scale, overlay, maxBytes, d, queueFrames);
  }

  /** These options with another encoder queue length. */
  public VideoOptions withQueueFrames(int frames) {
    return new VideoOptions(maxFps, scale, overlay, maxBytes, maxDuration, frames);
  }
}

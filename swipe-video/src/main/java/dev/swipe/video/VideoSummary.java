package dev.swipe.video;

import dev.swipe.base.Api;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a recording wrote.
 *
 * @param file the MP4
 * @param frameTimesMs each written frame's presentation time in ms from the first frame: its
 *     capture time (variable frame timing: no frame is duplicated to fill a constant rate)
 * @param startClockMs the first frame's capture time on the device's clock, in ms (what a trace's
 *     {@code clock_ms} is measured on)
 * @param durationMs the video's length
 * @param bytes the file's size
 * @param thinned frames left out to keep to the frame rate cap
 * @param dropped frames left out because the encoder fell behind (its queue was full)
 * @param stopReason why recording stopped before {@link VideoRecorder#stop()}, if it did
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record VideoSummary(
    Path file,
    List<Long> frameTimesMs,
    double startClockMs,
    long durationMs,
    long bytes,
    int thinned,
    int dropped,
    Optional<String> stopReason) {
  /** Copies the list. */
  public VideoSummary {
    frameTimesMs = List.copyOf(frameTimesMs);
  }

  /** Frames written. */
  public int frames() {
    return frameTimesMs.size();
  }
}

package dev.swipe.video;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.report.HtmlReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jcodec.api.FrameGrab;
import org.jcodec.api.PictureWithMetadata;
import org.jcodec.common.io.NIOUtils;
import org.jcodec.common.io.SeekableByteChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VideoRecorderTest {
  @TempDir Path dir;

  /** The frames of an MP4 as jcodec decodes them: presentation time (s) and size. */
  private record Decoded(List<Double> times, List<Double> durations, int width, int height) {}

  private static Decoded decode(Path mp4) throws Exception {
    List<Double> times = new ArrayList<>();
    List<Double> durations = new ArrayList<>();
    int w = 0;
    int h = 0;
    try (SeekableByteChannel ch = NIOUtils.readableChannel(mp4.toFile())) {
      FrameGrab grab = FrameGrab.createFrameGrab(ch);
      PictureWithMetadata p;
      for (int i = 0; i < 10_000 && (p = grab.getNativeFrameWithMetadata()) != null; i++) {
        times.add(p.getTimestamp());
        durations.add(p.getDuration());
        w = p.getPicture().getCroppedWidth();
        h = p.getPicture().getCroppedHeight();
      }
    }
    return new Decoded(times, durations, w, h);
  }

  private static void session(Device d) {
    d.screenshot();
    d.scroll(Scroll.of(ScrollDirection.DOWN));
    d.swipe(
        Swipe.builder(NormPoint.of(500, 750), NormPoint.of(500, 450))
            .durationMs(400)
            .steps(16)
            .holdAfterMs(100)
            .build());
    d.tap(NormPoint.of(500, 600));
  }

  @Test
  void aRunDecodesBackWithItsFramesAtTheirCaptureTimes() throws Exception {
    Path mp4 = dir.resolve("video.mp4");
    VideoRecorder.Summary s;
    try (Device d = Device.builder().device("sim:?scene=list&scale=0.5").trace(dir).open()) {
      VideoRecorder rec = VideoRecorder.start(d, mp4, VideoRecorder.Options.DEFAULT.withScale(1.0));
      session(d);
      s = rec.stop();
    }
    assertThat(s.stopReason()).isEmpty();
    assertThat(s.dropped()).as("the queue held every frame").isZero();
    assertThat(s.frames()).isGreaterThan(5);
    assertThat(s.thinned()).as("settling captures faster than 10 fps").isPositive();
    int closer = 0;
    for (int i = 1; i < s.frames(); i++) {
      long gap = s.frameTimesMs().get(i) - s.frameTimesMs().get(i - 1);
      assertThat(gap).as("frames in capture order").isPositive();
      closer += gap < 100 ? 1 : 0;
    }
    assertThat(closer)
        .as("only a step's last screen comes closer than the 10 fps cap")
        .isLessThanOrEqualTo(4);
    Decoded v = decode(mp4);
    assertThat(v.width()).isEqualTo(540);
    assertThat(v.height()).isEqualTo(1200);
    assertThat(v.times()).as("one decoded frame per written frame").hasSize(s.frames());
    for (int i = 0; i < s.frames(); i++) {
      assertThat(v.times().get(i) * 1000)
          .as("frame " + i + " at its capture time")
          .isCloseTo(s.frameTimesMs().get(i), org.assertj.core.api.Assertions.within(1.0));
    }
    for (int i = 0; i + 1 < s.frames(); i++) {
      assertThat(v.durations().get(i) * 1000)
          .as("frame " + i + " shown until the next")
          .isCloseTo(
              (double) (s.frameTimesMs().get(i + 1) - s.frameTimesMs().get(i)),
              org.assertj.core.api.Assertions.within(1.0));
    }
    assertThat(Files.size(mp4)).isEqualTo(s.bytes());
    String sidecar = Files.readString(dir.resolve("video.mp4.json"));
    assertThat(sidecar).contains("\"start_clock_ms\"").contains("\"frames\" : " + s.frames());
    String html = Files.readString(HtmlReport.render(dir));
    assertThat(html).contains("href=\"video.mp4#t=").contains("video: <a href=\"video.mp4\">");
  }

  @Test
  void theDiskBudgetStopsTheRecordingAndTheFileStillPlays() throws Exception {
    Path mp4 = dir.resolve("small.mp4");
    long budget = 96 * 1024;
    VideoRecorder.Summary s;
    try (Device d = Device.open("sim:?scene=list&scale=0.5")) {
      VideoRecorder rec =
          VideoRecorder.start(
              d, mp4, VideoRecorder.Options.DEFAULT.withScale(1.0).withMaxBytes(budget));
      for (int i = 0; i < 3; i++) {
        session(d);
      }
      s = rec.stop();
      assertThat(d.screenshot()).as("the run goes on").isNotNull();
    }
    assertThat(s.stopReason()).hasValueSatisfying(r -> assertThat(r).contains("max_bytes"));
    assertThat(Files.size(mp4)).isLessThanOrEqualTo(budget);
    assertThat(decode(mp4).times()).hasSize(s.frames()).isNotEmpty();
  }

  @Test
  void theDurationBudgetStopsTheRecording() throws Exception {
    Path mp4 = dir.resolve("short.mp4");
    VideoRecorder.Summary s;
    try (Device d = Device.open("sim:?scene=list&scale=0.3");
        VideoRecorder rec =
            VideoRecorder.start(
                d, mp4, VideoRecorder.Options.DEFAULT.withMaxDuration(Duration.ofSeconds(1)))) {
      session(d);
      session(d);
      s = rec.stop();
      assertThat(rec.stop()).as("stopping twice gives the same summary").isSameAs(s);
    }
    assertThat(s.stopReason()).hasValueSatisfying(r -> assertThat(r).contains("max_duration"));
    assertThat(s.frameTimesMs()).allSatisfy(t -> assertThat(t).isLessThanOrEqualTo(1000));
    assertThat(decode(mp4).times()).hasSize(s.frames());
  }

  @Test
  void badOptionsAndPathsNameTheirField() throws Exception {
    assertThatThrownBy(() -> VideoRecorder.Options.DEFAULT.withMaxFps(0))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "max_fps"));
    assertThatThrownBy(() -> VideoRecorder.Options.DEFAULT.withScale(2))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "scale"));
    assertThatThrownBy(() -> VideoRecorder.Options.DEFAULT.withMaxBytes(10))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "max_bytes"));
    Path blocker = Files.writeString(dir.resolve("file"), "x");
    try (Device d = Device.open("sim:?scale=0.3")) {
      assertThatThrownBy(
              () -> VideoRecorder.start(d, blocker.resolve("v.mp4"), VideoRecorder.Options.DEFAULT))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "video"));
    }
  }
}

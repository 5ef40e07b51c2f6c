package dev.swipe.bench.video;

import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.video.internal.FramePainter;
import dev.swipe.video.internal.Mp4Writer;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one video frame costs swipe-video's recorder thread: decode the captured JPEG (a 1080x2400
 * simulator screen, quality 80), scale it, draw the finger path and step label, convert to YUV
 * 4:2:0 and encode it as H.264 into an MP4 (jcodec). {@code scale} 1.0 encodes at 1080x2400, 0.5 at
 * 540x1200 (the recorder's default).
 */
// JMH sets the @Param fields, and @Setup the others, before any benchmark runs
@SuppressWarnings("NullAway.Init")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
public class VideoEncodeBench {
  @Param({"1.0", "0.5"})
  public double scale;

  private byte[] jpeg;
  private int width;
  private int height;
  private FramePainter painter;
  private Mp4Writer writer;
  private Path file;
  private long pts;
  private final List<FramePainter.Touch> trail =
      List.of(
          new FramePainter.Touch(500, 700, true, 0),
          new FramePainter.Touch(500, 500, true, 100),
          new FramePainter.Touch(500, 300, true, 200));

  @Setup
  public void setUp() throws IOException {
    try (Device d = Device.open("sim:?input=ideal&scene=list")) {
      Observation o = d.screenshot();
      jpeg = o.jpeg();
      width = o.width();
      height = o.height();
    }
    painter = new FramePainter(scale);
    file = Files.createTempFile("swipe-video-bench", ".mp4");
    writer = Mp4Writer.create(file);
  }

  @TearDown
  public void tearDown() throws IOException {
    writer.close();
    Files.deleteIfExists(file);
  }

  /** Decode, scale, overlay, encode and mux one frame. */
  @Benchmark
  public long frame() throws IOException {
    BufferedImage img = painter.decode(jpeg, width, height);
    painter.overlay(img, trail, "scroll", pts);
    writer.write(img, pts, 100);
    pts += 100;
    return writer.frames();
  }

  /** The encoder alone: the same picture converted and encoded (no decode or overlay). */
  @Benchmark
  public long encodeOnly(EncodeInput in) throws IOException {
    writer.write(in.image, pts, 100);
    pts += 100;
    return writer.frames();
  }

  /** A decoded, scaled frame to encode again and again. */
  // set in @Setup before any benchmark runs
  @SuppressWarnings("NullAway.Init")
  @State(Scope.Benchmark)
  public static class EncodeInput {
    BufferedImage image;

    @Setup
    public void setUp(VideoEncodeBench b) throws IOException {
      image = b.painter.decode(b.jpeg, b.width, b.height);
    }
  }
}

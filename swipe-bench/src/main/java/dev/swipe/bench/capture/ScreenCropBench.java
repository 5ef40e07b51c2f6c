package dev.swipe.bench.capture;

import dev.swipe.base.VirtualClock;
import dev.swipe.capture.FrameRecorder;
import dev.swipe.capture.internal.FileReplayFrameSourceProvider;
import dev.swipe.capture.internal.ScreenCrop;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfInt;
import org.opencv.core.Rect;
import org.opencv.imgcodecs.Imgcodecs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * What cropping costs per grabbed frame on a 1920x1080 HDMI picture of a pillarboxed phone.
 *
 * <ul>
 *   <li>{@code detect}: {@link ScreenCrop#detect} on an already decoded frame (runs once per source
 *       in practice: the crop is locked after the first frame with content).
 *   <li>{@code pipeline}: a whole grab through the public path ({@code files:} replay on a virtual
 *       clock, so each grab is a new frame): read + decode + crop + encode at quality 0.9, for
 *       {@code crop=none} (pass-through, no decode), {@code auto} and a fixed rectangle, upright or
 *       rotated.
 *   <li>{@code opencv*}: the competing approach in the same run: OpenCV {@code imdecode} + {@code
 *       submat} + {@code imencode} (quality 90), and its decode alone; {@code imageioDecode} is the
 *       decode swipe uses (javax.imageio).
 * </ul>
 */
// set in @Setup before any benchmark runs
@SuppressWarnings("NullAway.Init")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ScreenCropBench {
  private HdmiFrames frames;
  private BufferedImage decoded;
  private MatOfByte jpegMat;
  private Rect screenRect;
  private MatOfInt quality;

  /** Renders frames, loads OpenCV. */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    nu.pattern.OpenCV.loadLocally();
    frames = HdmiFrames.render(1);
    decoded = ImageIO.read(new ByteArrayInputStream(frames.jpegs.get(0)));
    jpegMat = new MatOfByte(frames.jpegs.get(0));
    Rectangle s = frames.screen;
    screenRect = new Rect(s.x, s.y, s.width, s.height);
    quality = new MatOfInt(Imgcodecs.IMWRITE_JPEG_QUALITY, 90);
  }

  /** A looped {@code files:} replay of four HDMI frames with the crop under test. */
  // JMH sets the @Param fields, and @Setup the others, before any benchmark runs
  @SuppressWarnings("NullAway.Init")
  @State(Scope.Benchmark)
  public static class Replay {
    @Param({"none", "auto", "fixed", "auto+rotate90"})
    public String crop;

    private Path recording;
    private FrameSource source;
    private long asked;

    @Setup(Level.Trial)
    public void open() throws IOException {
      HdmiFrames frames = HdmiFrames.render(4);
      recording = Files.createTempDirectory("swipe-crop-bench");
      try (FrameRecorder recorder = FrameRecorder.create(recording.resolve("hdmi"))) {
        for (int i = 0; i < 4; i++) {
          recorder.record(new Frame(frames.jpegs.get(i), 1920, 1080, i * 33_333_333L));
        }
      }
      Rectangle s = frames.screen;
      String options =
          switch (crop) {
            case "none" -> "crop=none";
            case "auto" -> "crop=auto";
            case "fixed" -> "crop=" + s.x + "," + s.y + "," + s.width + "," + s.height;
            default -> "crop=auto&rotate=90";
          };
      VirtualClock clock = new VirtualClock();
      source =
          new FileReplayFrameSourceProvider()
              .open(
                  DeviceUri.parse("files:" + recording.resolve("hdmi") + "?loop=true&" + options),
                  new ProviderContext(clock, clock));
      asked = clock.read();
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
      source.close();
      try (Stream<Path> files = Files.walk(recording)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  @Benchmark
  public ScreenCrop detect() {
    return ScreenCrop.detect(decoded, ScreenCrop.DEFAULT_BLACK_LEVEL).orElseThrow();
  }

  @Benchmark
  public Frame pipeline(Replay replay) {
    Frame f = replay.source.grab(replay.asked, Duration.ofSeconds(1));
    replay.asked = f.captureNanos() + 1;
    return f;
  }

  @Benchmark
  public BufferedImage imageioDecode() {
    try {
      return ImageIO.read(new ByteArrayInputStream(frames.jpegs.get(0)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Benchmark
  public Mat opencvDecode() {
    return Imgcodecs.imdecode(jpegMat, Imgcodecs.IMREAD_COLOR);
  }

  @Benchmark
  public byte[] opencvDecodeCropEncode() {
    Mat full = Imgcodecs.imdecode(jpegMat, Imgcodecs.IMREAD_COLOR);
    Mat screen = full.submat(screenRect);
    MatOfByte out = new MatOfByte();
    Imgcodecs.imencode(".jpg", screen, out, quality);
    byte[] bytes = out.toArray();
    full.release();
    out.release();
    return bytes;
  }
}

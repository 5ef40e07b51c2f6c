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
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import org.jspecify.annotations.Nullable;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfInt;
import org.opencv.core.Rect;
import org.opencv.imgcodecs.Imgcodecs;

/**
 * The crop pipeline's cost as CPU time of the calling thread (what one quiet core pays), beside
 * OpenCV doing the same, so the numbers hold on a machine shared with other work where JMH's
 * wall-clock scores are inflated. Median and p90 over 200 operations after 100 warm-up ones.
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar
 * dev.swipe.bench.capture.CropCpuTimeBench}
 */
public final class CropCpuTimeBench {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  public static void main(String[] args) throws Exception {
    nu.pattern.OpenCV.loadLocally();
    HdmiFrames frames = HdmiFrames.render(4);
    Rectangle s = frames.screen;
    Path dir = Files.createTempDirectory("swipe-crop-cpu").resolve("hdmi");
    try (FrameRecorder recorder = FrameRecorder.create(dir)) {
      for (int i = 0; i < 4; i++) {
        recorder.record(new Frame(frames.jpegs.get(i), 1920, 1080, i * 33_333_333L));
      }
    }
    System.out.printf(
        Locale.ROOT,
        "1920x1080 sim HDMI frame, screen %dx%d at x=%d; thread CPU ms per op (median, p90)%n",
        s.width,
        s.height,
        s.x);
    for (String options :
        new String[] {
          "crop=none",
          "crop=auto",
          "crop=" + s.x + "," + s.y + "," + s.width + "," + s.height,
          "crop=auto&rotate=90"
        }) {
      VirtualClock clock = new VirtualClock();
      try (FrameSource source =
          new FileReplayFrameSourceProvider()
              .open(
                  DeviceUri.parse("files:" + dir + "?loop=true&" + options),
                  new ProviderContext(clock, clock))) {
        long[] asked = {clock.read()};
        report(
            "pipeline " + options,
            () -> {
              Frame f = source.grab(asked[0], Duration.ofSeconds(1));
              asked[0] = f.captureNanos() + 1;
              return f;
            });
      }
    }
    byte[] jpeg = frames.jpegs.get(0);
    BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(jpeg));
    report(
        "ScreenCrop.detect (decoded frame)",
        () -> ScreenCrop.detect(decoded, ScreenCrop.DEFAULT_BLACK_LEVEL));
    report(
        "javax.imageio decode, full frame",
        () -> {
          try {
            return ImageIO.read(new ByteArrayInputStream(jpeg));
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    MatOfByte bytes = new MatOfByte(jpeg);
    Rect rect = new Rect(s.x, s.y, s.width, s.height);
    MatOfInt quality = new MatOfInt(Imgcodecs.IMWRITE_JPEG_QUALITY, 90);
    report(
        "OpenCV imdecode, full frame",
        () -> {
          Mat m = Imgcodecs.imdecode(bytes, Imgcodecs.IMREAD_COLOR);
          m.release();
          return m;
        });
    report(
        "OpenCV imdecode + submat + imencode q90",
        () -> {
          Mat full = Imgcodecs.imdecode(bytes, Imgcodecs.IMREAD_COLOR);
          MatOfByte out = new MatOfByte();
          Imgcodecs.imencode(".jpg", full.submat(rect), out, quality);
          byte[] b = out.toArray();
          full.release();
          out.release();
          return b;
        });
  }

  // written, never read: the JIT cannot prove the measured work dead
  @SuppressWarnings("UnusedVariable")
  private static @Nullable Object sink;

  private static void report(String name, Supplier<Object> op) {
    for (int i = 0; i < 100; i++) {
      sink = op.get();
    }
    long[] cpu = new long[200];
    for (int i = 0; i < cpu.length; i++) {
      long t0 = THREADS.getCurrentThreadCpuTime();
      sink = op.get();
      cpu[i] = THREADS.getCurrentThreadCpuTime() - t0;
    }
    Arrays.sort(cpu);
    System.out.printf(
        Locale.ROOT,
        "%-62s %7.2f %7.2f%n",
        name,
        cpu[cpu.length / 2] / 1e6,
        cpu[cpu.length * 9 / 10] / 1e6);
  }
}

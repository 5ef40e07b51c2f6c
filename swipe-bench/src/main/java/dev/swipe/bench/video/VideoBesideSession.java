package dev.swipe.bench.video;

import dev.swipe.core.Device;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.spi.Frame;
import dev.swipe.video.VideoRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What frame rate the recorder sustains while a session runs on the same host: a simulated phone on
 * real time (its rendering and JPEG encoding is the "phone" and capture load) scrolls its list back
 * and forth for a fixed time while a VideoRecorder asks for up to 30 fps; the encoder's own thread
 * keeps up or drops frames. Prints frames captured, written, thinned and dropped.
 *
 * <p>{@code java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.video.VideoBesideSession
 * [seconds] [scale...]}
 */
public final class VideoBesideSession {
  private VideoBesideSession() {}

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    String[] scales =
        args.length > 1
            ? java.util.Arrays.copyOfRange(args, 1, args.length)
            : new String[] {"0.5", "1.0"};
    for (String sc : scales) {
      run(seconds, Double.parseDouble(sc));
    }
  }

  @SuppressWarnings("try") // the listener's registration is only held, then closed
  private static void run(int seconds, double scale) throws Exception {
    Path mp4 = Files.createTempFile("swipe-video-session", ".mp4");
    AtomicInteger captured = new AtomicInteger();
    long actions = 0;
    long[] sessionNanos = new long[1];
    VideoRecorder.Summary s;
    long t0 = System.nanoTime();
    try (Device d = Device.open("sim:?input=ideal&scene=list&time=real")) {
      try (Device.Listener.Registration count =
          d.rig()
              .listen(
                  new Device.Listener() {
                    @Override
                    public void frameCaptured(Frame frame) {
                      captured.incrementAndGet();
                    }
                  })) {
        VideoRecorder rec =
            VideoRecorder.start(
                d,
                mp4,
                VideoRecorder.Options.DEFAULT.withMaxFps(30).withScale(scale).withQueueFrames(60));
        boolean down = true;
        while (System.nanoTime() - t0 < Duration.ofSeconds(seconds).toNanos()) {
          for (int i = 0; i < 3; i++) {
            d.scroll(
                Scroll.builder(down ? ScrollDirection.DOWN : ScrollDirection.UP)
                    .amount(0.5)
                    .build());
            actions++;
          }
          down = !down;
        }
        sessionNanos[0] = System.nanoTime() - t0;
        s = rec.stop();
      }
    }
    double wall = sessionNanos[0] / 1e9;
    double drain = (System.nanoTime() - t0 - sessionNanos[0]) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "scale %.2f: session %.1f s, %d scrolls; device captured %d frames (%.1f/s); video wrote %d (%.1f/s of session),"
            + " thinned %d, dropped %d (encoder behind); %.1f s to drain the queue after the session; %d KB%n",
        scale,
        wall,
        actions,
        captured.get(),
        captured.get() / wall,
        s.frames(),
        s.frames() / Math.max(wall, 1e-9),
        s.thinned(),
        s.dropped(),
        drain,
        s.bytes() / 1024);
    Files.deleteIfExists(mp4);
  }
}

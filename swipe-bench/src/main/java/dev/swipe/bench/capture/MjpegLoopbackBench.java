package dev.swipe.bench.capture;

import com.sun.net.httpserver.HttpServer;
import dev.swipe.base.Ticker;
import dev.swipe.capture.internal.MjpegFrameSourceProvider;
import dev.swipe.capture.internal.MjpegHttpFrameSource;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The MJPEG path on loopback at 1920x1080: a JDK HttpServer streams the simulator's HDMI pictures
 * as multipart/x-mixed-replace (as ustreamer does), each part tagged with a sequence number in a
 * JPEG comment so the client side can tell when that exact frame was sent.
 *
 * <ul>
 *   <li><b>throughput</b>: the server writes as fast as the socket takes; frames per second the
 *       source parses and publishes.
 *   <li><b>latency</b>: the server paces 30 fps; the client grabs each next frame; latency = grab
 *       returned minus the server starting to write that part (same JVM clock). With {@code
 *       crop=none} the JPEG passes through; with {@code crop=auto} each grab decodes, crops and
 *       re-encodes.
 *   <li><b>memory</b>: heap retained per open source (after GC) while the server streams flat out
 *       and nobody grabs, at two instants, against a naive reader that queues every frame.
 * </ul>
 *
 * <p>Competing approach in the same run: {@code HttpURLConnection} + a SOI/EOI byte scanner + a
 * {@code LinkedBlockingQueue} of frames (the common "MJPEG in Java" snippet).
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar
 * dev.swipe.bench.capture.MjpegLoopbackBench [throughput] [latency] [memory]} (all three by
 * default).
 */
public final class MjpegLoopbackBench {
  private static final String BOUNDARY = "boundarydonotcross";

  private final List<byte[]> frames;
  private final ConcurrentHashMap<Long, Long> sentAt = new ConcurrentHashMap<>();
  private final AtomicLong sequence = new AtomicLong();
  private volatile int paceFps;
  private volatile boolean recordSends = true;
  private volatile boolean paused;
  private final HttpServer server;
  private final ExecutorService executor;

  private MjpegLoopbackBench(List<byte[]> frames) throws IOException {
    this.frames = frames;
    executor =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "bench-mjpeg-server");
              t.setDaemon(true);
              return t;
            });
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
  }

  public static void main(String[] args) throws Exception {
    HdmiFrames hdmi = HdmiFrames.render(8);
    int avg = (int) hdmi.jpegs.stream().mapToInt(b -> b.length).average().orElse(0);
    System.out.printf(
        Locale.ROOT, "frames: 8 distinct 1920x1080 sim HDMI JPEGs, mean %d bytes%n", avg);
    MjpegLoopbackBench bench = new MjpegLoopbackBench(hdmi.jpegs);
    bench.start();
    List<String> phases =
        args.length == 0 ? List.of("throughput", "latency", "memory") : List.of(args);
    try {
      if (phases.contains("throughput")) {
        bench.throughput();
      }
      if (phases.contains("latency")) {
        bench.latency("crop=none");
        bench.latency("crop=auto");
      }
      if (phases.contains("memory")) {
        bench.memory(avg);
      }
    } finally {
      bench.stop();
    }
  }

  private void start() {
    server.setExecutor(executor);
    server.createContext(
        "/stream",
        ex -> {
          try (ex) {
            ex.getResponseHeaders()
                .set("Content-Type", "multipart/x-mixed-replace;boundary=" + BOUNDARY);
            ex.sendResponseHeaders(200, 0);
            OutputStream out = ex.getResponseBody();
            long next = System.nanoTime();
            for (int i = 0; ; i++) {
              while (paused) {
                TimeUnit.MILLISECONDS.sleep(5);
              }
              int fps = paceFps;
              if (fps > 0) {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                  TimeUnit.NANOSECONDS.sleep(wait);
                }
                next += 1_000_000_000L / fps;
              }
              long seq = sequence.incrementAndGet();
              byte[] body = tagged(frames.get(i % frames.size()), seq);
              if (recordSends) {
                sentAt.put(seq, System.nanoTime());
              }
              out.write(
                  ("--"
                          + BOUNDARY
                          + "\r\nContent-Type: image/jpeg\r\nContent-Length: "
                          + body.length
                          + "\r\n\r\n")
                      .getBytes(StandardCharsets.ISO_8859_1));
              out.write(body);
              out.write('\r');
              out.write('\n');
              out.flush();
              if (sentAt.size() > 100_000) {
                sentAt.clear();
              }
            }
          } catch (IOException | InterruptedException e) {
            // client gone
          }
        });
    server.start();
  }

  private void stop() {
    server.stop(0);
    executor.shutdownNow();
  }

  private String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/stream";
  }

  /** The JPEG with a COM segment after SOI carrying the sequence number. */
  private static byte[] tagged(byte[] jpeg, long seq) {
    byte[] out = new byte[jpeg.length + 12];
    out[0] = (byte) 0xFF;
    out[1] = (byte) 0xD8;
    out[2] = (byte) 0xFF;
    out[3] = (byte) 0xFE;
    out[4] = 0;
    out[5] = 10;
    ByteBuffer.wrap(out, 6, 8).putLong(seq);
    System.arraycopy(jpeg, 2, out, 14, jpeg.length - 2);
    return out;
  }

  private static long seqOf(byte[] jpeg) {
    return ByteBuffer.wrap(jpeg, 6, 8).getLong();
  }

  private FrameSource open(String options) {
    return new MjpegFrameSourceProvider()
        .open(
            DeviceUri.parse("mjpeg:" + url() + "?latency_ms=0&" + options),
            ProviderContext.system());
  }

  private void throughput() throws Exception {
    paceFps = 0;
    try (FrameSource source = open("crop=none")) {
      MjpegHttpFrameSource mjpeg = (MjpegHttpFrameSource) source;
      source.grab(Ticker.system().read(), Duration.ofSeconds(10));
      Thread.sleep(2000);
      long f0 = mjpeg.framesReceived();
      long t0 = System.nanoTime();
      Thread.sleep(5000);
      double fps = (mjpeg.framesReceived() - f0) / ((System.nanoTime() - t0) / 1e9);
      System.out.printf(
          Locale.ROOT,
          "throughput swipe mjpeg: %.0f frames/s (%.0f MB/s), corrupt parts %d%n",
          fps,
          fps * frames.get(0).length / 1e6,
          mjpeg.corruptParts());
    }
    NaiveQueueReader naive = new NaiveQueueReader(url());
    try {
      Thread.sleep(2000);
      long f0 = naive.frames.get();
      long t0 = System.nanoTime();
      Thread.sleep(5000);
      double fps = (naive.frames.get() - f0) / ((System.nanoTime() - t0) / 1e9);
      System.out.printf(
          Locale.ROOT, "throughput naive SOI/EOI scanner + queue: %.0f frames/s%n", fps);
    } finally {
      naive.close();
    }
  }

  private void latency(String options) throws Exception {
    paceFps = 30;
    try (FrameSource source = open(options)) {
      Frame f = source.grab(Ticker.system().read(), Duration.ofSeconds(10));
      List<Long> grabbed = new ArrayList<>();
      List<Long> stamped = new ArrayList<>();
      long end = System.nanoTime() + 10_000_000_000L;
      long warm = System.nanoTime() + 2_000_000_000L;
      while (System.nanoTime() < end) {
        f = source.grab(f.captureNanos() + 1, Duration.ofSeconds(5));
        long now = System.nanoTime();
        if (now < warm) {
          continue;
        }
        long seq = options.contains("none") ? seqOf(f.jpeg()) : -1;
        if (seq < 0) {
          // cropped frames lose the comment: time from arrival stamp to grab return, plus transport
          stamped.add(now - f.captureNanos());
          continue;
        }
        Long sent = sentAt.get(seq);
        if (sent != null) {
          grabbed.add(now - sent);
          stamped.add(f.captureNanos() - sent);
        }
      }
      if (!grabbed.isEmpty()) {
        System.out.printf(
            Locale.ROOT,
            "latency %s, server write start -> grab returns (n=%d): %s%n",
            options,
            grabbed.size(),
            percentiles(grabbed));
        System.out.printf(
            Locale.ROOT,
            "latency %s, server write start -> arrival stamp: %s%n",
            options,
            percentiles(stamped));
      } else {
        System.out.printf(
            Locale.ROOT,
            "latency %s, arrival stamp -> grab returns (crop work) (n=%d): %s%n",
            options,
            stamped.size(),
            percentiles(stamped));
      }
    }
    NaiveQueueReader naive = new NaiveQueueReader(url());
    if (options.contains("none")) {
      try {
        List<Long> lat = new ArrayList<>();
        long end = System.nanoTime() + 8_000_000_000L;
        long warm = System.nanoTime() + 2_000_000_000L;
        while (System.nanoTime() < end) {
          byte[] jpeg = naive.queue.poll(5, TimeUnit.SECONDS);
          long now = System.nanoTime();
          Long sent = jpeg == null ? null : sentAt.get(seqOf(jpeg));
          if (sent != null && now > warm) {
            lat.add(now - sent);
          }
        }
        System.out.printf(
            Locale.ROOT,
            "latency naive queue reader, write start -> dequeued (n=%d): %s%n",
            lat.size(),
            percentiles(lat));
      } finally {
        naive.close();
      }
    } else {
      naive.close();
    }
  }

  private void memory(int avgFrameBytes) throws Exception {
    paceFps = 0;
    recordSends = false;
    sentAt.clear();
    int n = 8;
    long base = usedAfterGc();
    List<FrameSource> sources = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      sources.add(open("crop=none"));
    }
    Thread.sleep(2000);
    List<Long> perSource = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      perSource.add((quietUsedAfterGc() - base) / n);
      Thread.sleep(1000);
    }
    long frames = 0;
    for (FrameSource s : sources) {
      frames += ((MjpegHttpFrameSource) s).framesReceived();
      s.close();
    }
    System.out.printf(
        Locale.ROOT,
        "memory swipe mjpeg (%d sources streaming flat out, %d frames received, no grabs), heap per source"
            + " (server paused while sampled) at 2..7 s: %s (mean frame %d KiB)%n",
        n,
        frames,
        kib(perSource),
        avgFrameBytes / 1024);
    base = usedAfterGc();
    NaiveQueueReader naive = new NaiveQueueReader(url());
    List<Long> naiveHeld = new ArrayList<>();
    List<Integer> queued = new ArrayList<>();
    Thread.sleep(2000);
    for (int i = 0; i < 3; i++) {
      naiveHeld.add(quietUsedAfterGc() - base);
      queued.add(naive.queue.size());
      Thread.sleep(2000);
    }
    naive.close();
    System.out.printf(
        Locale.ROOT,
        "memory naive queue reader (1 source, no consumer) at 2, 4, 6 s: %s holding %s frames%n",
        kib(naiveHeld),
        queued);
  }

  private static String kib(List<Long> bytes) {
    return bytes.stream()
        .map(b -> (b / 1024) + " KiB")
        .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
  }

  /** Heap in use with the server paused, so nothing is allocated while it is read. */
  private long quietUsedAfterGc() throws InterruptedException {
    paused = true;
    try {
      Thread.sleep(200);
      return usedAfterGc();
    } finally {
      paused = false;
    }
  }

  private static long usedAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(100);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static String percentiles(List<Long> nanos) {
    long[] v = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
    if (v.length == 0) {
      return "no samples";
    }
    return String.format(
        Locale.ROOT,
        "p50 %.2f ms, p95 %.2f ms, max %.2f ms",
        v[v.length / 2] / 1e6,
        v[(int) (v.length * 0.95)] / 1e6,
        v[v.length - 1] / 1e6);
  }

  /** The common snippet: HttpURLConnection, scan for FFD8..FFD9, queue every frame. */
  @SuppressWarnings("try") // close() joins the reader thread; the bench is never interrupted
  private static final class NaiveQueueReader implements AutoCloseable {
    final LinkedBlockingQueue<byte[]> queue = new LinkedBlockingQueue<>();
    final AtomicLong frames = new AtomicLong();
    private final Thread thread;
    private volatile @Nullable HttpURLConnection connection;

    NaiveQueueReader(String url) {
      thread = new Thread(() -> run(url), "bench-naive-reader");
      thread.setDaemon(true);
      thread.start();
    }

    private void run(String url) {
      try {
        HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
        connection = c;
        InputStream in = new BufferedInputStream(c.getInputStream(), 64 * 1024);
        byte[] buf = new byte[4 * 1024 * 1024];
        int len = 0;
        boolean inside = false;
        int prev = -1;
        int b;
        while ((b = in.read()) >= 0) {
          if (!inside) {
            if (prev == 0xFF && b == 0xD8) {
              inside = true;
              buf[0] = (byte) 0xFF;
              buf[1] = (byte) 0xD8;
              len = 2;
            }
          } else {
            if (len < buf.length) {
              buf[len++] = (byte) b;
            }
            if (prev == 0xFF && b == 0xD9) {
              queue.add(Arrays.copyOf(buf, len));
              frames.incrementAndGet();
              inside = false;
            }
          }
          prev = b;
        }
      } catch (IOException e) {
        // closed
      }
    }

    @Override
    public void close() throws InterruptedException {
      HttpURLConnection c = connection;
      if (c != null) {
        c.disconnect();
      }
      thread.interrupt();
      thread.join(5000);
      queue.clear();
    }
  }
}

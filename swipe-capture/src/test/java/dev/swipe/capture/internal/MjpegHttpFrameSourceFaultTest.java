package dev.swipe.capture.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every way an MJPEG server misbehaves, over real loopback HTTP. */
class MjpegHttpFrameSourceFaultTest {
  private static final Duration GENEROUS = Duration.ofSeconds(10);
  private final List<AutoCloseable> toClose = new ArrayList<>();

  private final List<MjpegHttpFrameSource> sources = new ArrayList<>();
  private final List<MjpegTestServer> servers = new ArrayList<>();

  /**
   * After every fault: once the sources are closed, none of their reader threads is alive and no
   * client connection to the test servers is still established (checked in /proc/net/tcp*).
   */
  @AfterEach
  void closeAllAndCheckNothingLeaked() throws Exception {
    for (MjpegHttpFrameSource s : sources) {
      s.close();
    }
    try {
      for (MjpegHttpFrameSource s : sources) {
        assertThat(threadAlive(s.readerThreadName())).as("reader thread of %s", s).isFalse();
      }
      for (MjpegTestServer server : servers) {
        eventually(() -> establishedClientConnections(server.port()) == 0);
      }
    } finally {
      for (int i = toClose.size() - 1; i >= 0; i--) {
        toClose.get(i).close();
      }
    }
  }

  /** Established TCP connections whose remote end is this local port (client sides). */
  static long establishedClientConnections(int port) {
    long count = 0;
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      java.nio.file.Path path = java.nio.file.Path.of(table);
      if (!java.nio.file.Files.isReadable(path)) {
        continue;
      }
      try {
        for (String line : java.nio.file.Files.readAllLines(path)) {
          String[] f = line.strip().split("\\s+");
          if (f.length < 4 || !f[1].contains(":") || !f[2].contains(":")) {
            continue;
          }
          int remotePort = Integer.parseInt(f[2].substring(f[2].indexOf(':') + 1), 16);
          if (remotePort == port && f[3].equals("01")) {
            count++;
          }
        }
      } catch (IOException | NumberFormatException e) {
        // an unreadable table counts as nothing seen
      }
    }
    return count;
  }

  private MjpegTestServer server(MjpegTestServer.Script script) throws IOException {
    MjpegTestServer s = new MjpegTestServer(PhoneScreens::smallFrame, script);
    toClose.add(s);
    servers.add(s);
    return s;
  }

  private MjpegHttpFrameSource open(String url, String options) {
    FrameSource s =
        new MjpegFrameSourceProvider()
            .open(DeviceUri.parse("mjpeg:" + url + "?" + options), ProviderContext.system());
    sources.add((MjpegHttpFrameSource) s);
    return (MjpegHttpFrameSource) s;
  }

  private static long now() {
    return Ticker.system().read();
  }

  private static void eventually(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + GENEROUS.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not reached in " + GENEROUS);
      }
      Thread.sleep(10);
    }
  }

  private static BufferedImage decode(Frame f) throws IOException {
    return ImageIO.read(new ByteArrayInputStream(f.jpeg()));
  }

  private static boolean threadAlive(String name) {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.getName().equals(name) && t.isAlive());
  }

  @Test
  void aStalledStreamTimesOutThenRecoversOnANewConnection() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              if (connection == 1) {
                s.frame();
                s.frame();
                Thread.sleep(60_000); // stall with the connection open
              }
              s.forever(30);
            });
    MjpegHttpFrameSource source =
        open(server.url("/stream"), "latency_ms=0&read_timeout_ms=1500&crop=none");
    eventually(() -> source.framesReceived() >= 2);
    assertThatThrownBy(() -> source.grab(now(), Duration.ofMillis(100)))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CAPTURE_TIMEOUT));
    Frame fresh = source.grab(now(), GENEROUS);
    assertThat(decode(fresh)).isNotNull();
    assertThat(source.reconnects()).isGreaterThanOrEqualTo(1);
    assertThat(server.connections()).isGreaterThanOrEqualTo(2);
  }

  @Test
  void aDroppedConnectionIsReopenedWithBackoff() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              s.frame();
              if (connection <= 3) {
                return; // drop after one frame, three times
              }
              s.forever(30);
            });
    MjpegHttpFrameSource source =
        open(server.url("/stream"), "latency_ms=0&reconnect_min_ms=10&crop=none");
    eventually(() -> server.connections() >= 4);
    Frame fresh = source.grab(now(), GENEROUS);
    assertThat(decode(fresh)).isNotNull();
    assertThat(source.reconnects()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void truncatedJpegPartsAreSkippedAndCounted() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              while (true) {
                byte[] f = s.nextFrame();
                byte[] cut = Arrays.copyOf(f, f.length / 2);
                s.part(cut, cut.length, null); // honest length, truncated image
                s.frame();
                Thread.sleep(20);
              }
            });
    MjpegHttpFrameSource source = open(server.url("/stream"), "latency_ms=0&crop=none");
    for (int i = 0; i < 5; i++) {
      Frame f = source.grab(now(), GENEROUS);
      assertThat(decode(f)).isNotNull();
      assertThat(f.width()).isEqualTo(320);
    }
    assertThat(source.corruptParts()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void partsThatLieInContentLengthAreSkippedAndTheStreamResyncs() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              while (true) {
                byte[] a = s.nextFrame();
                s.part(a, a.length - 100, null); // claims less than it sends
                byte[] b = s.nextFrame();
                s.part(b, b.length + 300, null); // claims more: swallows the next part's start
                s.frame();
                s.frame();
                Thread.sleep(20);
              }
            });
    MjpegHttpFrameSource source = open(server.url("/stream"), "latency_ms=0&crop=none");
    for (int i = 0; i < 5; i++) {
      Frame f = source.grab(now(), GENEROUS);
      assertThat(decode(f)).isNotNull();
    }
    assertThat(source.corruptParts()).isGreaterThanOrEqualTo(2);
  }

  @Test
  void partsWithoutContentLengthAreFramedByTheBoundary() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              while (true) {
                s.part(s.nextFrame(), null, null);
                Thread.sleep(20);
              }
            });
    MjpegHttpFrameSource source = open(server.url("/stream"), "latency_ms=0&crop=none");
    Frame f = source.grab(now(), GENEROUS);
    assertThat(decode(f)).isNotNull();
    Frame g = source.grab(f.captureNanos() + 1, GENEROUS);
    assertThat(g.captureNanos()).isGreaterThan(f.captureNanos());
  }

  @Test
  void partsOverTheSizeBoundAreSkipped() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              byte[] huge = new byte[200_000];
              huge[0] = (byte) 0xFF;
              huge[1] = (byte) 0xD8;
              while (true) {
                s.part(huge, huge.length, null);
                s.part(huge, null, null);
                s.frame();
                Thread.sleep(20);
              }
            });
    MjpegHttpFrameSource source =
        open(server.url("/stream"), "latency_ms=0&crop=none&max_part_bytes=100000");
    Frame f = source.grab(now(), GENEROUS);
    assertThat(f.jpeg().length).isLessThan(100_000);
    eventually(() -> source.oversizeParts() >= 2);
  }

  @Test
  void aFrozenProducerRepeatingItsTimestampIsStale() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              byte[] f = s.nextFrame();
              while (true) {
                s.part(f, f.length, "X-Timestamp: 1234.500000\r\n"); // ustreamer's header, frozen
                Thread.sleep(20);
              }
            });
    MjpegHttpFrameSource source = open(server.url("/stream"), "latency_ms=0&crop=none");
    Frame first = source.grab(now(), GENEROUS);
    assertThatThrownBy(() -> source.grab(first.captureNanos() + 1, Duration.ofMillis(300)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.CAPTURE_STALE);
              assertThat(e.getMessage()).contains("frozen");
            });
  }

  @Test
  void aProducerThatStopsSendingTimesOut() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              s.frame();
              Thread.sleep(60_000);
            });
    MjpegHttpFrameSource source =
        open(server.url("/stream"), "latency_ms=0&crop=none&read_timeout_ms=60000");
    Frame first = source.grab(now(), GENEROUS);
    assertThatThrownBy(() -> source.grab(first.captureNanos() + 1, Duration.ofMillis(200)))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CAPTURE_TIMEOUT));
  }

  @Test
  void aRefusedConnectionTimesOutNamingTheProblem() throws Exception {
    int port;
    try (ServerSocket probe = new ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    MjpegHttpFrameSource source =
        open("http://127.0.0.1:" + port + "/stream", "reconnect_min_ms=10");
    Thread.sleep(100);
    assertThatThrownBy(() -> source.grab(now(), Duration.ofMillis(200)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.CAPTURE_TIMEOUT);
              assertThat(e.details()).containsKey("last_problem");
              assertThat(e.getMessage()).containsIgnoringCase("refused");
            });
  }

  @Test
  void anHttpErrorStatusIsReported() throws Exception {
    MjpegTestServer server = server((s, c) -> s.forever(30));
    MjpegHttpFrameSource source = open(server.url("/missing"), "reconnect_min_ms=10");
    Thread.sleep(100);
    assertThatThrownBy(() -> source.grab(now(), Duration.ofMillis(200)))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.getMessage()).contains("HTTP 404"));
  }

  @Test
  void closeStopsTheReaderThreadAndTheConnection() throws Exception {
    MjpegTestServer server = server((s, c) -> s.forever(30));
    MjpegHttpFrameSource source = open(server.url("/stream"), "latency_ms=0&crop=none");
    source.grab(now(), GENEROUS);
    String thread = source.readerThreadName();
    assertThat(threadAlive(thread)).isTrue();
    assertThat(server.openResponses()).isEqualTo(1);
    if (java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/net/tcp"))) {
      assertThat(establishedClientConnections(server.port()))
          .as("the check sees a live connection")
          .isEqualTo(1);
    }
    source.close();
    assertThat(establishedClientConnections(server.port())).isZero();
    assertThat(threadAlive(thread)).isFalse();
    eventually(() -> server.openResponses() == 0);
    assertThatThrownBy(() -> source.grab(now(), GENEROUS))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DEVICE_CLOSED));
  }

  @Test
  void closeWhileAGrabWaitsWakesItWithDeviceClosed() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              Thread.sleep(60_000);
            });
    MjpegHttpFrameSource source = open(server.url("/stream"), "latency_ms=0");
    List<Throwable> seen = new ArrayList<>();
    Thread waiter =
        new Thread(
            () -> {
              try {
                source.grab(now(), GENEROUS);
              } catch (Throwable t) {
                synchronized (seen) {
                  seen.add(t);
                }
              }
            });
    waiter.start();
    Thread.sleep(100);
    source.close();
    waiter.join(GENEROUS.toMillis());
    assertThat(seen)
        .singleElement()
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DEVICE_CLOSED));
  }

  @Test
  void aCloseDuringConnectLeavesNoThread() throws Exception {
    MjpegHttpFrameSource source = open("http://10.255.255.1:9/stream", "connect_timeout_ms=60000");
    String thread = source.readerThreadName();
    source.close();
    assertThat(threadAlive(thread)).isFalse();
  }

  @Test
  void badOptionsNameTheKey() {
    assertThatThrownBy(() -> open("http://127.0.0.1:1/stream", "fps=30"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("fps"));
    assertThatThrownBy(() -> open("ftp://127.0.0.1/stream", ""))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("url"));
    assertThatThrownBy(() -> open("http://127.0.0.1:1/stream", "crop=1,2,3"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("crop"));
    assertThatThrownBy(() -> open("http://127.0.0.1:1/stream", "rotate=45"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("rotate"));
    assertThatThrownBy(() -> open("http://127.0.0.1:1/stream", "mode=rtsp"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("mode"));
  }

  @Test
  void anEncodedQueryInTheUrlReachesTheServer() throws Exception {
    MjpegTestServer server = server((s, c) -> s.forever(30));
    MjpegHttpFrameSource source =
        open(server.url("/snapshot%3Faction=snapshot"), "latency_ms=0&crop=none");
    assertThat(decode(source.grab(now(), GENEROUS))).isNotNull();
    assertThat(source.toString()).contains("/snapshot?action=snapshot");
    MjpegHttpFrameSource spaced = open(server.url("/snapshot/my%20cam"), "latency_ms=0&crop=none");
    assertThat(decode(spaced.grab(now(), GENEROUS))).isNotNull();
  }

  @Test
  void onlyTheNewestFrameIsKeptNotAQueue() throws Exception {
    MjpegTestServer server =
        server(
            (s, connection) -> {
              for (int i = 0; i < 10; i++) {
                s.frame(); // frames 0..9 back to back
              }
              Thread.sleep(60_000);
            });
    long before = now();
    MjpegHttpFrameSource source =
        open(server.url("/stream"), "latency_ms=0&crop=none&read_timeout_ms=60000");
    eventually(() -> source.framesReceived() >= 10);
    Frame f = source.grab(before, GENEROUS);
    assertThat(f.jpeg()).isEqualTo(PhoneScreens.smallFrame(9));
  }

  @Test
  void snapshotModePollsOneImagePerRequestAndSkipsBrokenOnes() throws Exception {
    java.util.concurrent.atomic.AtomicInteger requests =
        new java.util.concurrent.atomic.AtomicInteger();
    com.sun.net.httpserver.HttpServer http =
        com.sun.net.httpserver.HttpServer.create(
            new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 8);
    http.createContext(
        "/shot",
        ex -> {
          try (ex) {
            byte[] f = PhoneScreens.smallFrame(requests.incrementAndGet());
            if (requests.get() % 2 == 0) {
              f = Arrays.copyOf(f, f.length / 2); // every other snapshot is truncated
            }
            ex.getResponseHeaders().set("Content-Type", "application/octet-stream");
            ex.sendResponseHeaders(200, f.length);
            ex.getResponseBody().write(f);
          }
        });
    http.start();
    toClose.add(() -> http.stop(0));
    MjpegHttpFrameSource source =
        open(
            "http://127.0.0.1:" + http.getAddress().getPort() + "/shot",
            "mode=snapshot&latency_ms=0&crop=none&snapshot_interval_ms=5&reconnect_min_ms=5");
    Frame a = source.grab(now(), GENEROUS);
    Frame b = source.grab(a.captureNanos() + 1, GENEROUS);
    assertThat(decode(b)).isNotNull();
    assertThat(requests.get()).isGreaterThanOrEqualTo(2);
    eventually(() -> source.corruptParts() >= 1);
  }
}

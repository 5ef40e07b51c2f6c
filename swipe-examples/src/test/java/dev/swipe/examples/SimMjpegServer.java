package dev.swipe.examples;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.swipe.sim.SimPhone;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTP server on 127.0.0.1 that streams a simulated phone's screen the way ustreamer or
 * mjpg-streamer serve a capture device: multipart/x-mixed-replace JPEG parts, one capture latency
 * behind the phone. The pictures are the phone's own frames (only the screen, no black bars), so
 * the rig's capture URI says {@code crop=none}.
 */
final class SimMjpegServer implements AutoCloseable {
  private static final String BOUNDARY = "simframe";

  /** No stream outlives this, whatever the client does. */
  private static final Duration MAX_STREAM = Duration.ofMinutes(10);

  private final HttpServer server;
  private final ExecutorService executor;
  private final SimPhone phone;
  private final long frameMillis;
  private volatile boolean closed;

  SimMjpegServer(SimPhone phone, int fps) throws IOException {
    this.phone = phone;
    this.frameMillis = 1000 / fps;
    executor =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "sim-mjpeg-server");
              t.setDaemon(true);
              return t;
            });
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
    server.setExecutor(executor);
    server.createContext("/stream", this::stream);
    server.start();
  }

  /** The stream's address, as an {@code mjpeg:} capture URI takes it. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/stream";
  }

  private void stream(HttpExchange ex) {
    try (ex) {
      ex.getResponseHeaders().set("Content-Type", "multipart/x-mixed-replace;boundary=" + BOUNDARY);
      ex.sendResponseHeaders(200, 0);
      OutputStream out = ex.getResponseBody();
      long end = System.nanoTime() + MAX_STREAM.toNanos();
      while (!closed && System.nanoTime() < end) {
        byte[] jpeg = picture();
        out.write(
            ("--"
                    + BOUNDARY
                    + "\r\nContent-Type: image/jpeg\r\nContent-Length: "
                    + jpeg.length
                    + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.write(jpeg);
        out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        Thread.sleep(frameMillis);
      }
    } catch (IOException | RuntimeException e) {
      // the client went away, or the phone closed under the stream
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The phone's screen one capture latency late, as its own JPEG (no re-encoding). */
  private byte[] picture() {
    return phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(2)).jpeg();
  }

  @Override
  public void close() {
    closed = true;
    server.stop(0);
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

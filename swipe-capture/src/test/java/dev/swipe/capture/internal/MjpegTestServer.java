package dev.swipe.capture.internal;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A real HTTP server on 127.0.0.1 (ephemeral port) that streams JPEG frames as
 * multipart/x-mixed-replace the way ustreamer does, and can misbehave on purpose.
 */
final class MjpegTestServer implements AutoCloseable {
  static final String BOUNDARY = "boundarydonotcross";

  /** What a connection does; {@code connection} counts from 1. */
  interface Script {
    void serve(Stream stream, int connection) throws IOException, InterruptedException;
  }

  /** The response body of one streaming connection. */
  static final class Stream {
    private final OutputStream out;
    private final IntFunction<byte[]> frames;
    private int next;

    Stream(OutputStream out, IntFunction<byte[]> frames) {
      this.out = out;
      this.frames = frames;
    }

    /** The next rendered frame's bytes. */
    byte[] nextFrame() {
      return frames.apply(next++);
    }

    /** Writes one part with the given bytes and declared length (null: no Content-Length). */
    void part(byte[] body, Integer declaredLength, String extraHeaders) throws IOException {
      StringBuilder head = new StringBuilder("--" + BOUNDARY + "\r\nContent-Type: image/jpeg\r\n");
      if (declaredLength != null) {
        head.append("Content-Length: ").append(declaredLength).append("\r\n");
      }
      if (extraHeaders != null) {
        head.append(extraHeaders);
      }
      head.append("\r\n");
      out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
    }

    /** A well-formed part of the next frame. */
    void frame() throws IOException {
      byte[] f = nextFrame();
      part(f, f.length, null);
    }

    /** Streams good frames at about {@code fps} until the client goes away. */
    void forever(int fps) throws IOException, InterruptedException {
      while (true) {
        frame();
        Thread.sleep(1000 / fps);
      }
    }
  }

  private final HttpServer server;
  private final ExecutorService executor;
  private final AtomicInteger connections = new AtomicInteger();
  private final AtomicInteger open = new AtomicInteger();
  private final IntFunction<byte[]> frames;

  MjpegTestServer(IntFunction<byte[]> frames, Script stream) throws IOException {
    this.frames = frames;
    AtomicInteger threads = new AtomicInteger();
    executor =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "test-mjpeg-server-" + threads.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.setExecutor(executor);
    server.createContext("/stream", ex -> handleStream(ex, stream));
    server.createContext(
        "/snapshot",
        ex -> {
          open.incrementAndGet();
          try (ex) {
            byte[] f = frames.apply(connections.incrementAndGet());
            ex.getResponseHeaders().set("Content-Type", "image/jpeg");
            ex.sendResponseHeaders(200, f.length);
            ex.getResponseBody().write(f);
          } finally {
            open.decrementAndGet();
          }
        });
    server.createContext(
        "/missing",
        ex -> {
          try (ex) {
            ex.sendResponseHeaders(404, -1);
          }
        });
    server.start();
  }

  /** A server streaming good frames at 30 fps on every connection. */
  static MjpegTestServer streaming(IntFunction<byte[]> frames) throws IOException {
    return new MjpegTestServer(frames, (s, c) -> s.forever(30));
  }

  private void handleStream(HttpExchange ex, Script script) throws IOException {
    int n = connections.incrementAndGet();
    open.incrementAndGet();
    try (ex) {
      ex.getResponseHeaders().set("Content-Type", "multipart/x-mixed-replace;boundary=" + BOUNDARY);
      ex.getResponseHeaders().set("Cache-Control", "no-store");
      ex.sendResponseHeaders(200, 0);
      script.serve(new Stream(ex.getResponseBody(), frames), n);
    } catch (IOException | InterruptedException e) {
      // the client went away or the server is stopping
    } finally {
      open.decrementAndGet();
    }
  }

  int port() {
    return server.getAddress().getPort();
  }

  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** Connections accepted so far on /stream and /snapshot. */
  int connections() {
    return connections.get();
  }

  /** Responses still being served (a streaming handler ends when its client goes away). */
  int openResponses() {
    return open.get();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

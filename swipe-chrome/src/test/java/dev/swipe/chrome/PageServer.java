package dev.swipe.chrome;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;

/** Serves a directory of test pages on 127.0.0.1 (only there), as a phone's app would be served. */
final class PageServer implements AutoCloseable {
  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "js", "text/javascript",
          "mjs", "text/javascript",
          "css", "text/css",
          "png", "image/png",
          "svg", "image/svg+xml",
          "json", "application/json");

  private final HttpServer server;
  private final Path root;

  private PageServer(Path root) throws IOException {
    this.root = root.toAbsolutePath().normalize();
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.createContext("/", this::serve);
    server.setExecutor(Executors.newFixedThreadPool(4, r -> daemon(r)));
    server.start();
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "page-server");
    t.setDaemon(true);
    return t;
  }

  /** Serves {@code dir}. */
  static PageServer of(Path dir) {
    try {
      return new PageServer(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Serves the test resources' {@code widgets} directory. */
  static PageServer widgets() {
    try {
      return of(Path.of(PageServer.class.getResource("/widgets").toURI()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The URL of a path under the root, e.g. {@code pages/long-list.html}. */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + path;
  }

  private void serve(HttpExchange x) throws IOException {
    try (x) {
      Path p = root.resolve(x.getRequestURI().getPath().substring(1)).normalize();
      if (!p.startsWith(root) || !Files.isRegularFile(p)) {
        x.sendResponseHeaders(404, -1);
        return;
      }
      String name = p.getFileName().toString();
      String ext = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
      x.getResponseHeaders()
          .set("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"));
      byte[] body = Files.readAllBytes(p);
      x.sendResponseHeaders(200, body.length);
      try (OutputStream out = x.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

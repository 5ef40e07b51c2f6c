package dev.swipe.chrome;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves test pages from the class path on 127.0.0.1 (only there), as a phone's app would be
 * served. Shipped in swipe-chrome's test jar so the benchmarks serve the same widget pages.
 */
public final class PageServer implements AutoCloseable {
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
  private final ExecutorService workers;
  private final String root;

  private PageServer(String root) throws IOException {
    this.root = root;
    workers =
        Executors.newFixedThreadPool(
            4,
            r -> {
              Thread t = new Thread(r, "page-server");
              t.setDaemon(true);
              return t;
            });
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.createContext("/", this::serve);
    server.setExecutor(workers);
    server.start();
  }

  /** Serves the class path directory {@code root}, e.g. {@code widgets} or {@code kit}. */
  public static PageServer classpath(String root) {
    try {
      return new PageServer(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Serves the widget corpus (Ionic, Swiper, Leaflet pages and lists). */
  public static PageServer widgets() {
    return classpath("widgets");
  }

  /** The URL of a path under the root, e.g. {@code pages/long-list.html}. */
  public String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + path;
  }

  private void serve(HttpExchange x) throws IOException {
    try (x) {
      String path = x.getRequestURI().getPath();
      if (path.contains("..") || path.contains("//")) {
        x.sendResponseHeaders(404, -1);
        return;
      }
      try (InputStream in = PageServer.class.getResourceAsStream("/" + root + path)) {
        if (in == null || path.endsWith("/")) {
          x.sendResponseHeaders(404, -1);
          return;
        }
        byte[] body = in.readAllBytes();
        String ext = path.substring(path.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        x.getResponseHeaders()
            .set("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"));
        x.sendResponseHeaders(200, body.length);
        try (OutputStream out = x.getResponseBody()) {
          out.write(body);
        }
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    workers.shutdownNow();
  }
}

package dev.swipe.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.swipe.core.Device;
import dev.swipe.core.SwipeException;
import dev.swipe.memory.MemoryStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;

/**
 * The agent tools for direct (non-MCP) callers over HTTP, with the JDK's HTTP server.
 *
 * <ul>
 *   <li>{@code GET /tools}: {@code {"tools": [spec, ...]}}; {@code GET /tools/{name}}: one spec.
 *   <li>{@code POST /tools/{name}} with a JSON object body ({@code Content-Type: application/json}):
 *       exactly the dispatcher's result JSON. Base64 JPEG is accepted where screenshot ids are.
 *       Status 200 for results, 400/404/413/415/401/405 for bad requests and 422/409/500/503 for
 *       action errors; the body is always the JSON.
 *   <li>Runs: each {@code run} request header value names its own run (attachment ids and wheel
 *       guard); without the header, each TCP connection is its own run. At most {@code maxRuns}
 *       runs are kept; the least recently used is ended beyond that. The response header
 *       {@code run} says which run answered.
 *   <li>Security: loopback by default; any other address requires a bearer token
 *       ({@code Authorization: Bearer T}). Requests must be JSON (a browser page cannot send that
 *       without a CORS preflight, which is never answered) and at most {@code maxRequestBytes}.
 * </ul>
 */
public final class AgentHttpServer implements AutoCloseable {
  /** Default largest request body: room for two base64 screenshots. */
  public static final int DEFAULT_MAX_REQUEST_BYTES = 16 * 1024 * 1024;
  /** Default most runs kept at once. */
  public static final int DEFAULT_MAX_RUNS = 64;

  private static final String BODY_READ = "swipe.body-read";
  /** Most bytes of an oversize body read and dropped before answering 413. */
  private static final long DRAIN_LIMIT = 64L * 1024 * 1024;
  private static final Pattern RUN = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final Pattern TOOL_PATH = Pattern.compile("/tools/([a-z_]{1,64})");

  private final Device device;
  private final MemoryStore memory;
  private final byte[] token;
  private final int maxRequestBytes;
  private final int maxRuns;
  private final HttpServer http;
  private final ExecutorService executor;
  private final Map<String, ToolDispatcher> runs;
  private final ToolDispatcher catalog;

  private AgentHttpServer(Builder b) throws IOException {
    this.device = b.device;
    this.memory = b.memory;
    this.token = b.token == null ? null : b.token.getBytes(StandardCharsets.UTF_8);
    this.maxRequestBytes = b.maxRequestBytes;
    this.maxRuns = b.maxRuns;
    this.runs = new LinkedHashMap<>(16, 0.75f, true);
    this.catalog = new ToolDispatcher(newRun());
    this.http = HttpServer.create(b.address, 64);
    this.executor = Executors.newFixedThreadPool(8, r -> {
      Thread t = new Thread(r, "swipe-agent-http");
      t.setDaemon(true);
      return t;
    });
    http.setExecutor(executor);
    http.createContext("/", this::handle);
    http.start();
  }

  /** A builder for a server over {@code device}. */
  public static Builder builder(Device device) {
    return new Builder(device);
  }

  /** The bound address (with the real port when port 0 was asked for). */
  public InetSocketAddress address() {
    return http.getAddress();
  }

  /** Stops listening and ends every run (not the device, not the memory store). */
  @Override
  public void close() {
    http.stop(0);
    executor.shutdownNow();
    synchronized (runs) {
      runs.values().forEach(d -> d.run().close());
      runs.clear();
    }
    catalog.run().close();
  }

  private AgentRun newRun() {
    AgentRun.Builder b = AgentRun.builder(device).acceptInlineImages(true);
    if (memory != null) {
      b.memory(memory);
    }
    return b.build();
  }

  private ToolDispatcher runFor(String key) {
    synchronized (runs) {
      ToolDispatcher d = runs.get(key);
      if (d == null) {
        d = new ToolDispatcher(newRun());
        runs.put(key, d);
        if (runs.size() > maxRuns) {
          var eldest = runs.entrySet().iterator().next();
          eldest.getValue().run().close();
          runs.remove(eldest.getKey());
        }
      }
      return d;
    }
  }

  private void handle(HttpExchange ex) {
    try (ex) {
      try {
        respond(ex);
      } catch (RuntimeException e) {
        SwipeException s = SwipeException.translate(e);
        send(ex, 500, ToolDispatcher.error(s.code().id(), s.getMessage(), Map.of()));
      }
    } catch (IOException | UncheckedIOException e) {
      // the client went away; nothing to answer
    }
  }

  private void respond(HttpExchange ex) throws IOException {
    if (token != null && !authorized(ex)) {
      ex.getResponseHeaders().set("WWW-Authenticate", "Bearer");
      send(ex, 401, ToolDispatcher.error("unauthorized", "a bearer token is required: Authorization: Bearer <token>", Map.of()));
      return;
    }
    String path = ex.getRequestURI().getPath();
    String method = ex.getRequestMethod().toUpperCase(Locale.ROOT);
    if (path.equals("/tools")) {
      if (!method.equals("GET")) {
        send(ex, 405, ToolDispatcher.error("method_not_allowed", "GET /tools lists the tools", Map.of()));
        return;
      }
      ObjectNode out = ToolDispatcher.JSON.createObjectNode();
      ArrayNode arr = out.putArray("tools");
      catalog.specs().forEach(s -> arr.add(s.toJson()));
      send(ex, 200, out);
      return;
    }
    var m = TOOL_PATH.matcher(path);
    if (!m.matches()) {
      send(ex, 404, ToolDispatcher.error("not_found", "use GET /tools or POST /tools/{name}", Map.of()));
      return;
    }
    String name = m.group(1);
    if (method.equals("GET")) {
      var spec = catalog.spec(name);
      if (spec.isEmpty()) {
        send(ex, 404, catalog.call(name, (JsonNode) null));
      } else {
        send(ex, 200, spec.get().toJson());
      }
      return;
    }
    if (!method.equals("POST")) {
      send(ex, 405, ToolDispatcher.error("method_not_allowed", "POST /tools/" + name + " runs the tool", Map.of()));
      return;
    }
    String type = ex.getRequestHeaders().getFirst("Content-Type");
    if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
      send(ex, 415, ToolDispatcher.error("unsupported_media_type", "send the arguments as Content-Type: application/json", Map.of()));
      return;
    }
    String runHeader = ex.getRequestHeaders().getFirst("run");
    if (runHeader != null && !RUN.matcher(runHeader).matches()) {
      send(ex, 400, ToolDispatcher.error("invalid_argument", "run: must be 1-64 of A-Z a-z 0-9 . _ -", Map.of("field", "run")));
      return;
    }
    String key = runHeader != null ? runHeader : "connection-" + ex.getRemoteAddress().getAddress().getHostAddress()
        + "-" + ex.getRemoteAddress().getPort();
    byte[] body = readBody(ex);
    if (body == null) {
      send(ex, 413, ToolDispatcher.error("request_too_large", "the request body exceeds " + maxRequestBytes + " bytes",
          Map.of("max_request_bytes", maxRequestBytes)));
      return;
    }
    ToolDispatcher tools = runFor(key);
    ex.getResponseHeaders().set("run", key);
    ObjectNode result;
    try {
      result = tools.call(name, ToolDispatcher.parseArguments(new String(body, StandardCharsets.UTF_8)));
    } catch (ToolFailure f) {
      result = ToolDispatcher.error(f.code(), f.getMessage(), f.details());
    }
    send(ex, status(result), result);
  }

  private boolean authorized(HttpExchange ex) {
    String h = ex.getRequestHeaders().getFirst("Authorization");
    if (h == null || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    return MessageDigest.isEqual(token, h.substring(7).strip().getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The body, or null when it is larger than the limit. An oversize body is read and dropped (up to
   * {@link #DRAIN_LIMIT} bytes) so the client, still sending, gets the 413 instead of a reset.
   */
  private byte[] readBody(HttpExchange ex) throws IOException {
    try (InputStream in = ex.getRequestBody()) {
      byte[] b = in.readNBytes(maxRequestBytes + 1);
      if (b.length > maxRequestBytes) {
        long dropped = 0;
        byte[] sink = new byte[64 * 1024];
        for (int n; dropped < DRAIN_LIMIT && (n = in.read(sink)) > 0; ) {
          dropped += n;
        }
        return null;
      }
      ex.setAttribute(BODY_READ, Boolean.TRUE);
      return b;
    }
  }

  static int status(JsonNode result) {
    if (!ToolDispatcher.isError(result)) {
      return 200;
    }
    return switch (result.get("error").path("code").asText()) {
      case "invalid_argument", "unknown_attachment", "not_a_screenshot", "image_decode_failed", "image_size_mismatch",
          "unsupported_character" -> 400;
      case "unknown_tool" -> 404;
      case "run_terminated", "wheel_column_busy" -> 409;
      case "internal" -> 500;
      case "hid_disconnected", "capture_timeout", "capture_stale", "memory_unavailable", "device_closed" -> 503;
      default -> 422;
    };
  }

  private static void send(HttpExchange ex, int status, ObjectNode body) throws IOException {
    byte[] bytes = ToolDispatcher.toText(body).getBytes(StandardCharsets.UTF_8);
    if (ex.getAttribute(BODY_READ) == null && !ex.getRequestMethod().equalsIgnoreCase("GET")) {
      // answered without reading the request body: the connection cannot be reused
      ex.getResponseHeaders().set("Connection", "close");
    }
    ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** Configures and starts an {@link AgentHttpServer}. */
  public static final class Builder {
    private final Device device;
    private InetSocketAddress address = new InetSocketAddress("127.0.0.1", 8765);
    private MemoryStore memory;
    private String token;
    private int maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES;
    private int maxRuns = DEFAULT_MAX_RUNS;

    private Builder(Device device) {
      this.device = SwipeException.requireArgument(device, "device");
    }

    /** Where to listen (default 127.0.0.1:8765; port 0 picks a free port). */
    public Builder address(InetSocketAddress address) {
      this.address = SwipeException.requireArgument(address, "address");
      return this;
    }

    /** The memory store for save_memory/recall_memory (the caller closes it); null for none. */
    public Builder memory(MemoryStore memory) {
      this.memory = memory;
      return this;
    }

    /** The bearer token clients must send; required on non-loopback addresses. */
    public Builder token(String token) {
      this.token = token == null || token.isBlank() ? null : token;
      return this;
    }

    /** Largest request body in bytes (default 16 MiB). */
    public Builder maxRequestBytes(int bytes) {
      if (bytes < 1024) {
        throw SwipeException.invalidArgument("max_request_bytes", "must be at least 1024, was " + bytes);
      }
      this.maxRequestBytes = bytes;
      return this;
    }

    /** Most runs kept at once (default 64). */
    public Builder maxRuns(int runs) {
      if (runs < 1) {
        throw SwipeException.invalidArgument("max_runs", "must be at least 1, was " + runs);
      }
      this.maxRuns = runs;
      return this;
    }

    /**
     * Binds and starts serving.
     *
     * @throws SwipeException {@code invalid_argument} for a non-loopback address without a token,
     *     or when the address cannot be bound
     */
    public AgentHttpServer start() {
      if (address.isUnresolved()) {
        throw SwipeException.invalidArgument("http", "cannot resolve host '" + address.getHostString() + "'");
      }
      if (!address.getAddress().isLoopbackAddress() && token == null) {
        throw SwipeException.invalidArgument(
            "token", "a bearer token is required to serve on " + address.getAddress().getHostAddress()
                + " (not loopback): pass --token or set SWIPE_AGENT_TOKEN");
      }
      try {
        return new AgentHttpServer(this);
      } catch (IOException e) {
        throw SwipeException.invalidArgument("http", "cannot listen on " + address + ": " + e.getMessage());
      }
    }
  }
}

package dev.swipe.agent.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.AgentErrorCode;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolListing;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.agent.internal.JsonInput;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.agent.server.internal.RequestGate;
import dev.swipe.base.Api;
import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.diff.ImageCode;
import dev.swipe.http.internal.BoundedJson;
import dev.swipe.http.internal.HostPort;
import dev.swipe.http.internal.JsonHttpServer;
import dev.swipe.http.internal.JsonHttpServer.Connection;
import dev.swipe.http.internal.JsonHttpServer.Refusal;
import dev.swipe.http.internal.JsonHttpServer.Request;
import dev.swipe.http.internal.JsonHttpServer.Response;
import dev.swipe.http.internal.ServerCode;
import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryStore;
import dev.swipe.wheel.WheelErrorCode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The agent tools for direct (non-MCP) callers over HTTP/1.1.
 *
 * <ul>
 *   <li>{@code GET /tools}: {@code {"tools": [spec, ...]}}; {@code GET /tools/{name}}: one spec.
 *   <li>{@code POST /tools/{name}} with a JSON object body ({@code Content-Type:
 *       application/json}): exactly the dispatcher's result JSON. Base64 JPEG is accepted where
 *       screenshot ids are. Status 200 for results, 4xx for bad requests and refused actions, 503
 *       for device trouble; every answer, malformed requests included, is a JSON object, never
 *       HTML.
 *   <li>Runs (attachment ids and wheel guard): without a {@code run} header each TCP connection is
 *       its own run, ended when the connection closes, and no other connection can name it. A
 *       {@code run: NAME} header creates or joins an explicit run that any connection may use; when
 *       the server has tokens, only requests with the token that created it. At most {@code
 *       maxRuns} runs are kept per token (in all when the server has no tokens); beyond that the
 *       token's own least recently used run is ended, never another token's, and its next request
 *       is refused with 410 {@code run_evicted}. An explicit name stays retired for the server's
 *       lifetime, so old ids never come to mean new images. The response header {@code run} says
 *       which run answered.
 *   <li>Security: loopback by default; any other address requires a bearer token ({@code
 *       Authorization: Bearer T}). {@code Host} (and {@code Origin}, when sent) must be a loopback
 *       name ({@code localhost}, {@code 127.0.0.1}, {@code [::1]}), the bound address, or an
 *       allowed host: a web page that rebinds its DNS name to this machine is refused (403) before
 *       anything runs. Requests must be JSON (a browser cannot send that cross-origin without a
 *       CORS preflight, which is never answered) and at most {@code maxRequestBytes}.
 *   <li>Hygiene: a request must arrive whole within the request timeout (408), an idle kept-alive
 *       connection is closed after the idle timeout, connections per client address are bounded
 *       (503), and answers are written in one piece without Nagle delay.
 * </ul>
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class AgentHttpServer implements AutoCloseable {
  /** Default largest request body: room for two base64 screenshots. */
  public static final int DEFAULT_MAX_REQUEST_BYTES = 16 * 1024 * 1024;

  /** Default most runs kept at once per token. */
  public static final int DEFAULT_MAX_RUNS = 64;

  /** Default time for a whole request (head and body) to arrive. */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(20);

  /** Default most bytes one run's kept screenshots hold (JPEG and cached rasters): 64 MiB. */
  public static final long DEFAULT_MAX_RUN_ATTACHMENT_BYTES = AttachmentRegistry.DEFAULT_MAX_BYTES;

  /** Default most bytes the kept screenshots of all runs hold together: 256 MiB. */
  public static final long DEFAULT_MAX_ATTACHMENT_BYTES =
      AttachmentRegistry.Budget.DEFAULT_MAX_BYTES;

  /** Default time a kept-alive connection waits for its next request. */
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);

  /** Default most open connections from one client address. */
  public static final int DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 32;

  /** Most open connections in all. */
  static final int MAX_CONNECTIONS = 256;

  private static final Pattern RUN = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final Pattern TOOL_PATH = Pattern.compile("/tools/([a-z_]{1,64})");

  /** Names of connection runs; a run header may not take this prefix. */
  private static final String CONNECTION_RUN = "connection-";

  private final ToolListing toolListing;
  private final RequestGate gate;
  private final int maxRuns;
  private final JsonHttpServer http;
  private final ToolDispatcher catalog;

  /** Live runs, least recently used first: explicit names and connection run names. */
  private final LinkedHashMap<String, Run> runs = new LinkedHashMap<>(16, 0.75f, true);

  /** Explicit run names ended to make room, for the server's lifetime. */
  private final RetiredNames retired = new RetiredNames();

  private final AtomicLong connectionRuns = new AtomicLong();

  private final ServedRuns served;

  /**
   * A live run.
   *
   * @param owner index of the token that created it, or -1 when the server has no tokens
   * @param connection the connection that owns it, or -1 for an explicit run
   */
  private record Run(String name, ToolDispatcher tools, int owner, long connection) {}

  private AgentHttpServer(Builder b) throws IOException {
    this.toolListing = b.toolListing;
    this.gate = new RequestGate(b.tokens, b.allowedHosts, b.address);
    this.maxRuns = b.maxRuns;
    this.served =
        new ServedRuns(
            b.device,
            b.memory,
            b.simState,
            b.maxRunAttachmentBytes,
            b.maxAttachmentBytes,
            b.traces);
    this.catalog = new ToolDispatcher(served.open(null));
    this.http =
        new JsonHttpServer(
            "swipe-agent-http",
            b.address,
            new JsonHttpServer.Limits(
                b.maxRequestBytes,
                b.requestTimeout,
                b.idleTimeout,
                MAX_CONNECTIONS,
                b.maxConnectionsPerClient),
            new Handler());
  }

  /** A builder for a server over {@code device}. */
  public static Builder builder(Device device) {
    return new Builder(device);
  }

  /** The bound address (with the real port when port 0 was asked for). */
  public InetSocketAddress address() {
    return http.address();
  }

  /** The budget of all runs' kept screenshots (for tests: its accounting of held bytes). */
  AttachmentRegistry.Budget attachmentBudget() {
    return served.attachmentBudget();
  }

  /** Open client connections (for leak checks). */
  int openConnections() {
    return http.openConnections();
  }

  /**
   * Stops listening, drops every connection and ends every run (not the device, not the memory
   * store).
   */
  @Override
  public void close() {
    http.close();
    synchronized (runs) {
      runs.values().forEach(r -> r.tools().run().close());
      runs.clear();
    }
    catalog.run().close();
  }

  /**
   * Adds a run, ending the least recently used run of the same token beyond the limit: a client
   * makes room among its own runs only, so one token cannot end another's. Holds the runs lock.
   */
  private Run add(Run r) {
    runs.put(r.name(), r);
    Run eldest = null;
    int own = 0;
    for (Run x : runs.values()) { // least recently used first; iterating is no access
      if (x.owner() == r.owner()) {
        eldest = eldest == null ? x : eldest;
        own++;
      }
    }
    if (own > maxRuns && eldest != null) {
      runs.remove(eldest.name());
      eldest.tools().run().close();
      if (eldest.connection() < 0) {
        retired.add(eldest.name());
      }
    }
    return r;
  }

  private final class Handler implements JsonHttpServer.Handler {
    @Override
    public JsonHttpServer.Step head(Request req, Connection c) {
      String host = req.header("host");
      if (!gate.allowsHost(host)) {
        return error(
            403,
            AgentErrorCode.HOST_NOT_ALLOWED,
            "Host '"
                + RequestGate.abbreviate(host)
                + "' is not this server's name;"
                + " use localhost, 127.0.0.1 or [::1], or start the server with --allow-host "
                + RequestGate.abbreviate(host),
            Map.of("host", RequestGate.abbreviate(host)));
      }
      String origin = req.header("origin");
      if (!gate.allowsOrigin(origin)) {
        return error(
            403,
            AgentErrorCode.ORIGIN_NOT_ALLOWED,
            "Origin '"
                + RequestGate.abbreviate(origin)
                + "' may not use this server;"
                + " web pages are refused unless their host is loopback or allowed with --allow-host",
            Map.of("origin", RequestGate.abbreviate(origin)));
      }
      int token = -1;
      if (gate.hasTokens()) {
        token = gate.token(req.header("authorization"));
        if (token < 0) {
          return error(
                  401,
                  ServerCode.UNAUTHORIZED,
                  "a bearer token is required: Authorization: Bearer <token>",
                  Map.of())
              .withHeader("WWW-Authenticate", "Bearer");
        }
      }
      String path = req.path();
      String method = req.method().toUpperCase(Locale.ROOT);
      if (path.equals("/tools")) {
        if (!method.equals("GET")) {
          return error(
              405, AgentErrorCode.METHOD_NOT_ALLOWED, "GET /tools lists the tools", Map.of());
        }
        ObjectNode out = AgentJson.JSON.createObjectNode();
        ArrayNode arr = out.putArray("tools");
        catalog.specs(toolListing).forEach(s -> arr.add(s.toJson()));
        return json(200, out);
      }
      var m = TOOL_PATH.matcher(path);
      if (!m.matches()) {
        return error(
            404, AgentErrorCode.NOT_FOUND, "use GET /tools or POST /tools/{name}", Map.of());
      }
      String name = m.group(1);
      if (method.equals("GET")) {
        var spec = catalog.spec(name);
        return spec.isEmpty()
            ? json(404, catalog.call(name, (JsonNode) null))
            : json(
                200,
                (toolListing == ToolListing.COMPACT ? spec.get().compact() : spec.get()).toJson());
      }
      if (!method.equals("POST")) {
        return error(
            405,
            AgentErrorCode.METHOD_NOT_ALLOWED,
            "POST /tools/" + name + " runs the tool",
            Map.of());
      }
      String type = req.header("content-type");
      if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
        return error(
            415,
            AgentErrorCode.UNSUPPORTED_MEDIA_TYPE,
            "send the arguments as Content-Type: application/json",
            Map.of());
      }
      List<String> runHeaders = req.headers("run");
      if (runHeaders.size() > 1
          || (runHeaders.size() == 1 && !RUN.matcher(runHeaders.get(0)).matches())) {
        return error(
            400,
            CommonCode.INVALID_ARGUMENT,
            "run: must be one name of 1-64 of A-Z a-z 0-9 . _ -",
            Map.of("field", "run"));
      }
      Object run =
          runHeaders.isEmpty() ? connectionRun(c, token) : explicitRun(runHeaders.get(0), c, token);
      if (run instanceof Response refusal) {
        return refusal;
      }
      Run r = (Run) run;
      return (JsonHttpServer.BodyReader)
          body -> {
            ObjectNode result;
            try {
              result = r.tools().call(name, arguments(body));
            } catch (ToolFailure f) {
              result = AgentJson.error(f.code(), f.getMessage(), f.details());
            }
            return json(status(result), result).withHeader("run", r.name());
          };
    }

    @Override
    public Response refused(Refusal r) {
      // the refusal's id is the agent's code of the same name (internal: core's)
      return json(r.code().status(), AgentJson.error(r.code().id(), r.message(), r.details()));
    }

    @Override
    public void closed(Connection c) {
      if (c.state() instanceof String name) {
        synchronized (runs) {
          Run r = runs.get(name);
          if (r != null && r.connection() == c.id()) {
            runs.remove(name);
            r.tools().run().close();
          }
        }
      }
    }
  }

  /**
   * The connection's own run: made on its first call, refused once with run_evicted if it was
   * ended.
   */
  private Object connectionRun(Connection c, int token) {
    synchronized (runs) {
      if (c.state() instanceof String name) {
        Run r = runs.get(name);
        if (r != null) {
          return r;
        }
        c.state(null);
        return error(
                410,
                AgentErrorCode.RUN_EVICTED,
                "this connection's run "
                    + name
                    + " was ended to make room (at most "
                    + maxRuns
                    + " runs are kept); its attachment ids are void. The next request starts a new run.",
                Map.of("run", name, "max_runs", maxRuns))
            .withHeader("run", name);
      }
      String name = CONNECTION_RUN + connectionRuns.incrementAndGet();
      c.state(name);
      return add(new Run(name, new ToolDispatcher(served.open(name)), token, c.id()));
    }
  }

  /** A run named by the request: joined when this client may, created when new. */
  private Object explicitRun(String name, Connection c, int token) {
    synchronized (runs) {
      Run r = runs.get(name);
      if (name.startsWith(CONNECTION_RUN)) {
        if (r != null && r.connection() == c.id()) {
          return r;
        }
        return error(
            403,
            AgentErrorCode.RUN_NOT_OWNED,
            "run "
                + name
                + " belongs to another connection; name a run"
                + " of your own in the run header (names starting with "
                + CONNECTION_RUN
                + " are the server's)",
            Map.of("run", name));
      }
      if (r != null) {
        if (gate.hasTokens() && r.owner() != token) {
          return error(
              403,
              AgentErrorCode.RUN_NOT_OWNED,
              "run " + name + " was created with another token",
              Map.of("run", name));
        }
        return r;
      }
      if (retired.contains(name)) {
        return error(
                410,
                AgentErrorCode.RUN_EVICTED,
                "run "
                    + name
                    + " was ended to make room (at most "
                    + maxRuns
                    + " runs are kept); its attachment ids are void. Start a new run under a new name.",
                Map.of("run", name, "max_runs", maxRuns))
            .withHeader("run", name);
      }
      return add(new Run(name, new ToolDispatcher(served.open(name)), token, -1));
    }
  }

  private static JsonNode arguments(byte[] body) {
    return BoundedJson.isBlank(body)
        ? AgentJson.JSON.createObjectNode()
        : JsonInput.read(body, "arguments");
  }

  /** The index of the token the request carries, or -1. */
  static int status(JsonNode result) {
    if (!ToolDispatcher.isError(result)) {
      return 200;
    }
    return STATUS.getOrDefault(result.get("error").path("code").asText(), 422);
  }

  /**
   * The HTTP status of each code that is not 422, by id: a result carries its code as text, and the
   * codes come from several enums (the agent's, the servers', core's and the leaves').
   */
  private static final Map<String, Integer> STATUS =
      Stream.of(
              Map.entry(ServerCode.JSON_TOO_DEEP, 400),
              Map.entry(ServerCode.JSON_NUMBER_TOO_LONG, 400),
              Map.entry(ServerCode.JSON_STRING_TOO_LONG, 400),
              Map.entry(AgentErrorCode.RUN_NOT_OWNED, 403),
              Map.entry(ServerCode.UNKNOWN_TOOL, 404),
              Map.entry(AgentErrorCode.RUN_TERMINATED, 409),
              Map.entry(AgentErrorCode.RUN_EVICTED, 410),
              Map.entry(ErrorCode.ATTACHMENT_EVICTED, 410),
              Map.entry(CommonCode.INVALID_ARGUMENT, 400),
              Map.entry(ErrorCode.UNKNOWN_ATTACHMENT, 400),
              Map.entry(ErrorCode.NOT_A_SCREENSHOT, 400),
              Map.entry(CommonCode.IMAGE_DECODE_FAILED, 400),
              Map.entry(ImageCode.IMAGE_SIZE_MISMATCH, 400),
              Map.entry(ErrorCode.UNSUPPORTED_CHARACTER, 400),
              Map.entry(WheelErrorCode.WHEEL_COLUMN_BUSY, 409),
              Map.entry(CommonCode.INTERNAL, 500),
              Map.entry(ErrorCode.HID_DISCONNECTED, 503),
              Map.entry(ErrorCode.CAPTURE_TIMEOUT, 503),
              Map.entry(ErrorCode.CAPTURE_STALE, 503),
              Map.entry(MemoryCode.MEMORY_UNAVAILABLE, 503),
              Map.entry(ErrorCode.DEVICE_CLOSED, 503))
          .collect(Collectors.toUnmodifiableMap(e -> e.getKey().id(), Map.Entry::getValue));

  private static Response json(int status, ObjectNode body) {
    return Response.of(status, AgentJson.toText(body).getBytes(StandardCharsets.UTF_8));
  }

  private static Response error(int status, Code code, String message, Map<String, ?> details) {
    return json(status, AgentJson.error(code.id(), message, details));
  }

  /**
   * Configures and starts an {@link AgentHttpServer}. Its parts are set once: the address, the
   * memory store, the bearer token(s) and the trace; a second set fails with {@code
   * invalid_argument} naming {@code address}, {@code memory}, {@code token} or {@code trace}.
   * {@link #allowHosts} adds to the hosts already allowed. The limits and {@link #simState} take
   * the last value given.
   */
  public static final class Builder {
    private final Device device;

    @SuppressWarnings("AddressSelection")
    // a literal IPv4 loopback address: parsed, never looked up, so there is no choice to make
    private InetSocketAddress address = new InetSocketAddress("127.0.0.1", 8765);

    private @Nullable MemoryStore memory;
    private boolean simState;
    private ToolListing toolListing = ToolListing.FULL;
    private List<String> tokens = List.of();
    private final List<HostPort> allowedHosts = new ArrayList<>();
    private int maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES;
    private int maxRuns = DEFAULT_MAX_RUNS;
    private long maxRunAttachmentBytes = DEFAULT_MAX_RUN_ATTACHMENT_BYTES;
    private long maxAttachmentBytes = DEFAULT_MAX_ATTACHMENT_BYTES;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
    private int maxConnectionsPerClient = DEFAULT_MAX_CONNECTIONS_PER_CLIENT;
    private java.nio.file.@Nullable Path traceRoot;
    private long traceMaxBytes = RunTraces.defaultMaxBytes();
    private @Nullable RunTraces traces;
    private boolean addressSet;
    private boolean memorySet;
    private boolean tokensSet;
    private boolean traceSet;

    private Builder(Device device) {
      this.device = SwipeException.requireArgument(device, "device");
    }

    /** Where to listen (default 127.0.0.1:8765; port 0 picks a free port). */
    public Builder address(InetSocketAddress address) {
      SwipeException.requireArgument(address, "address");
      SwipeException.requireNotSet(addressSet, "address");
      this.addressSet = true;
      this.address = address;
      return this;
    }

    /** The memory store for save_memory/recall_memory (the caller closes it); null for none. */
    public Builder memory(@Nullable MemoryStore memory) {
      SwipeException.requireNotSet(memorySet, "memory");
      this.memorySet = true;
      this.memory = memory;
      return this;
    }

    /**
     * Offer the {@code sim_state} tool when the phone is the simulator; default false (see {@link
     * AgentRun.Builder#simState}).
     */
    public Builder simState(boolean offer) {
      this.simState = offer;
      return this;
    }

    /**
     * How {@code GET /tools} lists the tools: {@link ToolListing#COMPACT} for models with little
     * context; default {@link ToolListing#FULL}. Calls behave the same either way.
     */
    public Builder toolListing(ToolListing listing) {
      this.toolListing = SwipeException.requireArgument(listing, "tool_listing");
      return this;
    }

    /** The bearer token clients must send; required on non-loopback addresses. */
    public Builder token(String token) {
      return tokens(token == null || token.isBlank() ? List.of() : List.of(token));
    }

    /**
     * Several bearer tokens, one per client: an explicit run belongs to the token that created it,
     * so clients with different tokens cannot use each other's runs.
     */
    public Builder tokens(List<String> tokens) {
      SwipeException.requireNotSet(tokensSet, "token");
      this.tokens = RequestGate.tokens(tokens);
      this.tokensSet = true;
      return this;
    }

    /**
     * Host names clients may use besides the loopback names and the bound address ({@code HOST} or
     * {@code HOST:PORT}, IPv6 in brackets): what the {@code Host} header, and the {@code Origin} of
     * a web page, may name.
     */
    public Builder allowHosts(List<String> hosts) {
      allowedHosts.addAll(RequestGate.hosts(hosts));
      return this;
    }

    /** Largest request body in bytes (default 16 MiB). */
    public Builder maxRequestBytes(int bytes) {
      if (bytes < 1024) {
        throw SwipeException.invalidArgument(
            "max_request_bytes", "must be at least 1024, was " + bytes);
      }
      this.maxRequestBytes = bytes;
      return this;
    }

    /**
     * Most runs kept at once per token, or in all when the server has no tokens (default 64):
     * beyond it a token's least recently used run is ended, so memory stays bounded without one
     * client ending another's runs.
     */
    public Builder maxRuns(int runs) {
      if (runs < 1) {
        throw SwipeException.invalidArgument("max_runs", "must be at least 1, was " + runs);
      }
      this.maxRuns = runs;
      return this;
    }

    /**
     * Most bytes one run's kept screenshots hold, JPEG and cached rasters (default 64 MiB, at least
     * 1 MiB): beyond it the run's oldest screenshots are evicted and their ids answer {@code
     * attachment_evicted} (410).
     */
    public Builder maxRunAttachmentBytes(long bytes) {
      if (bytes < 1024 * 1024) {
        throw SwipeException.invalidArgument(
            "max_run_attachment_bytes", "must be at least 1 MiB (1048576), was " + bytes);
      }
      this.maxRunAttachmentBytes = bytes;
      return this;
    }

    /**
     * Most bytes the kept screenshots of all runs hold together (default 256 MiB, at least 1 MiB):
     * beyond it the oldest screenshots of the whole server are evicted, whichever run holds them,
     * and their ids answer {@code attachment_evicted} (410).
     */
    public Builder maxAttachmentBytes(long bytes) {
      if (bytes < 1024 * 1024) {
        throw SwipeException.invalidArgument(
            "max_attachment_bytes", "must be at least 1 MiB (1048576), was " + bytes);
      }
      this.maxAttachmentBytes = bytes;
      return this;
    }

    /**
     * How long a whole request (head and body) may take to arrive (default 20 s); a client that
     * stalls or trickles is answered 408 and disconnected. Also bounds writing an answer.
     */
    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = positive(timeout, "request_timeout");
      return this;
    }

    /** How long a kept-alive connection may wait for its next request (default 30 s). */
    public Builder idleTimeout(Duration timeout) {
      this.idleTimeout = positive(timeout, "idle_timeout");
      return this;
    }

    /** Most open connections from one client address (default 32); beyond it 503. */
    public Builder maxConnectionsPerClient(int connections) {
      if (connections < 1 || connections > MAX_CONNECTIONS) {
        throw SwipeException.invalidArgument(
            "max_connections_per_client",
            "must be in [1, " + MAX_CONNECTIONS + "], was " + connections);
      }
      this.maxConnectionsPerClient = connections;
      return this;
    }

    /**
     * Traces every run in its own sub-directory of {@code dir} (named by its start time and run
     * name), each with a disk budget of {@code maxBytesPerRun}; {@code report DIR} renders them
     * all. {@link #start()} checks that {@code dir} can be written before it listens.
     */
    public Builder trace(java.nio.file.Path dir, long maxBytesPerRun) {
      SwipeException.requireArgument(dir, "trace");
      SwipeException.requireNotSet(traceSet, "trace");
      if (maxBytesPerRun < 4096) {
        throw SwipeException.invalidArgument(
            "trace_max_bytes", "must be at least 4096, was " + maxBytesPerRun);
      }
      this.traceRoot = dir;
      this.traceMaxBytes = maxBytesPerRun;
      this.traceSet = true;
      return this;
    }

    /** Runs traced where the CLI's already checked {@code --trace} says (null: untraced). */
    Builder traces(@Nullable RunTraces traces) {
      SwipeException.requireNotSet(traceSet, "trace");
      this.traceSet = true;
      this.traces = traces;
      return this;
    }

    private static Duration positive(Duration d, String field) {
      SwipeException.requireArgument(d, field);
      if (d.isNegative() || d.isZero() || d.toHours() > 24) {
        throw SwipeException.invalidArgument(field, "must be between 1 ms and 24 h, was " + d);
      }
      return d;
    }

    /**
     * Binds and starts serving.
     *
     * @throws SwipeException {@code invalid_argument} for a non-loopback address without a token, a
     *     trace directory that cannot be written (field {@code trace}), or when the address cannot
     *     be bound
     */
    public AgentHttpServer start() {
      if (traceRoot != null) {
        traces = RunTraces.open(traceRoot, traceMaxBytes, System.err);
      }
      RequestGate.checkAddress(address, tokens, "SWIPE_AGENT_TOKEN");
      try {
        return new AgentHttpServer(this);
      } catch (IOException e) {
        throw SwipeException.invalidArgument(
            "http", "cannot listen on " + address + ": " + e.getMessage());
      }
    }
  }
}

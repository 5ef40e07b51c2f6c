package dev.swipe.agent.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.AgentErrorCode;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolListing;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.agent.server.internal.RequestGate;
import dev.swipe.base.Api;
import dev.swipe.base.Code;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.http.internal.HostPort;
import dev.swipe.http.internal.ServerCode;
import dev.swipe.memory.MemoryStore;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The agent tools as a Model Context Protocol server over Streamable HTTP, so an agent on another
 * machine can drive this rig's phone: the MCP Java SDK's servlet transport on an embedded Jetty 12,
 * at {@code http://HOST:PORT/mcp}. Tools, results and error codes are the stdio server's ({@link
 * McpStdioServer}).
 *
 * <ul>
 *   <li><b>Sessions.</b> Each client's {@code initialize} opens an MCP session of its own, with its
 *       own run: its own attachment ids and wheel guard, and its own trace directory when the
 *       server traces ({@code ...-mcp-SESSION_ID}). The phone is shared; so is the memory store. At
 *       most {@code maxSessions} live at once; one more {@code initialize} is refused with 503
 *       {@code too_many_sessions}.
 *   <li><b>Ending.</b> A session ends when its client deletes it ({@code DELETE /mcp}), or when it
 *       has had no request, no call running and no open stream for the idle timeout: a client that
 *       went away without a word. Its run and trace are closed then, and its id answers 404 {@code
 *       session_not_found} for the server's lifetime, which tells a client to initialize again. A
 *       call running when its client disconnects runs to its end, so a gesture always lifts the
 *       finger; nothing waits on the departed client.
 *   <li><b>Security</b>, as {@link AgentHttpServer}: loopback by default; any other address needs a
 *       bearer token ({@code Authorization: Bearer T}); {@code Host} and {@code Origin}, when sent,
 *       must be a loopback name, the bound address or an allowed host (403 {@code
 *       host_not_allowed}, {@code origin_not_allowed}) so a page that rebinds its DNS name to this
 *       machine is refused before anything runs; a body over {@code maxRequestBytes} is refused
 *       (413 {@code request_too_large}).
 * </ul>
 *
 * <p>Refusals are JSON-RPC error objects ({@code error.data.code} the snake_case reason) with the
 * HTTP status above; everything past them is the SDK's Streamable HTTP transport.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class McpHttpServer implements AutoCloseable {
  /** The path the protocol is served at. */
  public static final String PATH = "/mcp";

  /** Default most sessions live at once. */
  public static final int DEFAULT_MAX_SESSIONS = 16;

  /** Default time a session lives with no request, no call running and no open stream. */
  public static final Duration DEFAULT_SESSION_IDLE_TIMEOUT = Duration.ofMinutes(10);

  /** Default largest request body: room for two base64 screenshots. */
  public static final int DEFAULT_MAX_REQUEST_BYTES = AgentHttpServer.DEFAULT_MAX_REQUEST_BYTES;

  private static final String SESSION_HEADER = "mcp-session-id";

  private final ServedRuns served;
  private final RequestGate gate;
  private final int maxSessions;
  private final long idleNanos;
  private final int maxRequestBytes;
  private final ConcurrentHashMap<String, Session> sessions = new ConcurrentHashMap<>();

  private final AtomicLong endedCount = new AtomicLong();
  private final ToolDispatcher catalog;
  private final McpSyncServer mcp;
  private final Server jetty;
  private final ServerConnector connector;
  private final ScheduledExecutorService reaper;

  /** The single-thread schedulers the SDK's transport made, disposed on close. */
  private final List<Scheduler> sdkSchedulers = new CopyOnWriteArrayList<>();

  /** A client's MCP session and its run, made at its first tool call. */
  private final class Session {
    final String id;
    final McpStreamableServerSession mcp;
    volatile long lastSeen = System.nanoTime();

    /** Guarded by this. */
    private int calls;

    /** Guarded by this; null until the first call. */
    private @Nullable ToolDispatcher tools;

    /** Guarded by this. */
    private boolean over;

    Session(String id, McpStreamableServerSession mcp) {
      this.id = id;
      this.mcp = mcp;
    }

    void touch() {
      lastSeen = System.nanoTime();
    }

    /** The session's tools for one more call, or null when the session has ended. */
    synchronized @Nullable ToolDispatcher begin() {
      if (over) {
        return null;
      }
      calls++;
      if (tools == null) {
        tools = new ToolDispatcher(served.open("mcp-" + id));
      }
      return tools;
    }

    synchronized void finish() {
      calls--;
      touch();
    }

    synchronized boolean isOver() {
      return over;
    }

    /** Marks the session ended if it may end now ({@code force}, or idle past the timeout). */
    synchronized boolean end(boolean force, long now) {
      if (over) {
        return false;
      }
      if (!force && (calls > 0 || mcp.hasOpenStream() || now - lastSeen < idleNanos)) {
        return false;
      }
      over = true;
      return true;
    }

    /** The run to close once ended (outside the lock: closing flushes the trace). */
    synchronized @Nullable AgentRun run() {
      return tools == null ? null : tools.run();
    }
  }

  private McpHttpServer(Builder b) throws Exception {
    this.served =
        new ServedRuns(
            b.device,
            b.memory,
            b.simState,
            b.maxRunAttachmentBytes,
            b.maxAttachmentBytes,
            b.traces);
    this.gate = new RequestGate(b.tokens, b.allowedHosts, b.address);
    this.maxSessions = b.maxSessions;
    this.idleNanos = b.sessionIdleTimeout.toNanos();
    this.maxRequestBytes = b.maxRequestBytes;
    this.catalog = new ToolDispatcher(served.open(null));

    JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(AgentJson.JSON.copy());
    Duration keepAlive = min(b.sessionIdleTimeout.dividedBy(2), Duration.ofSeconds(30));
    HttpServletStreamableServerTransportProvider transport =
        withOwnSingleSchedulers(
            sdkSchedulers,
            () ->
                HttpServletStreamableServerTransportProvider.builder()
                    .jsonMapper(mapper)
                    .mcpEndpoint(PATH)
                    .maxRequestSize(b.maxRequestBytes)
                    // pings on each open stream: a write to a client that went away fails and
                    // frees it
                    .keepAliveInterval(keepAlive)
                    // the SDK forgets sessions with neither streams nor requests for as long
                    .sessionSweepInterval(b.sessionIdleTimeout)
                    .build());
    this.mcp =
        McpServer.sync(new Observed(transport))
            .jsonMapper(mapper)
            .serverInfo(McpTools.NAME, McpTools.version())
            .instructions(McpTools.INSTRUCTIONS)
            .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
            // the dispatcher validates arguments itself, so errors carry the same codes on every
            // front end
            .validateToolInputs(false)
            // a call runs on the request's own thread, which waits for it anyway: no hand-off
            .immediateExecution(true)
            .tools(
                McpTools.specs(
                    catalog,
                    b.toolListing,
                    (exchange, name, args) -> call(exchange.sessionId(), name, args)))
            .build();

    QueuedThreadPool pool = new QueuedThreadPool(b.maxSessions * 4 + 16, 4);
    pool.setName("swipe-mcp-http");
    pool.setDaemon(true);
    this.jetty = new Server(pool);
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    http.setSendXPoweredBy(false);
    this.connector = new ServerConnector(jetty, 1, 1, new HttpConnectionFactory(http));
    connector.setHost(b.address.getAddress().getHostAddress());
    connector.setPort(b.address.getPort());
    // longer than the keep-alive pings, so an open stream with a live client never times out
    connector.setIdleTimeout(keepAlive.multipliedBy(4).toMillis());
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
    context.setContextPath("/");
    ServletHolder servlet = new ServletHolder("mcp", transport);
    servlet.setAsyncSupported(true);
    context.addServlet(servlet, "/*");
    FilterHolder filter = new FilterHolder(new Gate());
    filter.setAsyncSupported(true);
    context.addFilter(filter, "/*", EnumSet.of(DispatcherType.REQUEST));
    jetty.setHandler(context);
    jetty.setStopTimeout(2_000);
    try {
      jetty.start();
    } catch (Exception e) {
      jetty.stop();
      sdkSchedulers.forEach(Scheduler::dispose);
      catalog.run().close();
      throw e;
    }

    this.reaper =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "swipe-mcp-http-sessions");
              t.setDaemon(true);
              return t;
            });
    long every = Math.max(50, Math.min(5_000, b.sessionIdleTimeout.toMillis() / 4));
    var unused = reaper.scheduleWithFixedDelay(this::endIdle, every, every, TimeUnit.MILLISECONDS);
  }

  /** A builder for a server over {@code device}. */
  public static Builder builder(Device device) {
    return new Builder(device);
  }

  /** The bound address (with the real port when port 0 was asked for). */
  public InetSocketAddress address() {
    return new InetSocketAddress(connector.getHost(), connector.getLocalPort());
  }

  /** Sessions live now. */
  public int sessionCount() {
    return sessions.size();
  }

  /** Sessions ended since the server started (deleted by their client or idle). */
  public long endedSessionCount() {
    return endedCount.get();
  }

  /**
   * Stops listening and ends every session with its run and trace (not the device, not the memory
   * store). A call still running gets two seconds to finish its gesture.
   */
  @Override
  public void close() {
    reaper.shutdownNow();
    try {
      mcp.closeGracefully();
    } catch (RuntimeException e) {
      // the sessions' streams may be gone already; the runs are closed below either way
    }
    sdkSchedulers.forEach(Scheduler::dispose);
    try {
      jetty.stop();
    } catch (Exception e) {
      // stopping is best effort: the runs are closed below either way
    }
    for (Session s : List.copyOf(sessions.values())) {
      end(s, true);
    }
    catalog.run().close();
  }

  /**
   * Runs {@code build} with Reactor's single-thread schedulers made as daemons and kept in {@code
   * made}. The SDK's transport starts its session sweeper on a single scheduler of its own that it
   * never disposes, on a thread that is no daemon: without this, a process that closed the server
   * could not exit, and each server closed in a long-lived process would leave a thread behind.
   * Reactor's scheduler factory is swapped only for the call, one server at a time (two swaps
   * interleaved would leave one server's factory in place).
   */
  private static synchronized <T> T withOwnSingleSchedulers(
      List<Scheduler> made, java.util.function.Supplier<T> build) {
    Schedulers.Snapshot previous =
        Schedulers.setFactoryWithSnapshot(
            new Schedulers.Factory() {
              @Override
              public Scheduler newSingle(ThreadFactory threads) {
                Scheduler s =
                    Schedulers.Factory.super.newSingle(
                        r -> {
                          Thread t = threads.newThread(r);
                          t.setDaemon(true);
                          return t;
                        });
                made.add(s);
                return s;
              }
            });
    try {
      return build.get();
    } finally {
      Schedulers.resetFrom(previous);
    }
  }

  private ObjectNode call(String sessionId, String tool, JsonNode args) {
    Session s = sessionId == null ? null : sessions.get(sessionId);
    ToolDispatcher tools = s == null ? null : s.begin();
    if (s == null || tools == null) {
      return AgentJson.error(
          AgentErrorCode.SESSION_NOT_FOUND.id(),
          "this MCP session has ended; send initialize again for a new one",
          Map.of());
    }
    try {
      return tools.call(tool, args);
    } finally {
      s.finish();
    }
  }

  private void endIdle() {
    long now = System.nanoTime();
    for (Session s : List.copyOf(sessions.values())) {
      try {
        if (s.end(false, now)) {
          closeEnded(s);
        }
      } catch (RuntimeException e) {
        // one run that fails to close must not stop the sweep of the others
        System.err.println("swipe-agent: closing MCP session " + s.id + " failed: " + e);
      }
    }
  }

  private void end(Session s, boolean force) {
    if (s.end(force, System.nanoTime())) {
      closeEnded(s);
    }
  }

  private void closeEnded(Session s) {
    sessions.remove(s.id, s);
    endedCount.incrementAndGet();
    try {
      s.mcp.close();
    } catch (RuntimeException e) {
      // the SDK's side of a session its client abandoned; ours is what holds the run
    }
    AgentRun run = s.run();
    if (run != null) {
      run.close();
    }
  }

  /** Registers each session the SDK starts, so its run can be found and ended. */
  private final class Observed implements McpStreamableServerTransportProvider {
    private final HttpServletStreamableServerTransportProvider delegate;

    Observed(HttpServletStreamableServerTransportProvider delegate) {
      this.delegate = delegate;
    }

    @Override
    public void setSessionFactory(McpStreamableServerSession.Factory factory) {
      delegate.setSessionFactory(
          request -> {
            McpStreamableServerSession.McpStreamableServerSessionInit init =
                factory.startSession(request);
            String id = init.session().getId();
            sessions.put(id, new Session(id, init.session()));
            return init;
          });
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
      return delegate.notifyClients(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return delegate.closeGracefully();
    }

    @Override
    public List<String> protocolVersions() {
      return delegate.protocolVersions();
    }
  }

  /** Refuses what may not reach the SDK, and follows sessions' requests and deletions. */
  private final class Gate extends HttpFilter {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
        throws IOException, ServletException {
      String host = req.getHeader("Host");
      if (!gate.allowsHost(host)) {
        refuse(
            resp,
            403,
            AgentErrorCode.HOST_NOT_ALLOWED,
            "Host '"
                + RequestGate.abbreviate(host)
                + "' is not this server's name; use localhost, 127.0.0.1 or [::1], or start the"
                + " server with --allow-host "
                + RequestGate.abbreviate(host));
        return;
      }
      String origin = req.getHeader("Origin");
      if (!gate.allowsOrigin(origin)) {
        refuse(
            resp,
            403,
            AgentErrorCode.ORIGIN_NOT_ALLOWED,
            "Origin '"
                + RequestGate.abbreviate(origin)
                + "' may not use this server; web pages are refused unless their host is loopback"
                + " or allowed with --allow-host");
        return;
      }
      if (gate.hasTokens() && gate.token(req.getHeader("Authorization")) < 0) {
        resp.setHeader("WWW-Authenticate", "Bearer");
        refuse(
            resp,
            401,
            ServerCode.UNAUTHORIZED,
            "a bearer token is required: Authorization: Bearer <token>");
        return;
      }
      if (!PATH.equals(req.getRequestURI())) {
        refuse(resp, 404, AgentErrorCode.NOT_FOUND, "MCP is served at " + PATH);
        return;
      }
      if (req.getContentLengthLong() > maxRequestBytes) {
        refuse(
            resp,
            413,
            ServerCode.REQUEST_TOO_LARGE,
            "the body is larger than this server takes (" + maxRequestBytes + " bytes)");
        return;
      }
      String id = req.getHeader(SESSION_HEADER);
      String method = req.getMethod().toUpperCase(Locale.ROOT);
      if (id == null) {
        if (method.equals("POST") && sessions.size() >= maxSessions) {
          resp.setHeader("Retry-After", "5");
          refuse(
              resp,
              503,
              AgentErrorCode.TOO_MANY_SESSIONS,
              "this server holds " + maxSessions + " sessions, as many as it takes");
          return;
        }
        chain.doFilter(req, resp);
        return;
      }
      Session s = sessions.get(id);
      if (s == null || s.isOver()) {
        refuse(
            resp,
            404,
            AgentErrorCode.SESSION_NOT_FOUND,
            "no live session has this id; send initialize again for a new one");
        return;
      }
      s.touch();
      try {
        chain.doFilter(req, resp);
      } finally {
        s.touch();
      }
      if (method.equals("DELETE") && resp.getStatus() == 200) {
        end(s, true);
      }
    }
  }

  private static void refuse(HttpServletResponse resp, int status, Code code, String message)
      throws IOException {
    ObjectNode body = AgentJson.JSON.createObjectNode();
    body.put("jsonrpc", "2.0");
    body.putNull("id");
    ObjectNode error = body.putObject("error");
    error.put("code", -32600);
    error.put("message", message);
    error.putObject("data").put("code", code.id());
    byte[] bytes = AgentJson.toText(body).getBytes(StandardCharsets.UTF_8);
    resp.setStatus(status);
    // the body was never read: Jetty may close the connection after the answer, and a client
    // that sent its next request on it would read nothing, so it is told not to
    resp.setHeader("Connection", "close");
    resp.setContentType("application/json");
    resp.setContentLength(bytes.length);
    resp.getOutputStream().write(bytes);
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /**
   * Configures and starts an {@link McpHttpServer}. The address, memory store, token(s) and trace
   * are set once (a second set fails with {@code invalid_argument} naming the field); {@link
   * #allowHosts} adds to the hosts allowed; the limits take the last value given.
   */
  public static final class Builder {
    private final Device device;

    @SuppressWarnings("AddressSelection")
    // a literal IPv4 loopback address: parsed, never looked up, so there is no choice to make
    private InetSocketAddress address = new InetSocketAddress("127.0.0.1", 8766);

    private @Nullable MemoryStore memory;
    private boolean simState;
    private ToolListing toolListing = ToolListing.FULL;
    private List<String> tokens = List.of();
    private final List<HostPort> allowedHosts = new ArrayList<>();
    private int maxSessions = DEFAULT_MAX_SESSIONS;
    private Duration sessionIdleTimeout = DEFAULT_SESSION_IDLE_TIMEOUT;
    private int maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES;
    private long maxRunAttachmentBytes = AgentHttpServer.DEFAULT_MAX_RUN_ATTACHMENT_BYTES;
    private long maxAttachmentBytes = AgentHttpServer.DEFAULT_MAX_ATTACHMENT_BYTES;
    private @Nullable RunTraces traces;
    private boolean addressSet;
    private boolean memorySet;
    private boolean tokensSet;
    private boolean traceSet;

    private Builder(Device device) {
      this.device = SwipeException.requireArgument(device, "device");
    }

    /** Where to listen (default {@code 127.0.0.1:8766}; port 0 picks a free one). */
    public Builder address(InetSocketAddress address) {
      SwipeException.requireArgument(address, "address");
      SwipeException.requireNotSet(addressSet, "address");
      this.addressSet = true;
      this.address = address;
      return this;
    }

    /** The memory store every session's run uses, or null for none. */
    public Builder memory(@Nullable MemoryStore memory) {
      SwipeException.requireNotSet(memorySet, "memory");
      this.memorySet = true;
      this.memory = memory;
      return this;
    }

    /** Whether to offer the {@code sim_state} tool (simulator only; for demos and tests). */
    public Builder simState(boolean offer) {
      this.simState = offer;
      return this;
    }

    /** How the tools are listed (default {@link ToolListing#FULL}). */
    public Builder toolListing(ToolListing listing) {
      this.toolListing = SwipeException.requireArgument(listing, "tool_listing");
      return this;
    }

    /**
     * The bearer tokens a client must send ({@code Authorization: Bearer T}); required when the
     * address is not loopback.
     */
    public Builder tokens(List<String> tokens) {
      SwipeException.requireNotSet(tokensSet, "token");
      this.tokens = RequestGate.tokens(tokens);
      this.tokensSet = true;
      return this;
    }

    /**
     * Names besides loopback and the bound address that {@code Host} and {@code Origin} may carry:
     * {@code HOST} or {@code HOST:PORT}, e.g. the name clients reach a Grid node by.
     */
    public Builder allowHosts(List<String> hosts) {
      allowedHosts.addAll(RequestGate.hosts(hosts));
      return this;
    }

    /** Most sessions live at once (default 16). */
    public Builder maxSessions(int sessions) {
      if (sessions < 1 || sessions > 1024) {
        throw SwipeException.invalidArgument(
            "max_sessions", "must be in [1, 1024], was " + sessions);
      }
      this.maxSessions = sessions;
      return this;
    }

    /**
     * How long a session lives with no request, no call running and no open stream (default 10
     * minutes): how soon the run of a client that went away is closed.
     */
    public Builder sessionIdleTimeout(Duration timeout) {
      SwipeException.requireArgument(timeout, "session_idle_timeout");
      if (timeout.toMillis() < 100 || timeout.toHours() > 24) {
        throw SwipeException.invalidArgument(
            "session_idle_timeout", "must be between 100 ms and 24 h, was " + timeout);
      }
      this.sessionIdleTimeout = timeout;
      return this;
    }

    /** Largest request body taken (default 16 MiB). */
    public Builder maxRequestBytes(int bytes) {
      if (bytes < 1024) {
        throw SwipeException.invalidArgument(
            "max_request_bytes", "must be at least 1024, was " + bytes);
      }
      this.maxRequestBytes = bytes;
      return this;
    }

    /** Most bytes one session's kept screenshots hold (default 64 MiB). */
    public Builder maxRunAttachmentBytes(long bytes) {
      if (bytes < 1024 * 1024) {
        throw SwipeException.invalidArgument(
            "max_run_attachment_bytes", "must be at least 1 MiB (1048576), was " + bytes);
      }
      this.maxRunAttachmentBytes = bytes;
      return this;
    }

    /** Most bytes the kept screenshots of all sessions hold together (default 256 MiB). */
    public Builder maxAttachmentBytes(long bytes) {
      if (bytes < 1024 * 1024) {
        throw SwipeException.invalidArgument(
            "max_attachment_bytes", "must be at least 1 MiB (1048576), was " + bytes);
      }
      this.maxAttachmentBytes = bytes;
      return this;
    }

    /**
     * Traces each session's run in a new sub-directory of {@code dir} with a budget of {@code
     * maxBytesPerRun}; the directory is checked writable when the server starts.
     */
    public Builder trace(java.nio.file.Path dir, long maxBytesPerRun) {
      SwipeException.requireNotSet(traceSet, "trace");
      this.traces = RunTraces.open(dir, maxBytesPerRun, System.err);
      this.traceSet = true;
      return this;
    }

    Builder traces(@Nullable RunTraces traces) {
      SwipeException.requireNotSet(traceSet, "trace");
      this.traceSet = true;
      this.traces = traces;
      return this;
    }

    /**
     * Starts listening.
     *
     * @throws SwipeException {@code invalid_argument}: field {@code http} when the address cannot
     *     be resolved or bound, {@code token} when it is not loopback and no token was given
     */
    public McpHttpServer start() {
      RequestGate.checkAddress(address, tokens, "SWIPE_AGENT_TOKEN");
      try {
        return new McpHttpServer(this);
      } catch (Exception e) {
        throw SwipeException.invalidArgument(
            "http", "cannot serve MCP on " + address + ": " + e.getMessage());
      }
    }
  }
}

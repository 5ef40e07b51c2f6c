package dev.swipe.http.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A small HTTP/1.1 server whose every answer is JSON, written for swipe's endpoints (the agent's
 * {@code serve} and the WebDriver remote end) because the JDK's server cannot be made to hold up
 * under abuse: it has no read timeout (a client that sends part of a request holds a worker for
 * good), answers malformed requests (a target that is not a URI, one without a path) with HTML
 * before any handler runs, cannot limit connections per client, and writes headers and body as two
 * segments, so Nagle's algorithm and the client's delayed acknowledgement stall every kept-alive
 * request by about 40 ms.
 *
 * <p>Here: each connection has its own thread (a stalled client holds only its own); a request must
 * arrive whole within the request timeout (408 {@code request_timeout} otherwise) and a kept-alive
 * connection waits for the next one at most the idle timeout; connections are bounded in total and,
 * off loopback, per client address. At a bound the connection that has waited longest for its next
 * request is closed to make room (an idle kept-alive connection may be closed at any time in HTTP),
 * so idle sockets never lock a client out; only when every connection is in the middle of a request
 * is the new one refused (503 {@code too_many_connections}). On loopback every local process has
 * the same address, so it names no client and only the total counts. A handler may ask to hear when
 * its client leaves during a request ({@link Connection#onDisconnect}). Every response is written
 * at once with {@code TCP_NODELAY}; heads are bounded (431, 414) and framing is strict
 * (Content-Length or chunked, never both; 400 {@code malformed_request}), and a request with two
 * {@code Host} or two {@code Origin} fields is refused (400 {@code malformed_request}). Bodies are
 * bounded (413). The request target is passed on as sent (origin form, not decoded): routing it is
 * the handler's business.
 *
 * <p>Every refusal of the server's own ({@link RefusalCode}) is worded by {@link Handler#refused},
 * so each endpoint answers in its protocol's error shape.
 */
public final class JsonHttpServer implements AutoCloseable {
  /** Most bytes of a request line. */
  static final int MAX_REQUEST_LINE = 8 * 1024;

  /** Most bytes of all header lines together. */
  static final int MAX_HEAD_BYTES = 64 * 1024;

  /** Header fields a request may carry at most once (lower case). */
  static final List<String> SINGLE_HEADERS = List.of("host", "origin");

  /** Most header fields. */
  static final int MAX_HEADERS = 100;

  /**
   * Most bytes of a body read and dropped so a client still sending gets the answer, not a reset.
   */
  static final long DRAIN_LIMIT = 64L * 1024 * 1024;

  /** Longest wait, and most bytes dropped, when ending a connection after its last answer. */
  private static final Duration LINGER = Duration.ofSeconds(1);

  private static final long LINGER_BYTES = 1024 * 1024;

  private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
  private static final Pattern VERSION = Pattern.compile("HTTP/[0-9]\\.[0-9]");
  private static final Map<Integer, String> REASONS =
      Map.ofEntries(
          Map.entry(200, "OK"),
          Map.entry(400, "Bad Request"),
          Map.entry(401, "Unauthorized"),
          Map.entry(403, "Forbidden"),
          Map.entry(404, "Not Found"),
          Map.entry(405, "Method Not Allowed"),
          Map.entry(408, "Request Timeout"),
          Map.entry(409, "Conflict"),
          Map.entry(410, "Gone"),
          Map.entry(413, "Content Too Large"),
          Map.entry(414, "URI Too Long"),
          Map.entry(415, "Unsupported Media Type"),
          Map.entry(422, "Unprocessable Content"),
          Map.entry(431, "Request Header Fields Too Large"),
          Map.entry(500, "Internal Server Error"),
          Map.entry(501, "Not Implemented"),
          Map.entry(503, "Service Unavailable"),
          Map.entry(505, "HTTP Version Not Supported"));

  /** What the server does with requests. Called on the connection's thread. */
  public interface Handler {
    /**
     * Looks at a request before its body is read: a {@link Response} is sent at once (the body is
     * dropped, nothing runs); a {@link BodyReader} is given the body once it has arrived in full.
     */
    Step head(Request request, Connection connection);

    /**
     * The answer to a request the server refuses itself, in the endpoint's error shape. Must not
     * throw; the status is the handler's to choose ({@link RefusalCode#status()} in plain HTTP).
     */
    Response refused(Refusal refusal);

    /** The connection ended (after its last answer, or when it broke). */
    void closed(Connection connection);
  }

  /**
   * A request the server answers itself.
   *
   * @param code why
   * @param message what went wrong, for a person (no Java names)
   * @param details the bound that was passed, if any (snake_case keys)
   */
  public record Refusal(RefusalCode code, String message, Map<String, Object> details) {
    public Refusal {
      details = Map.copyOf(details);
    }
  }

  /** What to do after a request's head: answer, or read the body. */
  public sealed interface Step permits Response, BodyReader {}

  /** Answers a request from its body. */
  @FunctionalInterface
  public non-sealed interface BodyReader extends Step {
    /** The answer to the request whose body this is. */
    Response read(byte[] body);
  }

  /**
   * A request's head. Header names are lower case; values keep their order.
   *
   * @param method the method token as sent
   * @param target the request target as sent
   * @param path the target up to its {@code ?}, as sent (not decoded)
   * @param version {@code HTTP/1.1} or {@code HTTP/1.0}
   * @param headers header values by lower-case name
   * @param remote the client
   */
  public record Request(
      String method,
      String target,
      String path,
      String version,
      Map<String, List<String>> headers,
      InetSocketAddress remote) {
    /** The first value of a header, or null. */
    public @Nullable String header(String name) {
      List<String> v = headers.get(name);
      return v == null || v.isEmpty() ? null : v.get(0);
    }

    /** Every value of a header. */
    public List<String> headers(String name) {
      return headers.getOrDefault(name, List.of());
    }
  }

  /**
   * An answer.
   *
   * @param status the HTTP status
   * @param body the JSON body, UTF-8
   * @param headers extra response headers
   * @param close whether the connection ends after it
   * @param undelivered run when the answer could not be written (the client left), or null
   */
  @SuppressWarnings("ArrayRecordComponent")
  // public API: the body is handed over, not copied, and a response is never compared or hashed
  public record Response(
      int status,
      byte[] body,
      Map<String, String> headers,
      boolean close,
      @Nullable Runnable undelivered)
      implements Step {
    /** An answer with a JSON body. */
    public static Response of(int status, byte[] body) {
      return new Response(status, body, Map.of(), false, null);
    }

    /** This answer, ending the connection after it. */
    public Response closing() {
      return new Response(status, body, headers, true, undelivered);
    }

    /** This answer with one more header. */
    public Response withHeader(String name, String value) {
      Map<String, String> h = new LinkedHashMap<>(headers);
      h.put(name, value);
      return new Response(status, body, h, close, undelivered);
    }

    /** This answer, running {@code action} if it cannot be delivered. */
    public Response onUndelivered(Runnable action) {
      return new Response(status, body, headers, close, action);
    }
  }

  /** One client connection; the handler may keep its own state on it. */
  public static final class Connection {
    private final long id;
    private final InetSocketAddress remote;
    private volatile @Nullable Object state;

    /** Set by the server: watches for the client's leaving during a request. */
    private volatile @Nullable DisconnectWatch watch;

    Connection(long id, InetSocketAddress remote) {
      this.id = id;
      this.remote = remote;
    }

    /**
     * While the current request is being answered, runs {@code action} once (on another thread) as
     * soon as the client closes or resets the connection: a command that takes long (a gesture) is
     * cancelled when nobody waits for its answer any more. Call it from the handler, on the
     * connection's thread; the watch ends when the handler returns. Not run when the answer was
     * ready first.
     */
    public void onDisconnect(Runnable action) {
      DisconnectWatch w = watch;
      if (w != null && action != null) {
        w.start(action);
      }
    }

    /** A number unique in this server. */
    public long id() {
      return id;
    }

    /** The client. */
    public InetSocketAddress remote() {
      return remote;
    }

    /** What the handler keeps on the connection, or null. */
    public @Nullable Object state() {
      return state;
    }

    /** Keeps {@code s} on the connection. */
    public void state(@Nullable Object s) {
      state = s;
    }
  }

  /**
   * Bounds.
   *
   * @param maxBodyBytes largest request body
   * @param requestTimeout a request (head and body) must arrive within this; also bounds writing an
   *     answer
   * @param idleTimeout how long a kept-alive connection waits for its next request
   * @param maxConnections most open connections
   * @param maxConnectionsPerClient most open connections from one client address (not counted on
   *     loopback, where every local process has the same address)
   */
  public record Limits(
      int maxBodyBytes,
      Duration requestTimeout,
      Duration idleTimeout,
      int maxConnections,
      int maxConnectionsPerClient) {}

  private final String name;
  private final Handler handler;
  private final Limits limits;
  private final ServerSocket listener;
  private final Thread acceptor;
  private final ScheduledThreadPoolExecutor watchdog;
  private final ThreadPoolExecutor rejecter;

  /**
   * Open connections, each with when it began to wait for its next request (guarded by perClient).
   */
  private final Map<Socket, Idle> open = new ConcurrentHashMap<>();

  private final Map<InetAddress, Integer> perClient = new HashMap<>();

  /**
   * When a connection began waiting for its next request ({@link Long#MIN_VALUE} while it is in the
   * middle of one).
   */
  private static final class Idle {
    volatile long since = System.nanoTime();
  }

  private final AtomicLong ids = new AtomicLong();
  private volatile boolean closed;

  /**
   * Binds {@code address} and starts accepting.
   *
   * @param name the prefix of the server's thread names, e.g. {@code swipe-agent-http}
   */
  public JsonHttpServer(String name, InetSocketAddress address, Limits limits, Handler handler)
      throws IOException {
    this.name = name;
    this.handler = handler;
    this.limits = limits;
    this.listener = new ServerSocket();
    listener.setReuseAddress(true);
    listener.bind(address, 128);
    this.watchdog = new ScheduledThreadPoolExecutor(1, r -> daemon(r, name + "-watchdog"));
    // a guard is cancelled on almost every write: drop it at once instead of at its deadline
    watchdog.setRemoveOnCancelPolicy(true);
    this.rejecter =
        new ThreadPoolExecutor(
            1,
            1,
            0,
            TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(64),
            r -> daemon(r, name + "-reject"),
            (r, pool) -> ((Rejection) r).drop());
    this.acceptor = daemon(this::acceptLoop, name + "-accept");
    acceptor.start();
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  /** The bound address (with the real port when port 0 was asked for). */
  public InetSocketAddress address() {
    return new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort());
  }

  /** Open connections (for tests and leak checks). */
  public int openConnections() {
    return open.size();
  }

  @Override
  public void close() {
    closed = true;
    try {
      listener.close();
    } catch (IOException e) {
      // already closed
    }
    for (Socket s : List.copyOf(open.keySet())) {
      quietClose(s);
    }
    try {
      acceptor.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    watchdog.shutdownNow();
    rejecter.shutdownNow();
  }

  private void acceptLoop() {
    while (!closed) {
      Socket s;
      try {
        s = listener.accept();
      } catch (IOException e) {
        if (closed) {
          return;
        }
        pause(); // a failed accept (the client reset first, or no descriptor left): keep listening
        continue;
      }
      InetAddress client = s.getInetAddress();
      boolean admitted;
      Socket idlest = null;
      synchronized (perClient) {
        // every local process is 127.0.0.1: on loopback the address names no client, so only the
        // total counts, and room is made by closing the connection idle longest
        boolean counted = !client.isLoopbackAddress();
        int mine = counted ? perClient.getOrDefault(client, 0) : 0;
        if (counted && mine >= limits.maxConnectionsPerClient()) {
          idlest = idlest(client);
        } else if (open.size() >= limits.maxConnections()) {
          idlest = idlest(null);
        }
        admitted =
            idlest != null
                || (open.size() < limits.maxConnections()
                    && mine < limits.maxConnectionsPerClient());
        if (idlest != null) {
          release(idlest);
        }
        if (admitted) {
          if (counted) {
            perClient.merge(client, 1, Integer::sum);
          }
          open.put(s, new Idle());
        }
      }
      if (idlest != null) {
        quietClose(idlest); // its thread sees the socket closed and ends
      }
      if (!admitted) {
        rejecter.execute(new Rejection(s));
        continue;
      }
      Connection c =
          new Connection(ids.incrementAndGet(), (InetSocketAddress) s.getRemoteSocketAddress());
      try {
        daemon(() -> serve(s, c), name + "-" + c.id()).start();
      } catch (OutOfMemoryError e) {
        // no thread to be had: refuse this one, keep serving the others
        release(s);
        quietClose(s);
      }
    }
  }

  private static void pause() {
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Answers a connection over the limits with 503 and closes it. */
  private final class Rejection implements Runnable {
    private final Socket s;

    Rejection(Socket s) {
      this.s = s;
    }

    @Override
    public void run() {
      try (s) {
        s.setSoTimeout(200);
        // take in what the client already sent, so closing does not reset the answer away
        byte[] sink = new byte[16 * 1024];
        try {
          s.getInputStream().read(sink);
        } catch (SocketTimeoutException e) {
          // nothing sent yet
        }
        Response r =
            refusal(
                    new Refusal(
                        RefusalCode.TOO_MANY_CONNECTIONS,
                        "too many connections in the middle of a request (at most "
                            + limits.maxConnections()
                            + " in all, and "
                            + limits.maxConnectionsPerClient()
                            + " per client address off loopback); retry shortly",
                        Map.of(
                            "max_connections_per_client",
                            limits.maxConnectionsPerClient(),
                            "max_connections",
                            limits.maxConnections())))
                .withHeader("Retry-After", "1");
        s.getOutputStream().write(bytes(r, false));
        s.shutdownOutput();
      } catch (IOException e) {
        // the client left
      }
    }

    void drop() {
      quietClose(s);
    }
  }

  private void release(Socket s) {
    synchronized (perClient) {
      if (open.remove(s) != null && !s.getInetAddress().isLoopbackAddress()) {
        perClient.computeIfPresent(s.getInetAddress(), (k, n) -> n <= 1 ? null : n - 1);
      }
    }
  }

  /**
   * The open connection (of {@code client}, or of anyone for null) that has waited longest for its
   * next request, or null when every one is in the middle of a request. Holds the perClient lock.
   */
  private @Nullable Socket idlest(@Nullable InetAddress client) {
    Socket best = null;
    long oldest = Long.MAX_VALUE;
    for (Map.Entry<Socket, Idle> e : open.entrySet()) {
      long since = e.getValue().since;
      if (since != Long.MIN_VALUE
          && (client == null || client.equals(e.getKey().getInetAddress()))
          && (best == null || since - oldest < 0)) {
        best = e.getKey();
        oldest = since;
      }
    }
    return best;
  }

  /** Marks a connection as waiting for its next request (true) or in the middle of one. */
  private void idle(Socket s, boolean waiting) {
    synchronized (perClient) {
      Idle i = open.get(s);
      if (i != null) {
        i.since = waiting ? System.nanoTime() : Long.MIN_VALUE;
      }
    }
  }

  private static void quietClose(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // nothing more to do
    }
  }

  private void serve(Socket s, Connection c) {
    try (s) {
      s.setTcpNoDelay(true);
      DeadlineInput in = new DeadlineInput(s);
      OutputStream out = s.getOutputStream();
      DisconnectWatch watch = new DisconnectWatch(in, c);
      c.watch = watch;
      while (!closed) {
        watch.quiet(); // the watcher of the last request reads no more
        in.deadline(limits.idleTimeout());
        idle(s, true);
        int first;
        try {
          first = in.read();
        } catch (SocketTimeoutException e) {
          return; // idle: nothing was asked, nothing to answer
        }
        if (first < 0) {
          return;
        }
        idle(s, false);
        in.deadline(limits.requestTimeout());
        if (!exchange(first, in, out, s, c, watch)) {
          watch.decide();
          watch.quiet();
          linger(s, in);
          return;
        }
      }
    } catch (IOException e) {
      // the client went away
    } finally {
      DisconnectWatch w = c.watch;
      c.watch = null;
      if (w != null) {
        w.decide();
        w.quiet();
      }
      release(s);
      try {
        handler.closed(c);
      } catch (RuntimeException e) {
        // nothing to tell a client that is gone
      }
    }
  }

  /**
   * Ends the connection after the last answer without resetting it: what the client sent beyond a
   * refused request is read and dropped (bounded) after the answer, since closing with unread bytes
   * sends a reset that can destroy the answer before the client reads it.
   */
  private static void linger(Socket s, DeadlineInput in) {
    try {
      s.shutdownOutput();
      in.deadline(LINGER);
      in.skipNBytesCounted(LINGER_BYTES);
    } catch (IOException e) {
      // the client left or kept silent: close now
    }
  }

  /**
   * A problem with the request itself, answered in the handler's shape and the connection closed.
   */
  private static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Refusal refusal;

    Refused(RefusalCode code, String message, Map<String, Object> details) {
      super(message, null, false, false);
      this.refusal = new Refusal(code, message, details);
    }
  }

  /**
   * The handler's answer to a refusal, closing the connection; a plain JSON error if the handler
   * fails.
   */
  private Response refusal(Refusal r) {
    Response answer;
    try {
      answer = handler.refused(r);
    } catch (RuntimeException e) {
      answer = null;
    }
    if (answer == null) {
      String body =
          "{\"error\":{\"code\":\""
              + r.code().id()
              + "\",\"message\":\"the request was refused\"}}";
      answer = Response.of(r.code().status(), body.getBytes(StandardCharsets.UTF_8));
    }
    return answer.closing();
  }

  /** Reads one request and answers it; false when the connection must end. */
  private boolean exchange(
      int first, DeadlineInput in, OutputStream out, Socket s, Connection c, DisconnectWatch watch)
      throws IOException {
    Request req;
    try {
      req = readHead(first, in, c);
    } catch (Refused r) {
      write(out, s, refusal(r.refusal), false);
      return false;
    } catch (SocketTimeoutException e) {
      write(out, s, timeout(), false);
      return false;
    }
    boolean head = req.method().equals("HEAD");
    boolean expectContinue =
        "100-continue".equalsIgnoreCase(String.valueOf(req.header("expect")))
            && req.version().equals("HTTP/1.1");
    boolean keepAlive =
        req.version().equals("HTTP/1.1")
            && req.headers("connection").stream()
                .noneMatch(v -> v.toLowerCase(Locale.ROOT).contains("close"));
    Framing framing;
    try {
      framing = framing(req);
    } catch (Refused r) {
      write(out, s, refusal(r.refusal), head);
      return false;
    }
    Step step;
    try {
      step = handler.head(req, c);
    } catch (RuntimeException e) {
      step = internal();
    } finally {
      watch.decide();
    }
    if (framing.hasBody()) {
      watch.quiet(); // the body is read (or dropped) by this thread alone
    }
    if (step instanceof Response early) {
      // the body is not wanted: drop it (bounded) so the connection stays usable, or close
      boolean reusable = !expectContinue && drain(in, framing) && keepAlive && !early.close();
      return write(out, s, reusable ? early : early.closing(), head) && reusable;
    }
    if (framing.length() > limits.maxBodyBytes()) {
      if (!expectContinue) {
        drain(in, framing);
      }
      write(out, s, tooLarge(), head);
      return false;
    }
    if (expectContinue && framing.hasBody()) {
      out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
    }
    byte[] body;
    try {
      body = readBody(in, framing);
    } catch (Refused r) {
      write(out, s, refusal(r.refusal), head);
      return false;
    } catch (SocketTimeoutException e) {
      write(out, s, timeout(), head);
      return false;
    }
    if (body == null) {
      drain(in, framing);
      write(out, s, tooLarge(), head);
      return false;
    }
    Response r;
    try {
      r = ((BodyReader) step).read(body);
    } catch (RuntimeException e) {
      r = internal();
    } finally {
      watch.decide();
    }
    return write(out, s, keepAlive ? r : r.closing(), head) && keepAlive && !r.close();
  }

  private Response timeout() {
    return refusal(
        new Refusal(
            RefusalCode.REQUEST_TIMEOUT,
            "the request did not arrive within " + limits.requestTimeout().toMillis() + " ms",
            Map.of("request_timeout_ms", limits.requestTimeout().toMillis())));
  }

  private Response tooLarge() {
    return refusal(
        new Refusal(
            RefusalCode.REQUEST_TOO_LARGE,
            "the request body exceeds " + limits.maxBodyBytes() + " bytes",
            Map.of("max_request_bytes", limits.maxBodyBytes())));
  }

  private Response internal() {
    return refusal(
        new Refusal(RefusalCode.INTERNAL, "the server failed on this request", Map.of()));
  }

  private Request readHead(int first, DeadlineInput in, Connection c) throws IOException, Refused {
    String line = readLine(first, in, MAX_REQUEST_LINE, RefusalCode.REQUEST_LINE_TOO_LONG);
    // a client may send empty lines before the request line
    for (int blank = 0; line.isEmpty(); blank++) {
      int b = in.read();
      if (b < 0 || blank >= 8) {
        throw new Refused(RefusalCode.MALFORMED_REQUEST, "expected a request line", Map.of());
      }
      line = readLine(b, in, MAX_REQUEST_LINE, RefusalCode.REQUEST_LINE_TOO_LONG);
    }
    String[] parts = line.split(" ", -1);
    if (parts.length != 3 || !TOKEN.matcher(parts[0]).matches() || parts[1].isEmpty()) {
      throw new Refused(
          RefusalCode.MALFORMED_REQUEST,
          "the request line must be METHOD TARGET HTTP/1.1",
          Map.of());
    }
    if (!parts[2].equals("HTTP/1.1") && !parts[2].equals("HTTP/1.0")) {
      if (VERSION.matcher(parts[2]).matches()) {
        throw new Refused(
            RefusalCode.HTTP_VERSION_NOT_SUPPORTED, "this server speaks HTTP/1.1", Map.of());
      }
      throw new Refused(
          RefusalCode.MALFORMED_REQUEST, "the request line must end with HTTP/1.1", Map.of());
    }
    String target = parts[1];
    if (!target.startsWith("/")) {
      throw new Refused(
          RefusalCode.MALFORMED_REQUEST,
          "the request target must be a path starting with /",
          Map.of());
    }
    if (target.indexOf('#') >= 0) {
      // a fragment never leaves the client; cutting it off here would route a request it did not
      // send
      throw new Refused(
          RefusalCode.MALFORMED_REQUEST,
          "the request target must not carry a fragment (#)",
          Map.of());
    }
    int q = target.indexOf('?');
    String path = q < 0 ? target : target.substring(0, q);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    int total = 0;
    int count = 0;
    while (true) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("the client closed inside the head");
      }
      String h = readLine(b, in, MAX_HEAD_BYTES - total, RefusalCode.HEADERS_TOO_LARGE);
      if (h.isEmpty()) {
        break;
      }
      total += h.length() + 2;
      if (++count > MAX_HEADERS) {
        throw new Refused(
            RefusalCode.HEADERS_TOO_LARGE,
            "more than " + MAX_HEADERS + " header fields",
            Map.of("max_headers", MAX_HEADERS));
      }
      if (h.charAt(0) == ' ' || h.charAt(0) == '\t') {
        throw new Refused(
            RefusalCode.MALFORMED_REQUEST, "folded header lines are not accepted", Map.of());
      }
      int colon = h.indexOf(':');
      if (colon <= 0 || !TOKEN.matcher(h.substring(0, colon)).matches()) {
        throw new Refused(
            RefusalCode.MALFORMED_REQUEST, "a header line must be NAME: VALUE", Map.of());
      }
      String value = h.substring(colon + 1).strip();
      headers
          .computeIfAbsent(h.substring(0, colon).toLowerCase(Locale.ROOT), k -> new ArrayList<>())
          .add(value);
    }
    headers.replaceAll((k, v) -> Collections.unmodifiableList(v));
    Request r =
        new Request(
            parts[0], target, path, parts[2], Collections.unmodifiableMap(headers), c.remote());
    if (r.version().equals("HTTP/1.1") && r.headers("host").size() != 1) {
      throw new Refused(
          RefusalCode.MALFORMED_REQUEST,
          "an HTTP/1.1 request needs exactly one Host header",
          Map.of());
    }
    // the endpoints judge who is asking by Host and Origin: a second field, whichever they read,
    // could carry what the check never saw, so a request with two is refused whatever its version
    for (String once : SINGLE_HEADERS) {
      if (r.headers(once).size() > 1) {
        throw new Refused(
            RefusalCode.MALFORMED_REQUEST,
            "more than one " + once + " header field",
            Map.of("header", once));
      }
    }
    return r;
  }

  /** A line (ISO-8859-1) ending in LF or CRLF; bytes beyond the limit are refused. */
  private static String readLine(int first, InputStream in, int limit, RefusalCode code)
      throws IOException, Refused {
    ByteArrayOutputStream b = new ByteArrayOutputStream(128);
    int c = first;
    while (c != '\n') {
      if (c < 0) {
        throw new IOException("the client closed inside the head");
      }
      if (b.size() >= limit) {
        throw new Refused(code, "the request head is too long", Map.of());
      }
      if (c == 0) {
        throw new Refused(
            RefusalCode.MALFORMED_REQUEST, "the request head holds a NUL byte", Map.of());
      }
      b.write(c);
      c = in.read();
    }
    byte[] bytes = b.toByteArray();
    int n = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
    return new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
  }

  /**
   * How the body is delimited.
   *
   * @param length the declared length, or -1 when chunked
   */
  private record Framing(long length) {
    boolean chunked() {
      return length < 0;
    }

    boolean hasBody() {
      return length != 0;
    }
  }

  private static Framing framing(Request r) throws Refused {
    List<String> te = r.headers("transfer-encoding");
    List<String> cl = r.headers("content-length");
    if (!te.isEmpty()) {
      if (!cl.isEmpty()) {
        throw new Refused(
            RefusalCode.MALFORMED_REQUEST,
            "send Content-Length or Transfer-Encoding, not both",
            Map.of());
      }
      if (te.size() != 1 || !te.get(0).equalsIgnoreCase("chunked")) {
        throw new Refused(
            RefusalCode.UNSUPPORTED_TRANSFER_ENCODING,
            "only Transfer-Encoding: chunked is accepted",
            Map.of());
      }
      return new Framing(-1);
    }
    if (cl.isEmpty()) {
      return new Framing(0);
    }
    String v = cl.get(0);
    for (String other : cl) {
      if (!other.equals(v)) {
        throw new Refused(
            RefusalCode.MALFORMED_REQUEST,
            "Content-Length is given twice with different values",
            Map.of());
      }
    }
    if (v.isEmpty() || v.length() > 18 || !v.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      throw new Refused(
          RefusalCode.MALFORMED_REQUEST,
          "Content-Length must be a number of bytes",
          Map.of("field", "content-length"));
    }
    return new Framing(Long.parseLong(v));
  }

  /** The body, or null when it is larger than the limit (then partly read). */
  private byte @Nullable [] readBody(DeadlineInput in, Framing f) throws IOException, Refused {
    if (!f.chunked()) {
      byte[] b = in.readNBytes((int) f.length());
      if (b.length < f.length()) {
        throw new IOException("the client closed inside the body");
      }
      return b;
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      long size = chunkSize(in);
      if (size == 0) {
        trailers(in);
        return body.toByteArray();
      }
      if (body.size() + size > limits.maxBodyBytes()) {
        return null;
      }
      byte[] chunk = in.readNBytes((int) size);
      if (chunk.length < size) {
        throw new IOException("the client closed inside the body");
      }
      body.write(chunk);
      chunkEnd(in);
    }
  }

  private static long chunkSize(InputStream in) throws IOException, Refused {
    int b = in.read();
    if (b < 0) {
      throw new IOException("the client closed inside the body");
    }
    String line = readLine(b, in, 1024, RefusalCode.MALFORMED_REQUEST);
    int semi = line.indexOf(';');
    String hex = (semi < 0 ? line : line.substring(0, semi)).strip();
    if (hex.isEmpty()
        || hex.length() > 8
        || !hex.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) {
      throw new Refused(
          RefusalCode.MALFORMED_REQUEST, "a chunk must start with its size in hex", Map.of());
    }
    return Long.parseLong(hex, 16);
  }

  private static void chunkEnd(InputStream in) throws IOException, Refused {
    int b = in.read();
    if (b == '\r') {
      b = in.read();
    }
    if (b != '\n') {
      throw new Refused(RefusalCode.MALFORMED_REQUEST, "a chunk must end with CRLF", Map.of());
    }
  }

  private static void trailers(InputStream in) throws IOException, Refused {
    int total = 0;
    while (true) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("the client closed inside the body");
      }
      String line = readLine(b, in, MAX_HEAD_BYTES - total, RefusalCode.HEADERS_TOO_LARGE);
      if (line.isEmpty()) {
        return;
      }
      total += line.length() + 2;
    }
  }

  /** Reads and drops a body the server will not use; true when it was read to its end in bounds. */
  private static boolean drain(DeadlineInput in, Framing f) {
    try {
      if (!f.chunked()) {
        if (f.length() > DRAIN_LIMIT) {
          return false;
        }
        return in.skipNBytesCounted(f.length()) == f.length();
      }
      long dropped = 0;
      while (true) {
        long size = chunkSize(in);
        if (size == 0) {
          trailers(in);
          return true;
        }
        dropped += size;
        if (dropped > DRAIN_LIMIT || in.skipNBytesCounted(size) < size) {
          return false;
        }
        chunkEnd(in);
      }
    } catch (IOException | Refused e) {
      return false;
    }
  }

  /**
   * Writes an answer in one piece; a client that does not take it within the request timeout is
   * disconnected. False when the write failed.
   */
  private boolean write(OutputStream out, Socket s, Response r, boolean headOnly) {
    byte[] bytes = bytes(r, headOnly);
    ScheduledFuture<?> guard;
    try {
      guard =
          watchdog.schedule(
              () -> quietClose(s), limits.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      quietClose(s); // the server has stopped: nobody is answered any more
      return false;
    }
    boolean sent;
    try {
      out.write(bytes);
      out.flush();
      sent = true;
    } catch (IOException e) {
      sent = false;
    } finally {
      guard.cancel(false);
    }
    if (!sent && r.undelivered() != null) {
      try {
        r.undelivered().run();
      } catch (RuntimeException e) {
        // the client is gone; nothing to tell it
      }
    }
    return sent;
  }

  private static byte[] bytes(Response r, boolean headOnly) {
    byte[] body = r.body();
    StringBuilder h = new StringBuilder(256);
    h.append("HTTP/1.1 ")
        .append(r.status())
        .append(' ')
        .append(REASONS.getOrDefault(r.status(), "Status"))
        .append("\r\n");
    h.append("Content-Type: application/json; charset=utf-8\r\n");
    h.append("Content-Length: ").append(body.length).append("\r\n");
    h.append("Cache-Control: no-store\r\n");
    h.append("X-Content-Type-Options: nosniff\r\n");
    for (Map.Entry<String, String> e : r.headers().entrySet()) {
      h.append(e.getKey()).append(": ").append(e.getValue()).append("\r\n");
    }
    if (r.close()) {
      h.append("Connection: close\r\n");
    }
    h.append("\r\n");
    byte[] head = h.toString().getBytes(StandardCharsets.ISO_8859_1);
    if (headOnly) {
      return head;
    }
    byte[] all = new byte[head.length + body.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(body, 0, all, head.length, body.length);
    return all;
  }

  /** How long the watcher waits in one read before it looks whether the request was answered. */
  static final int WATCH_POLL_MS = 50;

  /**
   * Watches a connection for its client leaving while the handler works on a request: a thread
   * reads ahead on the socket (what arrives is kept for the next request), and when the read ends
   * (the client closed) or fails (it reset), the handler's action runs, unless the handler returned
   * first ({@link #decide}). The connection's thread waits for the watcher ({@link #quiet}) before
   * it reads again, so only one thread reads at a time; it writes the answer before that, so a
   * watcher still waiting in a read never delays an answer.
   */
  private static final class DisconnectWatch {
    private final DeadlineInput in;
    private final Connection c;
    private @Nullable Thread thread;
    private java.util.concurrent.atomic.@Nullable AtomicBoolean decided;

    DisconnectWatch(DeadlineInput in, Connection c) {
      this.in = in;
      this.c = c;
    }

    /** Starts watching for the current request, unless already watching. */
    void start(Runnable action) {
      if (thread != null || in == null) {
        return;
      }
      java.util.concurrent.atomic.AtomicBoolean d = new java.util.concurrent.atomic.AtomicBoolean();
      decided = d;
      Thread t =
          new Thread(
              () -> {
                try {
                  while (!d.get()) {
                    if (in.readAhead(WATCH_POLL_MS) < 0) {
                      if (d.compareAndSet(false, true)) {
                        action.run();
                      }
                      return;
                    }
                  }
                } catch (IOException e) {
                  if (d.compareAndSet(false, true)) {
                    action.run();
                  }
                } catch (RuntimeException e) {
                  // the action failed; the connection's thread goes on
                }
              },
              "swipe-http-watch-" + c.id());
      t.setDaemon(true);
      thread = t;
      t.start();
    }

    /** The handler returned: its answer goes out, the action no longer runs. */
    void decide() {
      java.util.concurrent.atomic.AtomicBoolean d = decided;
      if (d != null) {
        d.set(true);
      }
    }

    /**
     * Waits until the watcher no longer reads (at most about one poll after {@link #decide}, less
     * when the client sends its next request).
     */
    void quiet() {
      Thread t = thread;
      if (t == null) {
        return;
      }
      decide();
      thread = null;
      boolean interrupted = false;
      while (true) {
        try {
          t.join();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * The socket's input with a deadline: each read waits at most until the deadline, so a client
   * that trickles bytes cannot stretch a request past it.
   */
  private static final class DeadlineInput extends InputStream {
    private final Socket socket;
    private final InputStream in;
    private final byte[] buf = new byte[16 * 1024];
    private int pos;
    private int end;
    private long deadline;

    DeadlineInput(Socket socket) throws IOException {
      this.socket = socket;
      this.in = socket.getInputStream();
    }

    void deadline(Duration d) {
      deadline = System.nanoTime() + d.toNanos();
    }

    private boolean fill() throws IOException {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new SocketTimeoutException("deadline passed");
      }
      socket.setSoTimeout(
          (int) Math.max(1, Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(left) + 1)));
      int n;
      try {
        n = in.read(buf, 0, buf.length);
      } catch (InterruptedIOException e) {
        throw new SocketTimeoutException("deadline passed");
      }
      if (n <= 0) {
        return false;
      }
      pos = 0;
      end = n;
      return true;
    }

    @Override
    public int read() throws IOException {
      if (pos == end && !fill()) {
        return -1;
      }
      return buf[pos++] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (pos == end && !fill()) {
        return -1;
      }
      int n = Math.min(len, end - pos);
      System.arraycopy(buf, pos, b, off, n);
      pos += n;
      return n;
    }

    /**
     * Reads what the client sends next into the buffer without consuming it, waiting at most {@code
     * timeoutMs}: the bytes read (0 when nothing came or the buffer is full), -1 when the client
     * closed. Only while no other thread reads.
     *
     * @throws IOException when the connection was reset
     */
    int readAhead(int timeoutMs) throws IOException {
      if (pos == end) {
        pos = 0;
        end = 0;
      }
      if (end == buf.length) {
        try {
          Thread.sleep(timeoutMs); // nothing more can be kept: look again later
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return 0;
      }
      socket.setSoTimeout(timeoutMs);
      int n;
      try {
        n = in.read(buf, end, buf.length - end);
      } catch (SocketTimeoutException e) {
        return 0;
      }
      if (n < 0) {
        return -1;
      }
      end += n;
      return n;
    }

    /** Skips up to n bytes; returns how many were skipped (fewer only at the end of input). */
    long skipNBytesCounted(long n) throws IOException {
      long done = 0;
      while (done < n) {
        if (pos == end && !fill()) {
          break;
        }
        int k = (int) Math.min(n - done, end - pos);
        pos += k;
        done += k;
      }
      return done;
    }
  }
}

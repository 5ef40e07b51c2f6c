package dev.swipe.agent.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.AgentErrorCode;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.base.Api;
import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.http.internal.HostPort;
import dev.swipe.http.internal.ServerCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.MinimumDataRateHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.jspecify.annotations.Nullable;

/**
 * The trace collector ({@code java -jar swipe-agent.jar collect}): where the rigs of a farm send
 * their runs' traces ({@link dev.swipe.core.trace.HttpTraceSink}, the servers' {@code --trace-to}),
 * so they land in one directory, {@code DIR/RIG/RUN/}, each run exactly the files a local trace
 * directory holds ({@code trace.jsonl}, {@code shots/}), and {@code report DIR} renders them with
 * an index per rig. An embedded Jetty 12 serves it.
 *
 * <ul>
 *   <li>{@code POST /traces/RIG/RUN/records?from=N} ({@code application/x-ndjson}): records {@code
 *       N}, {@code N+1}, ... of the run, one per line, each a JSON object with a whole-number
 *       {@code seq} and an {@code action}. Those the run holds already are skipped, the rest
 *       appended in one write: 200 {@code {"lines": T}}. A place past what the run holds: 409
 *       {@code records_missing} with {@code lines}.
 *   <li>{@code PUT /traces/RIG/RUN/files/DIR/NAME} ({@code application/octet-stream} or {@code
 *       image/*}): a file of the run, written to a temporary file and renamed into place, so a
 *       collector killed mid-write leaves no part of one. 201 kept, 200 when the run already holds
 *       it with the same bytes, 409 {@code file_exists} with other bytes: a file is never written
 *       over.
 *   <li>{@code GET /status}: {@code {"ready": true}}, for a sender to check its address and token.
 * </ul>
 *
 * <p>The first request for a run claims its directory for the {@code Swipe-Run-Key} it carries
 * (kept in the run's {@code .swipe-run-key}); a request with another key is refused with 409 {@code
 * run_taken}, so two senders never mix their records in one run. Everything acknowledged is on the
 * collector's file system before the answer: a collector killed and started again on the same
 * {@code DIR} goes on where it was (a last line it was killed in the middle of is cut off, and the
 * sender sends it again).
 *
 * <p>Names: a rig is 1-64 and a run 1-128 of {@code A-Z a-z 0-9 . _ -} starting with a letter or
 * digit; a file name is a directory and a file of those characters, neither starting with a dot. A
 * path that is anything else (percent-encoded, {@code ..}, more parts) is refused (400 {@code
 * invalid_argument}) before anything is touched, and a rig or run directory that is a link is never
 * followed.
 *
 * <p>Security, as the agent's {@code serve}: loopback by default; any other address requires a
 * bearer token ({@code Authorization: Bearer T}, one of several so each rig can have its own). The
 * {@code Host} (and a browser's {@code Origin}) must be a loopback name, the bound address or an
 * allowed host (403 otherwise). Requests are bounded ({@code maxRequestBytes}, 413 beyond; a whole
 * request within the idle timeout), each run's directory by {@code maxRunBytes} (507 {@code
 * run_full}), and connections in all. The collector never removes anything: keep {@code DIR} within
 * the disk with a retention of your own.
 */
@Api(status = Api.Status.INTERNAL)
public final class TraceCollector implements AutoCloseable {
  /** Default largest request: room for the largest screenshot the report links and more. */
  public static final int DEFAULT_MAX_REQUEST_BYTES = 32 * 1024 * 1024;

  /** Default most bytes one run's directory holds: 1 GiB. */
  public static final long DEFAULT_MAX_RUN_BYTES = 1024L * 1024 * 1024;

  /** Default port of {@code collect}. */
  public static final int DEFAULT_PORT = 8770;

  /** The file in a run's directory that holds the key of the sender that claimed it. */
  public static final String KEY_FILE = ".swipe-run-key";

  private static final String UPLOAD_PREFIX = ".upload-";
  private static final Pattern RIG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  private static final Pattern RUN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
  private static final Pattern PART = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}");
  private static final Pattern RUN_KEY = Pattern.compile("[0-9a-f]{16,128}");
  private static final Pattern FROM = Pattern.compile("from=([0-9]{1,15})");
  private static final Pattern ROUTE =
      Pattern.compile("/traces/([^/]*)/([^/]*)/(records|files/([^/]*)/([^/]*))");
  private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
  private static final int MAX_CONNECTIONS = 256;

  /** A request body slower than this is cut off (408), so no sender holds a thread for long. */
  private static final long MIN_REQUEST_BYTES_PER_SECOND = 8 * 1024;

  /** Runs whose state is kept in memory at once; others are read from their directory again. */
  private static final int CACHED_RUNS = 1024;

  private final Path root;
  private final RequestGate gate;
  private final int maxRequestBytes;
  private final long maxRunBytes;
  private final Server server;
  private final ServerConnector connector;

  /** The locks of runs, by their name's hash. */
  private final Object[] locks = new Object[64];

  {
    for (int i = 0; i < locks.length; i++) {
      locks[i] = new Object();
    }
  }

  /** Runs by {@code RIG/RUN}, least recently used first; each is used under its lock. */
  private final LinkedHashMap<String, CollectedRun> runs =
      new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CollectedRun> eldest) {
          return size() > CACHED_RUNS;
        }
      };

  private TraceCollector(Builder b) throws Exception {
    this.root = b.dir;
    this.gate = new RequestGate(b.tokens, b.allowedHosts, b.address);
    this.maxRequestBytes = b.maxRequestBytes;
    this.maxRunBytes = b.maxRunBytes;
    QueuedThreadPool threads = new QueuedThreadPool(32, 2);
    threads.setName("swipe-collect");
    threads.setDaemon(true);
    this.server = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    http.setSendDateHeader(false);
    this.connector = new ServerConnector(server, new HttpConnectionFactory(http));
    connector.setHost(b.address.getAddress().getHostAddress());
    connector.setPort(b.address.getPort());
    connector.setIdleTimeout(IDLE_TIMEOUT.toMillis());
    server.addConnector(connector);
    server.addBean(new NetworkConnectionLimit(MAX_CONNECTIONS, server));
    server.setHandler(new MinimumDataRateHandler(new Routes(), MIN_REQUEST_BYTES_PER_SECOND, 0));
    server.setStopTimeout(2000);
    try {
      server.start();
    } catch (Exception e) {
      server.stop();
      throw e;
    }
  }

  /** A builder of a collector writing into {@code dir} (created when missing). */
  public static Builder builder(Path dir) {
    return new Builder(dir);
  }

  /** The bound address, with the real port when port 0 was asked for. */
  public InetSocketAddress address() {
    return new InetSocketAddress(connector.getHost(), connector.getLocalPort());
  }

  /** The directory the runs land in. */
  public Path directory() {
    return root;
  }

  /** Stops listening; what was acknowledged is on disk already. Calling it twice is harmless. */
  @Override
  public void close() {
    try {
      server.stop();
    } catch (Exception e) {
      // stopping is best effort; the listening socket is closed either way
    }
  }

  // --- answers ---

  /** A status and a JSON body, with extra headers. */
  private record Answer(int status, JsonNode body, Map<String, String> headers) {
    Answer(int status, JsonNode body) {
      this(status, body, Map.of());
    }
  }

  private static Answer error(int status, Code code, String message, Map<String, ?> details) {
    return new Answer(status, AgentJson.error(code.id(), message, details));
  }

  private static Answer invalid(String field, String message) {
    return error(400, CommonCode.INVALID_ARGUMENT, field + ": " + message, Map.of("field", field));
  }

  private static Answer lines(long lines) {
    ObjectNode o = AgentJson.JSON.createObjectNode();
    o.put("lines", lines);
    return new Answer(200, o);
  }

  private final class Routes extends Handler.Abstract {
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
      Answer a;
      try {
        a = answer(request);
      } catch (RuntimeException e) {
        a = error(500, CommonCode.INTERNAL, "the collector failed: " + e, Map.of());
      }
      response.setStatus(a.status());
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
      response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
      a.headers().forEach((k, v) -> response.getHeaders().put(k, v));
      if (a.status() >= 400) {
        // a refused request's body may be unread: Jetty may close the connection after the
        // answer, and a client that sent its next request on it would read nothing
        response.getHeaders().put(HttpHeader.CONNECTION, "close");
      }
      byte[] body = AgentJson.toText(a.body()).getBytes(StandardCharsets.UTF_8);
      response.write(true, ByteBuffer.wrap(body), callback);
      return true;
    }
  }

  private Answer answer(Request req) {
    String host = req.getHeaders().get(HttpHeader.HOST);
    if (!gate.allowsHost(host)) {
      return error(
          403,
          AgentErrorCode.HOST_NOT_ALLOWED,
          "Host '"
              + RequestGate.abbreviate(host)
              + "' is not this collector's name; use localhost, 127.0.0.1 or [::1], or start it"
              + " with --allow-host "
              + RequestGate.abbreviate(host),
          Map.of("host", RequestGate.abbreviate(host)));
    }
    String origin = req.getHeaders().get(HttpHeader.ORIGIN);
    if (!gate.allowsOrigin(origin)) {
      return error(
          403,
          AgentErrorCode.ORIGIN_NOT_ALLOWED,
          "Origin '" + RequestGate.abbreviate(origin) + "' may not use this collector",
          Map.of("origin", RequestGate.abbreviate(origin)));
    }
    if (gate.hasTokens() && gate.token(req.getHeaders().get(HttpHeader.AUTHORIZATION)) < 0) {
      return new Answer(
          401,
          AgentJson.error(
              ServerCode.UNAUTHORIZED.id(),
              "a bearer token is required: Authorization: Bearer <token>",
              Map.of()),
          Map.of("WWW-Authenticate", "Bearer"));
    }
    String path = req.getHttpURI().getPath();
    String method = req.getMethod().toUpperCase(Locale.ROOT);
    if ("/status".equals(path)) {
      if (!method.equals("GET")) {
        return error(405, AgentErrorCode.METHOD_NOT_ALLOWED, "GET /status", Map.of());
      }
      ObjectNode o = AgentJson.JSON.createObjectNode();
      o.put("ready", true);
      return new Answer(200, o);
    }
    Matcher m = path == null ? null : ROUTE.matcher(path);
    if (m == null || !m.matches()) {
      return error(
          404,
          AgentErrorCode.NOT_FOUND,
          "use POST /traces/RIG/RUN/records?from=N or PUT /traces/RIG/RUN/files/DIR/NAME",
          Map.of());
    }
    String rig = m.group(1);
    String run = m.group(2);
    if (!RIG.matcher(rig).matches()) {
      return invalid("rig", "must be 1-64 of A-Z a-z 0-9 . _ - starting with a letter or digit");
    }
    if (!RUN.matcher(run).matches()) {
      return invalid("run", "must be 1-128 of A-Z a-z 0-9 . _ - starting with a letter or digit");
    }
    boolean records = m.group(3).equals("records");
    String file = records ? null : m.group(4) + "/" + m.group(5);
    if (!records
        && (!PART.matcher(m.group(4)).matches()
            || !PART.matcher(m.group(5)).matches()
            || m.group(4).length() > 128)) {
      return invalid(
          "file", "must be DIR/NAME, each of A-Z a-z 0-9 . _ - and not starting with a dot");
    }
    String expected = records ? "POST" : "PUT";
    if (!method.equals(expected)) {
      return error(
          405,
          AgentErrorCode.METHOD_NOT_ALLOWED,
          (records ? "POST" : "PUT") + " " + path,
          Map.of("method", method));
    }
    String key = req.getHeaders().get("Swipe-Run-Key");
    if (key == null || !RUN_KEY.matcher(key).matches()) {
      return invalid("run_key", "the header Swipe-Run-Key must be 16-128 lower-case hex digits");
    }
    String type = req.getHeaders().get(HttpHeader.CONTENT_TYPE);
    String media = type == null ? "" : type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    if (records ? !media.equals("application/x-ndjson") : !isFileType(media)) {
      return error(
          415,
          AgentErrorCode.UNSUPPORTED_MEDIA_TYPE,
          records
              ? "records are sent as application/x-ndjson"
              : "files are sent as application/octet-stream or image/*",
          Map.of("content_type", RequestGate.abbreviate(String.valueOf(type))));
    }
    long length = req.getLength();
    if (length > maxRequestBytes) {
      return tooLarge();
    }
    long from = 0;
    if (records) {
      String q = req.getHttpURI().getQuery();
      Matcher fm = q == null ? null : FROM.matcher(q);
      if (fm == null || !fm.matches()) {
        return invalid("from", "records are sent with ?from=N, the place of the first");
      }
      from = Long.parseLong(fm.group(1));
    }
    // the body is read before the run is locked: a slow sender holds up no other
    byte[] recordBytes = null;
    Path upload = null;
    long uploaded = 0;
    try {
      InputStream body = Request.asInputStream(req);
      if (records) {
        recordBytes = body.readNBytes(maxRequestBytes + 1);
        if (recordBytes.length > maxRequestBytes) {
          return tooLarge();
        }
      } else {
        upload = Files.createTempFile(root, UPLOAD_PREFIX, ".tmp");
        try (OutputStream out = Files.newOutputStream(upload)) {
          byte[] buf = new byte[64 * 1024];
          for (int n; (n = body.read(buf)) > 0; ) {
            uploaded += n;
            if (uploaded > maxRequestBytes) {
              return tooLarge();
            }
            out.write(buf, 0, n);
          }
        }
      }
      String id = rig + "/" + run;
      // one lock per run's name (striped): a run's state dropped from the cache and read again is
      // never used by two requests at once
      synchronized (locks[Math.floorMod(id.hashCode(), locks.length)]) {
        CollectedRun r = collected(id, rig, run);
        try {
          Answer claim = r.claim(key);
          if (claim != null) {
            return claim;
          }
          // a records request read its bytes; a file request has its name and its upload
          return records
              ? r.records(from, Objects.requireNonNull(recordBytes, "records"))
              : r.file(
                  Objects.requireNonNull(file, "file"),
                  Objects.requireNonNull(upload, "upload"),
                  uploaded);
        } catch (IOException e) {
          r.forget(); // read it from disk again next time
          throw e;
        }
      }
    } catch (IOException e) {
      return error(
          503,
          CommonCode.INTERNAL,
          "the collector could not take the request: " + e.getMessage(),
          Map.of());
    } finally {
      if (upload != null) {
        try {
          Files.deleteIfExists(upload);
        } catch (IOException e) {
          // removed when the collector starts again
        }
      }
    }
  }

  private static boolean isFileType(String media) {
    return media.equals("application/octet-stream") || media.startsWith("image/");
  }

  private Answer tooLarge() {
    return error(
        413,
        ServerCode.REQUEST_TOO_LARGE,
        "a request may hold at most " + maxRequestBytes + " bytes",
        Map.of("max_request_bytes", maxRequestBytes));
  }

  // --- runs on disk ---

  private CollectedRun collected(String id, String rig, String run) {
    synchronized (runs) {
      CollectedRun r = runs.get(id);
      if (r == null) {
        r = new CollectedRun(root.resolve(rig), root.resolve(rig).resolve(run));
        runs.put(id, r);
      }
      return r;
    }
  }

  /** One run's directory: who claimed it, how many records and bytes it holds. */
  private final class CollectedRun {
    private final Path rigDir;
    private final Path dir;
    private boolean loaded;
    private @Nullable String key;
    private long lines;
    private long bytes;

    CollectedRun(Path rigDir, Path dir) {
      this.rigDir = rigDir;
      this.dir = dir;
    }

    void forget() {
      loaded = false;
    }

    /** Claims the run for {@code key}, or says who has it; null when {@code key} may write. */
    @Nullable Answer claim(String key) throws IOException {
      if (!loaded) {
        load();
      }
      if (this.key == null) {
        Path tmp = Files.createTempFile(dir, UPLOAD_PREFIX, ".tmp");
        Files.writeString(tmp, key, StandardCharsets.US_ASCII);
        move(tmp, dir.resolve(KEY_FILE));
        this.key = key;
        return null;
      }
      if (!MessageDigest.isEqual(
          this.key.getBytes(StandardCharsets.US_ASCII), key.getBytes(StandardCharsets.US_ASCII))) {
        return error(
            409,
            CollectorCode.RUN_TAKEN,
            "run " + dir.getFileName() + " of rig " + rigDir.getFileName() + " is another sender's",
            Map.of("rig", rigDir.getFileName().toString(), "run", dir.getFileName().toString()));
      }
      return null;
    }

    /**
     * Reads the run's state from its directory, made when missing: its key, its whole records (a
     * last line cut short by a killed collector is cut off), its size; leftovers of uploads go.
     */
    private void load() throws IOException {
      for (Path p : List.of(root, rigDir, dir)) {
        if (Files.isSymbolicLink(p) && !p.equals(root)) {
          throw new IOException(p + " is a link, which the collector never follows");
        }
      }
      Files.createDirectories(root);
      if (!Files.isDirectory(rigDir, LinkOption.NOFOLLOW_LINKS)) {
        try {
          Files.createDirectory(rigDir);
        } catch (FileAlreadyExistsException e) {
          // another request made it
        }
      }
      if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
        try {
          Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
          // another collector made it; its key says whose it is
        }
      }
      Path keyFile = dir.resolve(KEY_FILE);
      key = null;
      if (Files.isRegularFile(keyFile, LinkOption.NOFOLLOW_LINKS) && Files.size(keyFile) <= 256) {
        String k = Files.readString(keyFile, StandardCharsets.US_ASCII).strip();
        key = RUN_KEY.matcher(k).matches() ? k : "unknown";
      } else if (hasTrace()) {
        key = "unknown"; // a trace put here some other way: nobody's to continue
      }
      Path trace = dir.resolve(TraceReader.FILE);
      lines = 0;
      if (Files.isRegularFile(trace, LinkOption.NOFOLLOW_LINKS)) {
        try (FileChannel ch =
            FileChannel.open(trace, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
          long whole = 0;
          ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
          long at = 0;
          while (ch.read(buf, at) > 0) {
            buf.flip();
            while (buf.hasRemaining()) {
              at++;
              if (buf.get() == '\n') {
                lines++;
                whole = at;
              }
            }
            buf.clear();
          }
          if (whole < ch.size()) {
            ch.truncate(whole);
          }
        }
      }
      bytes = 0;
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : files.toList()) {
          if (f.getFileName().toString().startsWith(UPLOAD_PREFIX)) {
            Files.deleteIfExists(f);
          } else if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)
              && !f.getFileName().toString().equals(KEY_FILE)) {
            bytes += Files.size(f);
          }
        }
      }
      loaded = true;
    }

    private boolean hasTrace() throws IOException {
      try (Stream<Path> s = Files.list(dir)) {
        return s.anyMatch(p -> !p.getFileName().toString().startsWith("."));
      }
    }

    /** Appends the records the run does not hold yet. */
    Answer records(long from, byte[] all) throws IOException {
      if (from > lines) {
        ObjectNode o =
            AgentJson.error(
                CollectorCode.RECORDS_MISSING.id(),
                "the run holds "
                    + lines
                    + " records; send from there (this request started at "
                    + from
                    + ")",
                Map.of("lines", lines));
        o.put("lines", lines);
        return new Answer(409, o);
      }
      List<int[]> spans = new ArrayList<>();
      int start = 0;
      for (int i = 0; i < all.length; i++) {
        if (all[i] == '\n') {
          spans.add(new int[] {start, i + 1});
          start = i + 1;
        }
      }
      if (start != all.length) {
        return error(
            400,
            CollectorCode.INVALID_RECORD,
            "every record ends with a line end; the body's last line has none",
            Map.of("line", spans.size()));
      }
      for (int i = 0; i < spans.size(); i++) {
        int[] s = spans.get(i);
        String why = notARecord(all, s[0], s[1] - 1);
        if (why != null) {
          return error(
              400,
              CollectorCode.INVALID_RECORD,
              "record " + (from + i) + " (line " + (i + 1) + " of the request): " + why,
              Map.of("line", i + 1));
        }
      }
      long skip = lines - from;
      if (skip >= spans.size()) {
        return lines(lines);
      }
      int first = spans.get((int) skip)[0];
      int count = spans.size() - (int) skip;
      int size = all.length - first;
      if (bytes + size > maxRunBytes) {
        return full();
      }
      Path trace = dir.resolve(TraceReader.FILE);
      try (FileChannel ch =
          FileChannel.open(
              trace,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.APPEND)) {
        long before = ch.size();
        try {
          ByteBuffer buf = ByteBuffer.wrap(all, first, size);
          while (buf.hasRemaining()) {
            ch.write(buf);
          }
        } catch (IOException e) {
          ch.truncate(before); // a part of the batch would be counted wrong: none of it stays
          throw e;
        }
      }
      lines += count;
      bytes += size;
      return lines(lines);
    }

    /**
     * Keeps a file once, moving the upload into place; the same bytes again are acknowledged, other
     * bytes refused.
     */
    Answer file(String name, Path upload, long size) throws IOException {
      Path target = dir.resolve(name);
      Path parent = target.getParent();
      if (Files.isSymbolicLink(parent)) {
        return invalid("file", "the directory " + name + " is in is a link");
      }
      if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
        if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
            && Files.mismatch(target, upload) == -1) {
          ObjectNode o = AgentJson.JSON.createObjectNode();
          o.put("kept", false);
          return new Answer(200, o);
        }
        return error(
            409,
            CollectorCode.FILE_EXISTS,
            "run " + dir.getFileName() + " holds another " + name + "; files are never replaced",
            Map.of("file", name));
      }
      if (bytes + size > maxRunBytes) {
        return full();
      }
      Files.createDirectories(parent);
      move(upload, target);
      bytes += size;
      ObjectNode o = AgentJson.JSON.createObjectNode();
      o.put("kept", true);
      return new Answer(201, o);
    }

    private Answer full() {
      return error(
          507,
          CollectorCode.RUN_FULL,
          "run "
              + dir.getFileName()
              + " holds "
              + bytes
              + " bytes; the collector keeps at most "
              + maxRunBytes
              + " of a run",
          Map.of("max_run_bytes", maxRunBytes));
    }
  }

  /** Why the line is no trace record, or null when it is one. */
  private static @Nullable String notARecord(byte[] all, int from, int to) {
    if (to - from > TraceReader.MAX_LINE_CHARS) {
      return "longer than " + TraceReader.MAX_LINE_CHARS + " bytes";
    }
    JsonNode n;
    try {
      n = AgentJson.JSON.readTree(all, from, to - from);
    } catch (IOException e) {
      return "not JSON";
    }
    if (n == null
        || !n.isObject()
        || !n.path("seq").isIntegralNumber()
        || !n.path("seq").canConvertToLong()
        || !n.path("action").isTextual()) {
      return "not a trace record (a JSON object with a whole-number seq and an action)";
    }
    return null;
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to);
    }
  }

  /**
   * Builds a {@link TraceCollector}. The address and the tokens are set once: a second set fails
   * with {@code invalid_argument} naming {@code address} or {@code token}. {@link #allowHosts} adds
   * to the hosts allowed; the limits take the last value given.
   */
  public static final class Builder {
    private final Path dir;
    private InetSocketAddress address =
        new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), DEFAULT_PORT);
    private boolean addressSet;
    private List<String> tokens = List.of();
    private boolean tokensSet;
    private final List<HostPort> allowedHosts = new ArrayList<>();
    private int maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES;
    private long maxRunBytes = DEFAULT_MAX_RUN_BYTES;

    private Builder(Path dir) {
      this.dir = SwipeException.requireArgument(dir, "dir");
    }

    /** Where to listen (default {@code 127.0.0.1:8770}); port 0 takes a free one. */
    public Builder address(InetSocketAddress address) {
      SwipeException.requireArgument(address, "address");
      SwipeException.requireNotSet(addressSet, "address");
      this.address = address;
      this.addressSet = true;
      return this;
    }

    /** The bearer tokens senders must send (any of them); required off loopback. */
    public Builder tokens(List<String> tokens) {
      SwipeException.requireNotSet(tokensSet, "token");
      this.tokens = RequestGate.tokens(tokens);
      this.tokensSet = true;
      return this;
    }

    /**
     * Host names senders may use besides the loopback names and the bound address ({@code HOST} or
     * {@code HOST:PORT}, IPv6 in brackets), as {@code serve --allow-host}.
     */
    public Builder allowHosts(List<String> hosts) {
      allowedHosts.addAll(RequestGate.hosts(hosts));
      return this;
    }

    /** Largest request body (default 32 MiB, at least 64 KiB): one batch of records or one file. */
    public Builder maxRequestBytes(int bytes) {
      if (bytes < 64 * 1024) {
        throw SwipeException.invalidArgument(
            "max_request_bytes", "must be at least 65536, was " + bytes);
      }
      this.maxRequestBytes = bytes;
      return this;
    }

    /** Most bytes one run's directory holds (default 1 GiB, at least 64 KiB). */
    public Builder maxRunBytes(long bytes) {
      if (bytes < 64 * 1024) {
        throw SwipeException.invalidArgument(
            "max_run_bytes", "must be at least 65536, was " + bytes);
      }
      this.maxRunBytes = bytes;
      return this;
    }

    /**
     * Makes the directory, binds and starts serving.
     *
     * @throws SwipeException {@code invalid_argument}: (field {@code token}) a non-loopback address
     *     without a token, (field {@code dir}) a directory that cannot be written, (field {@code
     *     http}) an address that cannot be bound
     */
    public TraceCollector start() {
      RequestGate.checkAddress(address, tokens, "SWIPE_COLLECT_TOKEN");
      try {
        Files.createDirectories(dir);
        Path probe = Files.createTempFile(dir, ".swipe-write-check", ".tmp");
        Files.delete(probe);
        try (Stream<Path> left = Files.list(dir)) {
          for (Path p : left.toList()) {
            if (p.getFileName().toString().startsWith(UPLOAD_PREFIX)) {
              Files.deleteIfExists(p); // an upload a collector was killed in the middle of
            }
          }
        }
      } catch (IOException | RuntimeException e) {
        throw new SwipeException(
            CommonCode.INVALID_ARGUMENT,
            "dir: cannot write traces in " + dir + ": " + e,
            Map.of("field", "dir", "path", dir.toString()),
            e);
      }
      try {
        return new TraceCollector(this);
      } catch (Exception e) {
        throw SwipeException.invalidArgument(
            "http", "cannot listen on " + address + ": " + e.getMessage());
      }
    }
  }
}

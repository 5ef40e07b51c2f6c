package dev.swipe.agent.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.AgentErrorCode;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.agent.internal.JsonInput;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * MCP over a stream pair: one JSON-RPC message per line. It replaces the SDK's stdio transport,
 * whose reader ends for good at the first line it cannot turn into a message (and then no longer
 * sees the end of the input). Here every line is answered the way JSON-RPC 2.0 says and the next
 * line is read: not JSON (or beyond the {@link JsonInput} bounds) is a parse error {@code -32700}
 * with id null; a batch, a non-object, a bad {@code jsonrpc}, {@code id} or {@code method} is an
 * invalid request {@code -32600}; params that do not fit a method are {@code -32602}; a line longer
 * than {@link #MAX_LINE_BYTES} is skipped without being held in memory and answered with {@code
 * -32600}. Every error carries {@code data.code}, a snake_case reason. Responses from the client
 * are never answered. The reader stops only at the end of the input.
 *
 * <p>Every request is answered whatever the order of messages. The SDK holds a request that comes
 * before {@code notifications/initialized} until that notification arrives, which may be never, so
 * here, until then, {@code ping} is answered at once (MCP allows it any time) and every other
 * request but {@code initialize} gets {@code -32600} {@code not_initialized}. A {@code tools/call}
 * naming no tool gets the tool result every front end gives, {@code isError} with {@code
 * unknown_tool} and the list of tools, not the SDK's bare protocol error.
 */
final class McpLineTransport implements McpServerTransportProvider {
  /** Longest line read: tool arguments are small (over MCP no image travels to the server). */
  static final int MAX_LINE_BYTES = 4 * 1024 * 1024;

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int INVALID_PARAMS = -32602;
  private static final int INTERNAL_ERROR = -32603;
  private static final Set<String> LEVELS =
      Set.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");
  private static final Logger LOG = LoggerFactory.getLogger(McpLineTransport.class);

  private final McpJsonMapper mapper;
  private final Function<String, McpSchema.CallToolResult> unknownTool;
  private final InputStream in;
  private final OutputStream out;
  private final Object writeLock = new Object();
  private final CountDownLatch inputClosed = new CountDownLatch(1);
  private final Object idle = new Object();
  private final Map<Object, String> methodOfRequest = new ConcurrentHashMap<>();
  private int inFlight;
  private volatile boolean outputBroken;
  private volatile @Nullable McpServerSession session;

  /** Whether {@code notifications/initialized} reached the session (read on the reader thread). */
  private boolean initialized;

  /**
   * @param unknownTool the result of a {@code tools/call} naming {@code name}, or null when there
   *     is such a tool (then the SDK calls it)
   */
  McpLineTransport(
      McpJsonMapper mapper,
      InputStream in,
      OutputStream out,
      Function<String, McpSchema.CallToolResult> unknownTool) {
    this.mapper = mapper;
    this.in = in;
    this.out = out;
    this.unknownTool = unknownTool;
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory factory) {
    this.session = factory.create(new SessionTransport());
  }

  /** Starts reading lines on a thread of its own (after the server has set the session up). */
  void start() {
    Thread t = new Thread(this::readLines, "swipe-mcp-input");
    t.setDaemon(true);
    t.start();
  }

  boolean awaitInputClosed(long timeout, TimeUnit unit) throws InterruptedException {
    return inputClosed.await(timeout, unit);
  }

  void awaitInputClosed() throws InterruptedException {
    inputClosed.await();
  }

  /** Waits until every message handed to the session has been answered; false on timeout. */
  boolean awaitAnswered(long timeout, TimeUnit unit) throws InterruptedException {
    long end = System.nanoTime() + unit.toNanos(timeout);
    synchronized (idle) {
      while (inFlight > 0) {
        long left = end - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(idle, left);
      }
    }
    return true;
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    McpServerSession s = session;
    return s == null ? Mono.empty() : s.sendNotification(method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.empty();
  }

  private void readLines() {
    LineReader lines = new LineReader(in, MAX_LINE_BYTES);
    try {
      for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
        try {
          onLine(line);
        } catch (RuntimeException | StackOverflowError e) {
          LOG.warn("a line could not be handled: {}", e.toString());
          writeError(
              null,
              INVALID_REQUEST,
              "Invalid Request: the message could not be handled",
              AgentErrorCode.INVALID_REQUEST,
              Map.of());
        }
      }
    } catch (IOException e) {
      LOG.warn("reading the input failed; ending the session: {}", e.getMessage());
    } finally {
      inputClosed.countDown();
    }
  }

  private void onLine(LineReader.Line line) {
    byte[] bytes = line.bytes(); // null for a line too long to keep
    if (bytes == null) {
      writeError(
          null,
          INVALID_REQUEST,
          "Invalid Request: the line has more than " + MAX_LINE_BYTES + " bytes",
          AgentErrorCode.LINE_TOO_LONG,
          Map.of("max_line_bytes", MAX_LINE_BYTES));
      return;
    }
    if (LineReader.Line.blank(bytes)) {
      return;
    }
    JsonInput.Parsed parsed;
    try {
      parsed = JsonInput.parse(bytes, "message");
    } catch (ToolFailure f) {
      writeError(null, PARSE_ERROR, "Parse error: " + f.getMessage(), f.code(), f.details());
      return;
    }
    JsonNode m = parsed.value();
    if (m.isArray()) {
      writeError(
          null,
          INVALID_REQUEST,
          "Invalid Request: batches are not supported; send one message per line",
          "batch_not_supported",
          Map.of());
      return;
    }
    if (!m.isObject()) {
      writeError(
          null,
          INVALID_REQUEST,
          "Invalid Request: a message is a JSON object",
          AgentErrorCode.NOT_AN_OBJECT,
          Map.of());
      return;
    }
    JsonNode id = m.get("id");
    boolean idOk = id == null || id.isTextual() || (id.isIntegralNumber() && id.canConvertToLong());
    JsonNode replyId = idOk ? id : null;
    if (!idOk) {
      if (!isResponse(m)) {
        writeError(
            null,
            INVALID_REQUEST,
            "Invalid Request: id must be a string or an integer",
            AgentErrorCode.INVALID_ID,
            Map.of());
      }
      return;
    }
    if (!"2.0".equals(m.path("jsonrpc").textValue())) {
      if (!isResponse(m)) {
        writeError(
            replyId,
            INVALID_REQUEST,
            "Invalid Request: jsonrpc must be \"2.0\"",
            AgentErrorCode.INVALID_JSONRPC,
            Map.of());
      }
      return;
    }
    if (m.has("method")) {
      request((ObjectNode) m, id, parsed.numberProblem());
    } else if (isResponse(m)) {
      response((ObjectNode) m, id);
    } else {
      writeError(
          replyId,
          INVALID_REQUEST,
          "Invalid Request: a message needs a method, or a result or an error",
          AgentErrorCode.INVALID_REQUEST,
          Map.of());
    }
  }

  private static boolean isResponse(JsonNode m) {
    return !m.has("method") && (m.has("result") || m.has("error"));
  }

  private void request(ObjectNode m, @Nullable JsonNode id, @Nullable ToolFailure numberProblem) {
    JsonNode method = m.get("method");
    if (!method.isTextual() || method.asText().isEmpty()) {
      if (id != null) {
        writeError(
            id,
            INVALID_REQUEST,
            "Invalid Request: method must be a non-empty string",
            AgentErrorCode.INVALID_METHOD,
            Map.of());
      }
      return;
    }
    JsonNode params = m.get("params");
    if (params != null && !params.isObject() && !params.isNull()) {
      if (id != null) {
        writeError(
            id,
            INVALID_PARAMS,
            "Invalid params: params must be an object",
            CommonCode.INVALID_ARGUMENT,
            Map.of("field", "params"));
      }
      return;
    }
    if (id == null) {
      if (numberProblem == null) {
        dispatch(McpSchema.JSONRPCNotification.class, m, null, method.asText());
      }
      return; // a notification is never answered
    }
    if (numberProblem != null) {
      writeError(
          id,
          INVALID_PARAMS,
          "Invalid params: " + numberProblem.getMessage(),
          numberProblem.code(),
          numberProblem.details());
      return;
    }
    ParamsProblem problem =
        paramsProblem(method.asText(), params == null || params.isNull() ? null : params);
    if (problem != null) {
      writeError(
          id,
          INVALID_PARAMS,
          "Invalid params: " + problem.field() + ": " + problem.message(),
          CommonCode.INVALID_ARGUMENT,
          Map.of("field", problem.field()));
      return;
    }
    String name = method.asText();
    if (!initialized) {
      if (name.equals(McpSchema.METHOD_PING)) {
        writeResult(id, Map.of());
        return;
      }
      if (!name.equals(McpSchema.METHOD_INITIALIZE)) {
        writeError(
            id,
            INVALID_REQUEST,
            "Invalid Request: the session is not initialized; send initialize, then"
                + " notifications/initialized, before "
                + abbreviate(name),
            AgentErrorCode.NOT_INITIALIZED,
            Map.of());
        return;
      }
    }
    if (name.equals(McpSchema.METHOD_TOOLS_CALL)) {
      McpSchema.CallToolResult unknown = unknownTool.apply(params.get("name").asText());
      if (unknown != null) {
        writeResult(id, unknown);
        return;
      }
    }
    dispatch(McpSchema.JSONRPCRequest.class, m, id, name);
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }

  private void response(ObjectNode m, @Nullable JsonNode id) {
    if (id == null || (m.has("result") && m.has("error"))) {
      LOG.debug("a malformed response from the client was dropped");
      return;
    }
    dispatch(McpSchema.JSONRPCResponse.class, m, null, null);
  }

  /** A part of params that does not fit its method. */
  record ParamsProblem(String field, String message) {}

  /**
   * What is wrong with the params of the methods this server answers, so the SDK never fails on
   * them (it would answer an internal error naming Java types); null when they fit.
   */
  static @Nullable ParamsProblem paramsProblem(String method, @Nullable JsonNode params) {
    switch (method) {
      case "initialize" -> {
        if (params == null) {
          return new ParamsProblem("params", "initialize needs params with protocolVersion");
        }
        if (!params.path("protocolVersion").isTextual()) {
          return new ParamsProblem("params.protocolVersion", "must be a string");
        }
        JsonNode caps = params.get("capabilities");
        if (!objectOrAbsent(caps)) {
          return new ParamsProblem("params.capabilities", "must be an object");
        }
        if (caps != null && !caps.isNull()) {
          for (String k : new String[] {"experimental", "roots", "sampling", "elicitation"}) {
            if (!objectOrAbsent(caps.get(k))) {
              return new ParamsProblem("params.capabilities." + k, "must be an object");
            }
          }
          JsonNode roots = caps.get("roots");
          if (roots != null
              && roots.has("listChanged")
              && !roots.get("listChanged").isBoolean()
              && !roots.get("listChanged").isNull()) {
            return new ParamsProblem(
                "params.capabilities.roots.listChanged", "must be true or false");
          }
        }
        JsonNode info = params.get("clientInfo");
        if (!objectOrAbsent(info)) {
          return new ParamsProblem("params.clientInfo", "must be an object");
        }
        if (info != null && !info.isNull()) {
          for (String k : new String[] {"name", "title", "version"}) {
            if (!textOrAbsent(info.get(k))) {
              return new ParamsProblem("params.clientInfo." + k, "must be a string");
            }
          }
        }
        return meta(params);
      }
      case "tools/call" -> {
        if (params == null || !params.path("name").isTextual()) {
          return new ParamsProblem("params.name", "must be a tool name");
        }
        if (!objectOrAbsent(params.get("arguments"))) {
          return new ParamsProblem("params.arguments", "must be an object");
        }
        return meta(params);
      }
      case "tools/list" -> {
        if (params != null && !textOrAbsent(params.get("cursor"))) {
          return new ParamsProblem("params.cursor", "must be a string");
        }
        return params == null ? null : meta(params);
      }
      case "logging/setLevel" -> {
        if (params == null
            || !params.path("level").isTextual()
            || !LEVELS.contains(params.get("level").asText())) {
          return new ParamsProblem(
              "params.level",
              "must be one of " + String.join(", ", LEVELS.stream().sorted().toList()));
        }
        return meta(params);
      }
      default -> {
        return params == null ? null : meta(params);
      }
    }
  }

  private static @Nullable ParamsProblem meta(JsonNode params) {
    return objectOrAbsent(params.get("_meta"))
        ? null
        : new ParamsProblem("params._meta", "must be an object");
  }

  private static boolean objectOrAbsent(JsonNode n) {
    return n == null || n.isNull() || n.isObject();
  }

  private static boolean textOrAbsent(JsonNode n) {
    return n == null || n.isNull() || n.isTextual();
  }

  private <T extends McpSchema.JSONRPCMessage> void dispatch(
      Class<T> type, ObjectNode m, @Nullable JsonNode id, @Nullable String method) {
    T message;
    try {
      message = mapper.convertValue(m, type);
    } catch (RuntimeException e) {
      if (id != null) {
        writeError(
            id,
            INVALID_REQUEST,
            "Invalid Request: the message does not fit JSON-RPC",
            AgentErrorCode.INVALID_REQUEST,
            Map.of());
      }
      return;
    }
    McpServerSession s = session;
    if (s == null) {
      return;
    }
    if (message instanceof McpSchema.JSONRPCNotification n
        && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(n.method())) {
      initialized = true; // the session sets its state as it handles it, below, on this thread
    }
    Object key = message instanceof McpSchema.JSONRPCRequest r ? r.id() : null;
    if (key != null) {
      methodOfRequest.put(key, method);
    }
    synchronized (idle) {
      inFlight++;
    }
    s.handle(message)
        .onErrorResume(
            e -> {
              LOG.warn("handling {} failed: {}", method, e.toString());
              if (id != null) {
                writeError(
                    id,
                    INTERNAL_ERROR,
                    "Internal error while handling " + method,
                    CommonCode.INTERNAL,
                    Map.of());
              }
              return Mono.empty();
            })
        .doFinally(
            signal -> {
              if (key != null) {
                methodOfRequest.remove(key);
              }
              synchronized (idle) {
                inFlight--;
                idle.notifyAll();
              }
            })
        .subscribe();
  }

  /** Writes one message as one line. */
  private void writeLine(String json) {
    byte[] bytes = (json + "\n").getBytes(StandardCharsets.UTF_8);
    synchronized (writeLock) {
      if (outputBroken) {
        return;
      }
      try {
        out.write(bytes);
        out.flush();
      } catch (IOException e) {
        outputBroken = true;
        LOG.warn("the output closed; answers are dropped from now on: {}", e.getMessage());
      }
    }
  }

  /**
   * Answers request {@code id} with {@code result} (the SDK's types are written as it writes them).
   */
  private void writeResult(JsonNode id, Object result) {
    Object rpcId = id.isTextual() ? id.asText() : (Object) id.asLong();
    String json;
    try {
      json =
          mapper.writeValueAsString(
              new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, rpcId, result, null));
    } catch (IOException e) {
      writeError(
          id,
          INTERNAL_ERROR,
          "Internal error: the answer could not be written",
          CommonCode.INTERNAL,
          Map.of());
      return;
    }
    writeLine(json);
  }

  private void writeError(
      @Nullable JsonNode id,
      int code,
      String message,
      AgentErrorCode reason,
      Map<String, ?> details) {
    writeError(id, code, message, reason.id(), details);
  }

  private void writeError(
      @Nullable JsonNode id, int code, String message, Code reason, Map<String, ?> details) {
    writeError(id, code, message, reason.id(), details);
  }

  private void writeError(
      @Nullable JsonNode id, int code, String message, String reason, Map<String, ?> details) {
    ObjectNode e = AgentJson.JSON.createObjectNode();
    e.put("jsonrpc", "2.0");
    if (id == null) {
      e.putNull("id");
    } else {
      e.set("id", id);
    }
    ObjectNode error = e.putObject("error");
    error.put("code", code);
    error.put("message", message);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("code", reason);
    data.putAll(details);
    error.set("data", AgentJson.JSON.valueToTree(data));
    writeLine(AgentJson.toText(e));
  }

  /**
   * The session's side: answers go out as lines; an SDK internal error is reported as bad params.
   */
  private final class SessionTransport implements McpServerTransport {
    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
      return Mono.fromRunnable(
          () -> {
            McpSchema.JSONRPCMessage m = message;
            if (m instanceof McpSchema.JSONRPCResponse r
                && r.error() != null
                && r.error().code() != null
                && r.error().code() == INTERNAL_ERROR) {
              // validation above keeps the SDK from failing on a client's params; should it still
              // fail,
              // the client hears which method, without the SDK's message (it names Java types)
              String method = methodOfRequest.get(r.id());
              m =
                  new McpSchema.JSONRPCResponse(
                      r.jsonrpc(),
                      r.id(),
                      null,
                      new McpSchema.JSONRPCResponse.JSONRPCError(
                          INVALID_PARAMS,
                          "Invalid params" + (method == null ? "" : " for " + method),
                          Map.of("code", CommonCode.INVALID_ARGUMENT.id(), "field", "params")));
            }
            String json;
            try {
              json = mapper.writeValueAsString(m);
            } catch (IOException e) {
              LOG.warn("an answer could not be written: {}", e.getMessage());
              return;
            }
            writeLine(json);
          });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return mapper.convertValue(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }

    @Override
    public void close() {
      // the streams belong to the caller
    }
  }

  /** Splits a stream into lines without ever holding more than the limit of one line. */
  static final class LineReader {
    /**
     * One line without its terminator.
     *
     * @param bytes the line, or null when it was longer than the limit (then skipped)
     */
    @SuppressWarnings("ArrayRecordComponent")
    // a carrier of the bytes just read, handed on once; never compared or hashed
    record Line(byte @Nullable [] bytes) {
      /** Whether the bytes are only spaces, tabs and carriage returns. */
      static boolean blank(byte[] bytes) {
        for (byte b : bytes) {
          if (b != ' ' && b != '\t' && b != '\r') {
            return false;
          }
        }
        return true;
      }
    }

    private final InputStream in;
    private final int max;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int end;

    LineReader(InputStream in, int max) {
      this.in = in;
      this.max = max;
    }

    /** The next line, or null at the end of the input. */
    @Nullable Line next() throws IOException {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      boolean over = false;
      boolean any = false;
      while (true) {
        if (pos == end) {
          int n = in.read(buf, 0, buf.length);
          if (n <= 0) {
            pos = 0;
            end = 0;
            if (!any) {
              return null;
            }
            break;
          }
          pos = 0;
          end = n;
        }
        any = true;
        int nl = pos;
        while (nl < end && buf[nl] != '\n') {
          nl++;
        }
        int n = nl - pos;
        if (!over) {
          if (line.size() + (long) n > max) {
            over = true;
            line = new ByteArrayOutputStream(0); // what was kept is dropped
          } else {
            line.write(buf, pos, n);
          }
        }
        pos = nl < end ? nl + 1 : end;
        if (nl < end) {
          break;
        }
      }
      if (over) {
        return new Line(null);
      }
      byte[] b = line.toByteArray();
      if (b.length > 0 && b[b.length - 1] == '\r') {
        b = java.util.Arrays.copyOf(b, b.length - 1);
      }
      return new Line(b);
    }
  }
}

package dev.swipe.chrome.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * One DevTools protocol connection over the JDK's WebSocket: commands by id with their answers,
 * events to listeners, sessions of attached targets in the flat mode (a {@code sessionId} on each
 * message). Commands may be sent from any thread; events are delivered on the socket's thread and
 * listeners must not block.
 */
final class CdpConnection implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();

  /** Longest wait for a command's answer before the connection is taken for lost. */
  static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(15);

  private final WebSocket socket;
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final List<Listener> listeners = new CopyOnWriteArrayList<>();
  private final CompletableFuture<String> closed = new CompletableFuture<>();

  /** An event handler for one method, optionally of one session (null: any). */
  private record Listener(
      String method, @Nullable String sessionId, BiConsumer<JsonNode, String> handler) {}

  private CdpConnection(WebSocket socket) {
    this.socket = socket;
  }

  /**
   * Connects to a DevTools WebSocket URL ({@code ws://127.0.0.1:port/devtools/browser/...}).
   *
   * @throws SwipeException {@code browser_unavailable} when the endpoint cannot be reached
   */
  static CdpConnection open(URI webSocketUrl, Duration timeout) {
    Receiver receiver = new Receiver();
    try {
      WebSocket ws =
          HttpClient.newBuilder()
              .connectTimeout(timeout)
              .build()
              .newWebSocketBuilder()
              .connectTimeout(timeout)
              .buildAsync(webSocketUrl, receiver)
              .get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
      CdpConnection c = new CdpConnection(ws);
      receiver.bind(c);
      return c;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SwipeException(CommonCode.INTERRUPTED, "interrupted connecting to " + webSocketUrl);
    } catch (ExecutionException | TimeoutException e) {
      throw new SwipeException(
          ErrorCode.BROWSER_UNAVAILABLE,
          "cannot reach the DevTools endpoint " + webSocketUrl + ": " + e,
          Map.of("endpoint", webSocketUrl.toString()),
          e);
    }
  }

  /** Sends a command and waits for its answer's {@code result}. */
  JsonNode call(@Nullable String sessionId, String method, @Nullable ObjectNode params) {
    return await(method, callAsync(sessionId, method, params), COMMAND_TIMEOUT);
  }

  /**
   * Sends a command without waiting; the future completes with its {@code result} or fails with a
   * {@link SwipeException}.
   */
  CompletableFuture<JsonNode> callAsync(
      @Nullable String sessionId, String method, @Nullable ObjectNode params) {
    long id = ids.incrementAndGet();
    ObjectNode msg = JSON.createObjectNode();
    msg.put("id", id);
    msg.put("method", method);
    msg.set("params", params == null ? JSON.createObjectNode() : params);
    if (sessionId != null) {
      msg.put("sessionId", sessionId);
    }
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    pending.put(id, answer);
    if (closed.isDone()) {
      pending.remove(id);
      answer.completeExceptionally(lost(method));
      return answer;
    }
    String text = msg.toString();
    synchronized (socket) { // one outstanding sendText at a time, as WebSocket requires
      try {
        socket.sendText(text, true).get(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        pending.remove(id);
        answer.completeExceptionally(
            new SwipeException(CommonCode.INTERRUPTED, "interrupted sending " + method));
      } catch (ExecutionException | TimeoutException e) {
        pending.remove(id);
        answer.completeExceptionally(lost(method));
      }
    }
    return answer;
  }

  /** Waits for a command's answer. */
  static JsonNode await(String method, CompletableFuture<JsonNode> answer, Duration timeout) {
    try {
      return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SwipeException(CommonCode.INTERRUPTED, "interrupted waiting for " + method);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof SwipeException se) {
        throw se;
      }
      throw new SwipeException(
          ErrorCode.BROWSER_UNAVAILABLE, method + " failed: " + e.getCause(), Map.of(), e);
    } catch (TimeoutException e) {
      throw new SwipeException(
          ErrorCode.BROWSER_UNAVAILABLE,
          "the browser did not answer " + method + " within " + timeout.toMillis() + " ms",
          Map.of("method", method),
          e);
    }
  }

  /** Calls {@code handler(params, sessionId)} for each event {@code method} (of any session). */
  void on(String method, BiConsumer<JsonNode, String> handler) {
    listeners.add(new Listener(method, null, handler));
  }

  /** Whether the socket is gone (closed by either side or failed). */
  boolean isClosed() {
    return closed.isDone();
  }

  /** Why the socket is gone, once it is. */
  String closeReason() {
    return closed.getNow("open");
  }

  @Override
  public void close() {
    if (closed.complete("closed by the SDK")) {
      socket.abort();
    }
    failPending();
  }

  private SwipeException lost(String method) {
    return new SwipeException(
        ErrorCode.BROWSER_UNAVAILABLE,
        "the DevTools connection is gone (" + closed.getNow("?") + "); " + method + " not sent",
        Map.of("method", method),
        null);
  }

  private void failPending() {
    for (Long id : List.copyOf(pending.keySet())) {
      CompletableFuture<JsonNode> f = pending.remove(id);
      if (f != null) {
        f.completeExceptionally(lost("command " + id));
      }
    }
  }

  private void dispatch(String text) {
    JsonNode msg;
    try {
      msg = JSON.readTree(text);
    } catch (java.io.IOException e) {
      return; // not ours to fail on: the browser only sends JSON
    }
    JsonNode id = msg.get("id");
    if (id != null) {
      CompletableFuture<JsonNode> f = pending.remove(id.asLong());
      if (f == null) {
        return;
      }
      JsonNode error = msg.get("error");
      if (error != null) {
        f.completeExceptionally(
            new SwipeException(
                ErrorCode.BROWSER_UNAVAILABLE,
                "the browser refused a command: " + error.path("message").asText(error.toString()),
                Map.of("cdp_error", error.path("code").asInt()),
                null));
      } else {
        f.complete(msg.path("result"));
      }
      return;
    }
    String method = msg.path("method").asText("");
    String session = msg.hasNonNull("sessionId") ? msg.get("sessionId").asText() : null;
    JsonNode params = msg.path("params");
    for (Listener l : listeners) {
      if (l.method.equals(method) && (l.sessionId == null || l.sessionId.equals(session))) {
        try {
          l.handler.accept(params, session);
        } catch (RuntimeException e) {
          // a listener's defect must not stop the socket's reader
        }
      }
    }
  }

  /** Assembles text frames into messages and hands them to the connection. */
  private static final class Receiver implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();
    private final CompletableFuture<CdpConnection> owner = new CompletableFuture<>();

    void bind(CdpConnection c) {
      owner.complete(c);
    }

    @Override
    public @Nullable CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String text = partial.toString();
        partial.setLength(0);
        // the stage runs dispatch once the connection is known; nothing waits on it
        CompletableFuture<Void> unused = owner.thenAccept(c -> c.dispatch(text));
      }
      ws.request(1);
      return null;
    }

    @Override
    public @Nullable CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
      // the connection learns of the loss once known; nothing waits on it
      CompletableFuture<Void> unused =
          owner.thenAccept(c -> c.lose("closed by the browser (" + status + ")"));
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
      // the connection learns of the loss once known; nothing waits on it
      CompletableFuture<Void> unused = owner.thenAccept(c -> c.lose("failed: " + error));
    }
  }

  private void lose(String why) {
    closed.complete(why);
    failPending();
  }
}

package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.swipe.core.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;

/**
 * The HTTP side of the remote end: routes W3C requests, checks the caller (a bearer token when
 * one is set; a loopback Host header on a loopback address, against DNS rebinding), reads bounded
 * JSON bodies, and always answers with the specification's JSON ({@code {"value": ...}}, errors
 * as {@code {"value": {"error", "message", "stacktrace", "data"}}}), never with a stack trace.
 */
public final class RemoteEnd implements HttpHandler {
  private static final String JSON_TYPE = "application/json; charset=utf-8";
  /** Most bytes of an oversize body read and dropped before answering, so the client sees the answer. */
  private static final long DRAIN_LIMIT = 64L * 1024 * 1024;

  /** The commands: method, path pattern ({@code {id}} is the session id). */
  private enum Route {
    STATUS("GET", "status"),
    NEW_SESSION("POST", "session"),
    DELETE_SESSION("DELETE", "session/{id}"),
    GET_TIMEOUTS("GET", "session/{id}/timeouts"),
    SET_TIMEOUTS("POST", "session/{id}/timeouts"),
    SCREENSHOT("GET", "session/{id}/screenshot"),
    WINDOW_RECT("GET", "session/{id}/window/rect"),
    PERFORM_ACTIONS("POST", "session/{id}/actions"),
    RELEASE_ACTIONS("DELETE", "session/{id}/actions"),
    EXECUTE("POST", "session/{id}/execute/sync");

    final String method;
    final String[] segments;

    Route(String method, String pattern) {
      this.method = method;
      this.segments = pattern.split("/");
    }

    /** The session id when {@code path} has this route's shape, "" for a route without one, else null. */
    String match(String[] path) {
      if (path.length != segments.length) {
        return null;
      }
      String id = "";
      for (int i = 0; i < segments.length; i++) {
        if (segments[i].equals("{id}")) {
          id = path[i];
        } else if (!segments[i].equals(path[i])) {
          return null;
        }
      }
      return id;
    }
  }

  private final SessionSlot slot;
  private final Commands commands;
  private final byte[] token;
  private final boolean loopbackOnly;
  private final int maxRequestBytes;

  /**
   * @param slot the rig's session place
   * @param token the bearer token, or null for none
   * @param loopbackOnly whether the server is bound to a loopback address (Host must then be loopback)
   * @param maxRequestBytes the largest body accepted
   */
  public RemoteEnd(SessionSlot slot, String token, boolean loopbackOnly, int maxRequestBytes) {
    this.slot = slot;
    this.commands = new Commands(slot);
    this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
    this.loopbackOnly = loopbackOnly;
    this.maxRequestBytes = maxRequestBytes;
  }

  @Override
  public void handle(HttpExchange ex) {
    RigSession[] session = new RigSession[1];
    boolean[] bodyRead = new boolean[1];
    int status;
    JsonNode answer;
    try {
      answer = envelope(respond(ex, session, bodyRead));
      status = 200;
    } catch (W3cFailure f) {
      status = f.error().status();
      answer = error(f);
    } catch (Unauthorized u) {
      status = 401;
      answer = error(new W3cFailure(W3cError.UNKNOWN_ERROR, u.getMessage(),
          Json.MAPPER.createObjectNode().put("code", RemoteEndCode.UNAUTHORIZED.id())));
    } catch (RuntimeException e) {
      status = 500;
      answer = error(new W3cFailure(W3cError.UNKNOWN_ERROR, "the remote end failed: " + e.getClass().getSimpleName(),
          Json.MAPPER.createObjectNode().put("code", ErrorCode.INTERNAL.id())));
    }
    try (ex) {
      send(ex, status, answer, bodyRead[0]);
    } catch (IOException e) {
      if (session[0] != null) {
        // the client went away before it got the answer: nobody drives this session any more
        slot.end(session[0], "the client disconnected during a command");
      }
    }
  }

  private JsonNode respond(HttpExchange ex, RigSession[] session, boolean[] bodyRead) throws W3cFailure {
    String method = ex.getRequestMethod().toUpperCase(Locale.ROOT);
    String[] path = split(ex.getRequestURI().getRawPath());
    checkHost(ex);
    Route route = null;
    String id = null;
    boolean pathKnown = false;
    for (Route r : Route.values()) {
      String m = r.match(path);
      if (m != null) {
        pathKnown = true;
        if (r.method.equals(method)) {
          route = r;
          id = m;
          break;
        }
      }
    }
    if (route == null) {
      if (pathKnown) {
        throw W3cFailure.of(W3cError.UNKNOWN_METHOD, RemoteEndCode.UNKNOWN_METHOD, null,
            method + " is not a method of " + ex.getRequestURI().getRawPath());
      }
      throw W3cFailure.of(W3cError.UNKNOWN_COMMAND, RemoteEndCode.UNKNOWN_COMMAND, null, "no command "
          + method + " " + Json.abbreviate(ex.getRequestURI().getRawPath()));
    }
    if (route != Route.STATUS) {
      checkToken(ex);
    }
    JsonNode body = null;
    if (method.equals("POST")) {
      String type = ex.getRequestHeaders().getFirst("Content-Type");
      if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
        throw W3cFailure.invalidArgument("Content-Type", "send the parameters as JSON with Content-Type:"
            + " application/json");
      }
      body = Json.parse(readBody(ex));
      bodyRead[0] = true;
    }
    switch (route) {
      case STATUS -> {
        return slot.status();
      }
      case NEW_SESSION -> {
        RigSession s = slot.create(body);
        ObjectNode v = Json.MAPPER.createObjectNode();
        v.put("sessionId", s.id());
        v.set("capabilities", s.capabilities());
        return v;
      }
      default -> {
        // a session command
      }
    }
    RigSession s = slot.enter(id);
    session[0] = s;
    try {
      return switch (route) {
        case DELETE_SESSION -> {
          slot.end(s, "deleted by the client");
          yield NullNode.getInstance();
        }
        case GET_TIMEOUTS -> commands.timeouts(s);
        case SET_TIMEOUTS -> commands.setTimeouts(s, body);
        case SCREENSHOT -> commands.screenshot(s);
        case WINDOW_RECT -> commands.windowRect(s);
        case PERFORM_ACTIONS -> commands.performActions(s, body);
        case RELEASE_ACTIONS -> commands.releaseActions(s);
        case EXECUTE -> commands.execute(s, body);
        default -> throw new IllegalStateException(route.name());
      };
    } finally {
      s.exit();
    }
  }

  private static String[] split(String rawPath) {
    String p = rawPath == null ? "" : rawPath;
    while (p.startsWith("/")) {
      p = p.substring(1);
    }
    return p.isEmpty() ? new String[0] : p.split("/", -1);
  }

  /** On a loopback address only loopback Host names are served: a rebinding page gets nothing. */
  private void checkHost(HttpExchange ex) {
    if (!loopbackOnly) {
      return;
    }
    String host = ex.getRequestHeaders().getFirst("Host");
    if (host == null) {
      return;
    }
    String name = host.strip();
    if (name.startsWith("[")) {
      int end = name.indexOf(']');
      name = end > 0 ? name.substring(1, end) : name;
    } else if (name.indexOf(':') >= 0) {
      name = name.substring(0, name.lastIndexOf(':'));
    }
    if (name.equalsIgnoreCase("localhost") || isLoopbackLiteral(name)) {
      return;
    }
    throw W3cFailure.invalidArgument("Host", "this rig serves loopback clients only; Host was '"
        + Json.abbreviate(host) + "'");
  }

  private static boolean isLoopbackLiteral(String name) {
    if (!name.matches("[0-9.]+|[0-9A-Fa-f:]+")) {
      return false; // never resolve a name
    }
    try {
      return InetAddress.getByName(name).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private void checkToken(HttpExchange ex) {
    if (token == null) {
      return;
    }
    String h = ex.getRequestHeaders().getFirst("Authorization");
    boolean ok = h != null && h.regionMatches(true, 0, "Bearer ", 0, 7)
        && MessageDigest.isEqual(token, h.substring(7).strip().getBytes(StandardCharsets.UTF_8));
    if (!ok) {
      ex.getResponseHeaders().set("WWW-Authenticate", "Bearer");
      throw new Unauthorized();
    }
  }

  /** A request without the bearer token: 401, with an error body clients can decode. */
  private static final class Unauthorized extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unauthorized() {
      super("a bearer token is required: Authorization: Bearer <token>", null, false, false);
    }
  }

  private byte[] readBody(HttpExchange ex) {
    try (InputStream in = ex.getRequestBody()) {
      byte[] b = in.readNBytes(maxRequestBytes + 1);
      if (b.length > maxRequestBytes) {
        byte[] sink = new byte[64 * 1024];
        long dropped = 0;
        for (int n; dropped < DRAIN_LIMIT && (n = in.read(sink)) > 0; ) {
          dropped += n;
        }
        throw W3cFailure.invalidArgument("body", "exceeds " + maxRequestBytes + " bytes");
      }
      return b;
    } catch (IOException e) {
      throw W3cFailure.invalidArgument("body", "could not be read: " + e.getMessage());
    }
  }

  private static JsonNode envelope(JsonNode value) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.set("value", value == null ? NullNode.getInstance() : value);
    return o;
  }

  private static JsonNode error(W3cFailure f) {
    ObjectNode v = Json.MAPPER.createObjectNode();
    v.put("error", f.error().code());
    v.put("message", f.getMessage());
    v.put("stacktrace", "");
    v.set("data", f.data());
    return envelope(v);
  }

  private static void send(HttpExchange ex, int status, JsonNode answer, boolean bodyRead) throws IOException {
    byte[] bytes = Json.bytes(answer);
    if (!bodyRead && ex.getRequestMethod().equalsIgnoreCase("POST")) {
      ex.getResponseHeaders().set("Connection", "close"); // the body was not read: the connection cannot be reused
    }
    ex.getResponseHeaders().set("Content-Type", JSON_TYPE);
    ex.getResponseHeaders().set("Cache-Control", "no-cache");
    if (ex.getRequestMethod().equalsIgnoreCase("HEAD")) {
      ex.sendResponseHeaders(status, -1); // an answer to HEAD has no body
      return;
    }
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }
}

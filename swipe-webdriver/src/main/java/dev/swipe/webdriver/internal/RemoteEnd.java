package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.CommonCode;
import dev.swipe.http.internal.HostPort;
import dev.swipe.http.internal.JsonHttpServer;
import dev.swipe.http.internal.JsonHttpServer.BodyReader;
import dev.swipe.http.internal.JsonHttpServer.Connection;
import dev.swipe.http.internal.JsonHttpServer.Refusal;
import dev.swipe.http.internal.JsonHttpServer.Request;
import dev.swipe.http.internal.JsonHttpServer.Response;
import dev.swipe.http.internal.JsonHttpServer.Step;
import dev.swipe.http.internal.ServerCode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The HTTP side of the remote end: routes W3C requests, checks the caller (a bearer token when one
 * is set; a loopback Host header on a loopback address, against DNS rebinding), reads bounded JSON
 * bodies, and always answers with the specification's JSON ({@code {"value": ...}}, errors as
 * {@code {"value": {"error", "message", "stacktrace", "data"}}}), never with a stack trace. It runs
 * on swipe's own HTTP server, so even requests that server refuses before routing (a target that is
 * not a URI, a broken head, a body too large or too slow) get that error JSON.
 */
public final class RemoteEnd implements JsonHttpServer.Handler {

  /** The commands: method, path pattern ({@code {id}} is the session id). */
  @SuppressWarnings("ImmutableEnumChecker")
  // segments is filled in the constructor and only read after; the array never leaves the enum
  private enum Route {
    STATUS("GET", "status"),
    NEW_SESSION("POST", "session"),
    LIST_SESSIONS("GET", "sessions"),
    APPIUM_SESSIONS("GET", "appium/sessions"),
    DELETE_SESSION("DELETE", "session/{id}"),
    GET_TIMEOUTS("GET", "session/{id}/timeouts"),
    SET_TIMEOUTS("POST", "session/{id}/timeouts"),
    SCREENSHOT("GET", "session/{id}/screenshot"),
    WINDOW_RECT("GET", "session/{id}/window/rect"),
    PERFORM_ACTIONS("POST", "session/{id}/actions"),
    RELEASE_ACTIONS("DELETE", "session/{id}/actions"),
    EXECUTE("POST", "session/{id}/execute/sync"),
    BACK("POST", "session/{id}/back"),
    SOURCE("GET", "session/{id}/source"),
    PRESS_KEYCODE("POST", "session/{id}/appium/device/press_keycode"),
    LONG_PRESS_KEYCODE("POST", "session/{id}/appium/device/long_press_keycode");

    final String method;
    final String pattern;
    final String[] segments;

    Route(String method, String pattern) {
      this.method = method;
      this.pattern = pattern;
      this.segments = pattern.split("/");
    }

    /** The command as a person reads it, e.g. {@code POST /session/{id}/actions}. */
    String label() {
      return method + " /" + pattern;
    }

    /**
     * The session id when {@code path} has this route's shape, "" for a route without one, else
     * null.
     */
    @Nullable String match(String[] path) {
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

  private final List<SessionSlot> slots;
  private final IdentityHashMap<SessionSlot, Commands> commands = new IdentityHashMap<>();
  private final byte @Nullable [] token;
  private final boolean loopbackOnly;
  private final int maxRequestBytes;

  /**
   * @param slot the rig's session place
   * @param token the bearer token, or null for none
   * @param loopbackOnly whether the server is bound to a loopback address (Host must then be
   *     loopback)
   * @param maxRequestBytes the largest body accepted
   */
  public RemoteEnd(
      SessionSlot slot, @Nullable String token, boolean loopbackOnly, int maxRequestBytes) {
    this(List.of(slot), token, loopbackOnly, maxRequestBytes);
  }

  /**
   * A remote end for several rigs behind one port: a New Session goes to the first free rig whose
   * capabilities match, and every other command to the rig holding its session.
   *
   * @param slots the rigs' session places, in the order they are tried (at least one, names unique)
   * @param token the bearer token, or null for none
   * @param loopbackOnly whether the server is bound to a loopback address
   * @param maxRequestBytes the largest body accepted
   */
  public RemoteEnd(
      List<SessionSlot> slots, @Nullable String token, boolean loopbackOnly, int maxRequestBytes) {
    if (slots.isEmpty()) {
      throw new IllegalArgumentException("a remote end needs at least one rig");
    }
    this.slots = List.copyOf(slots);
    this.slots.forEach(s -> commands.put(s, new Commands(s)));
    this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
    this.loopbackOnly = loopbackOnly;
    this.maxRequestBytes = maxRequestBytes;
  }

  @Override
  public Step head(Request req, Connection connection) {
    String method = req.method().toUpperCase(Locale.ROOT);
    Route route;
    String id;
    try {
      checkHost(req);
      route = route(method, req.path());
      // route() answers only a route whose pattern matches the path
      id = Objects.requireNonNull(route.match(split(req.path())), "the matched route's id");
      if (route != Route.STATUS) {
        checkToken(req);
      }
      if (method.equals("POST")) {
        String type = req.header("content-type");
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
          throw W3cFailure.invalidArgument(
              "Content-Type",
              "send the parameters as JSON with Content-Type:" + " application/json");
        }
      }
    } catch (RuntimeException e) {
      return failed(e);
    }
    if (!method.equals("POST")) {
      return run(route, id, null, connection);
    }
    return (BodyReader)
        body -> {
          JsonNode json;
          try {
            json = Json.parse(body);
          } catch (RuntimeException e) {
            return failed(e);
          }
          return run(route, id, json, connection);
        };
  }

  /** The route of {@code method} and {@code path}, or unknown method / unknown command. */
  private static Route route(String method, String rawPath) {
    String[] path = split(rawPath);
    boolean pathKnown = false;
    for (Route r : Route.values()) {
      if (r.match(path) != null) {
        pathKnown = true;
        if (r.method.equals(method)) {
          return r;
        }
      }
    }
    if (pathKnown) {
      throw W3cFailure.of(
          W3cError.UNKNOWN_METHOD,
          RemoteEndCode.UNKNOWN_METHOD,
          null,
          method + " is not a method of " + Json.abbreviate(rawPath));
    }
    throw W3cFailure.of(
        W3cError.UNKNOWN_COMMAND,
        RemoteEndCode.UNKNOWN_COMMAND,
        null,
        "no command " + Json.abbreviate(method) + " " + Json.abbreviate(rawPath));
  }

  /**
   * Runs a routed command; a session command whose client leaves before the answer (the connection
   * closed or reset while it runs, or the answer cannot be delivered) ends its session, which
   * interrupts the command and releases the finger.
   */
  private Response run(Route route, String id, @Nullable JsonNode body, Connection connection) {
    RigSession[] session = new RigSession[1];
    SessionSlot[] slot = new SessionSlot[1];
    Response answer;
    try {
      answer = answer(200, envelope(respond(route, id, body, session, slot, connection)));
    } catch (RuntimeException e) {
      answer = failed(e);
    }
    RigSession s = session[0];
    SessionSlot rig = slot[0];
    if (s == null || rig == null) {
      return answer;
    }
    // the client went away before it got the answer: nobody drives this session any more
    return answer.onUndelivered(() -> rig.end(s, "the client disconnected during a command"));
  }

  /** The specification's error answer for a command that failed. */
  private static Response failed(RuntimeException e) {
    if (e instanceof W3cFailure f) {
      return answer(f.error().status(), error(f));
    }
    if (e instanceof Unauthorized) {
      return answer(
              401,
              error(
                  new W3cFailure(
                      W3cError.UNKNOWN_ERROR,
                      Unauthorized.MESSAGE,
                      Json.MAPPER.createObjectNode().put("code", ServerCode.UNAUTHORIZED.id()))))
          .withHeader("WWW-Authenticate", "Bearer");
    }
    return answer(
        500,
        error(
            new W3cFailure(
                W3cError.UNKNOWN_ERROR,
                "the remote end failed: " + e.getClass().getSimpleName(),
                Json.MAPPER.createObjectNode().put("code", CommonCode.INTERNAL.id()))));
  }

  /**
   * What the HTTP layer refuses itself, in the specification's shape: a request that is not
   * well-formed HTTP, too large or too slow is {@code invalid argument} (400) with the transport's
   * code in {@code data.code}; too many connections and a failure of the remote end are {@code
   * unknown error} (500, the table's status).
   */
  @Override
  public Response refused(Refusal r) {
    W3cFailure f =
        switch (r.code()) {
          case REQUEST_TOO_LARGE ->
              W3cFailure.invalidArgument("body", "exceeds " + maxRequestBytes + " bytes");
          case TOO_MANY_CONNECTIONS, INTERNAL ->
              W3cFailure.withDetails(
                  W3cError.UNKNOWN_ERROR, r.code().id(), r.message(), r.details());
          default ->
              W3cFailure.withDetails(
                  W3cError.INVALID_ARGUMENT, r.code().id(), r.message(), r.details());
        };
    return answer(f.error().status(), error(f));
  }

  @Override
  public void closed(Connection connection) {
    // sessions outlive connections: a client may reconnect for its next command
  }

  private JsonNode respond(
      Route route,
      String id,
      @Nullable JsonNode body,
      RigSession[] session,
      SessionSlot[] entered,
      Connection connection) {
    switch (route) {
      case STATUS -> {
        return status();
      }
      case LIST_SESSIONS, APPIUM_SESSIONS -> {
        ArrayNode all = Json.MAPPER.createArrayNode();
        slots.forEach(r -> all.addAll(r.sessions()));
        return all;
      }
      case NEW_SESSION -> {
        RigSession s = create(posted(body));
        ObjectNode v = Json.MAPPER.createObjectNode();
        v.put("sessionId", s.id());
        v.set("capabilities", s.capabilities());
        return v;
      }
      default -> {
        // a session command
      }
    }
    SessionSlot slot = slotOf(id);
    // the constructor gave every slot its commands
    Commands commands = Objects.requireNonNull(this.commands.get(slot), "the rig's commands");
    RigSession s = slot.enter(id);
    session[0] = s;
    entered[0] = slot;
    if (route != Route.DELETE_SESSION) {
      // nobody waits for the answer any more: end the session now, not when the command is over
      connection.onDisconnect(
          () -> slot.end(s, "the client disconnected during a command (" + route.label() + ")"));
    }
    try {
      return switch (route) {
        case DELETE_SESSION -> {
          slot.end(s, "deleted by the client");
          yield NullNode.getInstance();
        }
        case GET_TIMEOUTS -> commands.timeouts(s);
        case SET_TIMEOUTS -> commands.setTimeouts(s, posted(body));
        case SCREENSHOT -> commands.screenshot(s);
        case WINDOW_RECT -> commands.windowRect(s);
        case PERFORM_ACTIONS -> commands.performActions(s, posted(body));
        case RELEASE_ACTIONS -> commands.releaseActions(s);
        case EXECUTE -> commands.execute(s, posted(body));
        case BACK -> commands.back(s);
        case SOURCE -> commands.source(s);
        case PRESS_KEYCODE -> commands.pressKey(s, posted(body), false);
        case LONG_PRESS_KEYCODE -> commands.pressKey(s, posted(body), true);
        default -> throw new IllegalStateException(route.name());
      };
    } finally {
      s.exit();
    }
  }

  /**
   * The body of a POST command: {@link #head} reads one (an empty body is {@code {}}) for every
   * POST, and only POST commands have parameters.
   */
  private static JsonNode posted(@Nullable JsonNode body) {
    return Objects.requireNonNull(body, "a POST command's body");
  }

  /** The rig that holds or held session {@code id}; with one rig, that rig. */
  private SessionSlot slotOf(String id) {
    if (slots.size() == 1) {
      return slots.get(0);
    }
    for (SessionSlot r : slots) {
      if (r.knows(id)) {
        return r;
      }
    }
    throw W3cFailure.of(
        W3cError.INVALID_SESSION_ID,
        RemoteEndCode.INVALID_SESSION_ID,
        null,
        "no session " + Json.abbreviate(id) + " on rigs " + names(slots));
  }

  /**
   * New Session: with one rig, that rig's answer; with several, the first rig in order that matches
   * the capabilities and is free. When every rig that matches is busy (or broken), the answer is
   * the one a busy (or broken) rig gives; when none matches, {@code session not created} naming
   * each rig's reasons.
   */
  private RigSession create(JsonNode body) {
    if (slots.size() == 1) {
      return slots.get(0).create(body);
    }
    List<String> reasons = new ArrayList<>();
    List<SessionSlot> busy = new ArrayList<>();
    W3cFailure broken = null;
    for (SessionSlot r : slots) {
      String why = r.mismatch(body);
      if (why != null) {
        reasons.add(why);
        continue;
      }
      try {
        return r.create(body);
      } catch (W3cFailure f) {
        String code = f.data().path("code").asText("");
        if (code.equals(RemoteEndCode.RIG_BUSY.id())) {
          busy.add(r);
        } else if (code.equals(RemoteEndCode.RIG_FAULT.id())
            || code.equals(RemoteEndCode.RIG_STOPPING.id())) {
          broken = f;
        } else if (code.equals(RemoteEndCode.NO_MATCHING_CAPABILITIES.id())) {
          reasons.add(f.getMessage());
        } else {
          throw f;
        }
      }
    }
    if (!busy.isEmpty()) {
      throw W3cFailure.of(
          W3cError.SESSION_NOT_CREATED,
          RemoteEndCode.RIG_BUSY,
          null,
          "every rig that matches is busy with another session ("
              + names(busy)
              + "); a rig is one phone");
    }
    if (broken != null) {
      throw broken;
    }
    ObjectNode data = Json.MAPPER.createObjectNode();
    data.put("code", RemoteEndCode.NO_MATCHING_CAPABILITIES.id());
    ArrayNode r = data.putArray("reasons");
    reasons.forEach(r::add);
    throw new W3cFailure(
        W3cError.SESSION_NOT_CREATED, "no rig matches: " + String.join("; ", reasons), data);
  }

  /**
   * {@code GET /status}: with one rig, that rig's; with several, {@code ready} while at least one
   * rig is free and not broken, and {@code swipe.rigs} listing each rig.
   */
  private JsonNode status() {
    if (slots.size() == 1) {
      return slots.get(0).status();
    }
    ArrayNode rigs = Json.MAPPER.createArrayNode();
    int ready = 0;
    int busy = 0;
    int broken = 0;
    for (SessionSlot r : slots) {
      ObjectNode o = r.rigStatus();
      rigs.add(o);
      ready += o.path("ready").asBoolean() ? 1 : 0;
      busy += o.path("busy").asBoolean() ? 1 : 0;
      broken += o.path("fault").isNull() ? 0 : 1;
    }
    ObjectNode v = Json.MAPPER.createObjectNode();
    v.put("ready", ready > 0);
    v.put(
        "message",
        ready
            + " of "
            + slots.size()
            + " rigs ready ("
            + busy
            + " busy, "
            + broken
            + " broken): "
            + names(slots));
    ObjectNode swipe = v.putObject("swipe");
    swipe.put("sessionActive", busy > 0);
    if (broken == slots.size()) {
      swipe.put("fault", "every rig is broken");
    } else {
      swipe.putNull("fault");
    }
    swipe.set("rigs", rigs);
    return v;
  }

  private static String names(List<SessionSlot> rigs) {
    StringBuilder b = new StringBuilder();
    for (SessionSlot r : rigs) {
      b.append(b.length() == 0 ? "" : ", ").append(r.rig().name());
    }
    return b.toString();
  }

  /**
   * The path's segments after its one leading slash ({@code //session} is not {@code /session}).
   */
  private static String[] split(String rawPath) {
    String p = rawPath.startsWith("/") ? rawPath.substring(1) : rawPath;
    return p.isEmpty() ? new String[0] : p.split("/", -1);
  }

  /**
   * On a loopback address only loopback Host names are served, so a rebinding page gets nothing,
   * and a request a web page sent (it carries an Origin) only from a loopback page.
   */
  private void checkHost(Request req) {
    if (!loopbackOnly) {
      return;
    }
    String host = req.header("host");
    if (host != null && !isLoopback(HostPort.parse(host))) {
      throw W3cFailure.invalidArgument(
          "Host",
          "this rig serves loopback clients only; Host was '" + Json.abbreviate(host) + "'");
    }
    String origin = req.header("origin");
    if (origin != null && !isLoopback(HostPort.ofOrigin(origin))) {
      throw W3cFailure.invalidArgument(
          "Origin",
          "this rig serves no web page but a loopback one; Origin was '"
              + Json.abbreviate(origin)
              + "'");
    }
  }

  private static boolean isLoopback(@Nullable HostPort h) {
    return h != null && h.isLoopback();
  }

  private void checkToken(Request req) {
    if (token == null) {
      return;
    }
    String h = req.header("authorization");
    boolean ok =
        h != null
            && h.regionMatches(true, 0, "Bearer ", 0, 7)
            && MessageDigest.isEqual(
                token, h.substring(7).strip().getBytes(StandardCharsets.UTF_8));
    if (!ok) {
      throw new Unauthorized();
    }
  }

  /** A request without the bearer token: 401, with an error body clients can decode. */
  private static final class Unauthorized extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final String MESSAGE = "a bearer token is required: Authorization: Bearer <token>";

    Unauthorized() {
      super(MESSAGE, null, false, false);
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

  private static Response answer(int status, JsonNode body) {
    return Response.of(status, Json.bytes(body));
  }
}

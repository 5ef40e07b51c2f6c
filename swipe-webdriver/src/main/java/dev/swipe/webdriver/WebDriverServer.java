package dev.swipe.webdriver;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.http.internal.JsonHttpServer;
import dev.swipe.webdriver.internal.Capabilities;
import dev.swipe.webdriver.internal.RemoteEnd;
import dev.swipe.webdriver.internal.SessionSlot;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A rig as a W3C WebDriver remote end, so Appium and Selenium clients, and Selenium Grid through a
 * relay node, drive it like any device host.
 *
 * <pre>{@code
 * try (Device phone = Device.open("sim:");
 *      WebDriverServer rig = WebDriverServer.builder(phone).rigName("rig-a").start()) {
 *   // clients connect to rig.uri(): POST /session with platformName android and
 *   // appium:automationName Swipe or UiAutomator2 (Appium's default options)
 * }
 * }</pre>
 *
 * <p>Commands: {@code GET /status}; {@code POST /session} and {@code DELETE /session/{id}}; {@code
 * GET /sessions} (also {@code /appium/sessions}); {@code GET|POST /session/{id}/timeouts}; {@code
 * GET /session/{id}/screenshot} (base64 PNG); {@code GET /session/{id}/window/rect} (the
 * screenshot's size: screenshot pixels are pointer coordinates); {@code POST|DELETE
 * /session/{id}/actions} (one touch pointer and the HID keyboard, played as the device's gestures);
 * {@code POST /session/{id}/back} (Android's Back key); Appium's {@code POST
 * /session/{id}/appium/device/press_keycode} and {@code long_press_keycode} (Android key codes as
 * HID keys); {@code GET /session/{id}/source} (the text read on the screen as XML, when the device
 * has a text reader: there is no accessibility tree); {@code POST /session/{id}/execute/sync} with
 * {@code mobile:} gesture methods, {@code mobile: pressKey} and {@code mobile: type}, and the
 * tools' {@code swipe:} methods (a tool's error is a W3C error carrying its code in {@code
 * data.code}). Everything else is {@code unknown command}; errors are the specification's JSON and
 * statuses.
 *
 * <p>Several phones may share one server, one port and one Grid relay node ({@link
 * Builder#rig(String, Device, String)}): a New Session goes to the first free rig that matches, and
 * each command to its session's rig; {@code GET /status} is ready while one rig is free and lists
 * every rig ({@code swipe.rigs}), and {@link #relayConfig()} is the relay node's TOML for them.
 *
 * <p>A rig holds one session at a time (it is one phone). The session ends on delete, after its
 * idle timeout ({@code appium:newCommandTimeout}; a Grid never deletes a relayed session itself),
 * when its client disconnects during a command, or when the rig faults; the finger is then released
 * and the session's run closed. The server binds loopback by default; any other address needs a
 * bearer token. Closing the server ends the session but not the device.
 *
 * <p>Every answer is the specification's JSON, also for what is not a command at all (a target that
 * is not a URI, a broken request head, a body too large, a client that stalls mid-request): the
 * remote end runs on swipe's own HTTP server, which hands those to it instead of answering with an
 * HTML page. A request must arrive whole within 20 s, a kept-alive connection is closed after 30 s
 * idle, and at most 128 connections are open (off loopback at most 32 from one client address); at
 * a bound the longest-idle connection is closed to make room. A client that closes or resets its
 * connection while a command runs ends its session at once: the command is interrupted and the
 * finger released.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class WebDriverServer implements AutoCloseable {
  /** Default port, Appium's. */
  public static final int DEFAULT_PORT = 4723;

  /** Default idle timeout of a session, Appium's {@code newCommandTimeout} default. */
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);

  /** Default longest idle timeout a session may ask for. */
  public static final Duration DEFAULT_MAX_IDLE_TIMEOUT = Duration.ofHours(1);

  /**
   * Default largest request body: room for two base64 screenshots in a {@code swipe: imageDiff}.
   */
  public static final int DEFAULT_MAX_REQUEST_BYTES = 16 * 1024 * 1024;

  /** Default time for a whole request (head and body) to arrive. */
  static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(20);

  /** Time a kept-alive connection waits for its next request. */
  static final Duration IDLE_CONNECTION_TIMEOUT = Duration.ofSeconds(30);

  /** Most open connections in all. */
  static final int MAX_CONNECTIONS = 128;

  /** Most open connections from one client address (not counted on loopback). */
  static final int MAX_CONNECTIONS_PER_CLIENT = 32;

  private final JsonHttpServer http;
  private final List<SessionSlot> slots = new ArrayList<>();

  private WebDriverServer(Builder b) throws IOException {
    List<RigSpec> rigs = new ArrayList<>();
    rigs.add(new RigSpec(b.rigName, b.phone, b.platformName));
    rigs.addAll(b.more);
    for (RigSpec r : rigs) {
      slots.add(
          new SessionSlot(
              r.phone(),
              b.tools.forRig(r.name()),
              new Capabilities.Rig(
                  r.name(),
                  r.platformName(),
                  b.idleTimeout,
                  b.maxIdleTimeout,
                  screenOf(r.phone()),
                  pointerOf(r.phone()))));
    }
    RemoteEnd remoteEnd =
        new RemoteEnd(
            slots, b.token, b.address.getAddress().isLoopbackAddress(), b.maxRequestBytes);
    try {
      this.http =
          new JsonHttpServer(
              "swipe-webdriver-http",
              b.address,
              new JsonHttpServer.Limits(
                  b.maxRequestBytes,
                  b.requestTimeout,
                  IDLE_CONNECTION_TIMEOUT,
                  MAX_CONNECTIONS,
                  MAX_CONNECTIONS_PER_CLIENT),
              remoteEnd);
    } catch (IOException e) {
      slots.forEach(SessionSlot::close);
      throw e;
    }
  }

  /** A rig given to the builder. */
  private record RigSpec(String name, Device phone, String platformName) {}

  /** The phone's screen size from one look, or null when it cannot look now (learned later). */
  private static @Nullable String screenOf(Device phone) {
    try {
      Observation o = phone.screenshot();
      return o.width() + "x" + o.height();
    } catch (RuntimeException e) {
      return null; // the first session's screenshot tells it
    }
  }

  /** The HID link's pointer ({@code touch}, {@code abs}, {@code rel}), or null. */
  private static @Nullable String pointerOf(Device phone) {
    try {
      return phone.rig().capabilities().activePointer().id();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The rigs' names, in the order a New Session tries them. */
  public List<String> rigNames() {
    return slots.stream().map(s -> s.rig().name()).toList();
  }

  /**
   * The capabilities a Grid relay node offers for rig {@code name} (its stereotype): {@code
   * platformName}, {@code appium:automationName} {@code Swipe}, {@code swipe:rig}, and, when known,
   * {@code swipe:screen} (the screenshot's size, e.g. {@code 1080x2400}) and {@code swipe:pointer}
   * (the HID link's pointer: {@code touch}, {@code abs} or {@code rel}); the rig matches each of
   * them in a New Session. As compact JSON.
   *
   * @throws SwipeException {@code invalid_argument} ({@code rig}) for a name that is not one of
   *     {@link #rigNames()}
   */
  public String stereotype(String name) {
    for (SessionSlot s : slots) {
      if (s.rig().name().equals(name)) {
        return s.rig().stereotype().toString();
      }
    }
    throw SwipeException.invalidArgument("rig", "no rig " + name + " here; rigs: " + rigNames());
  }

  /**
   * The {@code [relay]} section of a Selenium Grid node's TOML that relays to this server: its
   * {@link #uri()}, {@code /status}, and one slot per rig with the rig's {@link #stereotype}, so
   * one relay node serves every rig of this process.
   */
  public String relayConfig() {
    StringBuilder b = new StringBuilder();
    b.append("[relay]\n")
        .append("url = \"")
        .append(uri())
        .append("\"\n")
        .append("status-endpoint = \"/status\"\n")
        .append("protocol-version = \"HTTP/1.1\"\n")
        .append("configs = [\n");
    for (int i = 0; i < slots.size(); i++) {
      String json = slots.get(i).rig().stereotype().toString();
      b.append("  \"1\", \"")
          .append(json.replace("\\", "\\\\").replace("\"", "\\\""))
          .append('"')
          .append(i + 1 < slots.size() ? "," : "")
          .append('\n');
    }
    return b.append("]\n").toString();
  }

  /** A builder for a remote end over {@code phone}. */
  public static Builder builder(Device phone) {
    return new Builder(phone);
  }

  /** The bound address (with the real port when port 0 was asked for). */
  public InetSocketAddress address() {
    return http.address();
  }

  /** The base URI clients connect to, e.g. {@code http://127.0.0.1:4723}. */
  public URI uri() {
    InetSocketAddress a = address();
    String host = a.getAddress().getHostAddress();
    return URI.create(
        "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort());
  }

  /** Ends the session (releasing the finger) and stops listening; the device stays open. */
  @Override
  public void close() {
    slots.forEach(SessionSlot::close);
    http.close();
  }

  /**
   * Configures and starts a {@link WebDriverServer}. Its parts, the address, the bearer token and
   * the session tools, are set once: a second set fails with {@code invalid_argument} naming {@code
   * address}, {@code token} or {@code tools}. The names, timeouts and limits take the last value
   * given.
   */
  public static final class Builder {
    private final Device phone;

    @SuppressWarnings("AddressSelection")
    // a literal IPv4 loopback address: parsed, never looked up, so there is no choice to make
    private InetSocketAddress address = new InetSocketAddress("127.0.0.1", DEFAULT_PORT);

    private @Nullable String token;
    private String rigName = "rig";
    private String platformName = "android";
    private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
    private Duration maxIdleTimeout = DEFAULT_MAX_IDLE_TIMEOUT;
    private int maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private SessionTools.Factory tools = SessionTools.none();
    private final List<RigSpec> more = new ArrayList<>();
    private boolean addressSet;
    private boolean tokenSet;
    private boolean toolsSet;

    private Builder(Device phone) {
      this.phone = SwipeException.requireArgument(phone, "phone");
    }

    /** Where to listen (default 127.0.0.1:4723; port 0 picks a free port). */
    public Builder address(InetSocketAddress address) {
      SwipeException.requireArgument(address, "address");
      SwipeException.requireNotSet(addressSet, "address");
      this.addressSet = true;
      this.address = address;
      return this;
    }

    /**
     * The bearer token clients must send; required on non-loopback addresses. Null or blank is
     * none.
     */
    public Builder token(@Nullable String token) {
      SwipeException.requireNotSet(tokenSet, "token");
      this.tokenSet = true;
      this.token = token == null || token.isBlank() ? null : token;
      return this;
    }

    /** The rig's name, matched by the {@code swipe:rig} capability (default {@code rig}). */
    public Builder rigName(String name) {
      this.rigName = rigNameOf(name);
      return this;
    }

    /** The platform the phone is, matched by {@code platformName} (default {@code android}). */
    public Builder platformName(String name) {
      this.platformName = platform(name);
      return this;
    }

    /**
     * Adds another rig behind the same port: one process, one port and one Grid relay node for
     * several phones. The phone given to {@link WebDriverServer#builder(Device)} is the first rig
     * ({@link #rigName}, {@link #platformName}); each call adds one more, tried in this order. A
     * New Session goes to the first free rig whose capabilities match ({@code platformName}, {@code
     * swipe:rig}, {@code swipe:screen}, {@code swipe:pointer}, ...); every later command of the
     * session to that rig. Each rig holds one session, with its own idle timeout, run and trace;
     * the timeouts, limits and tools are the server's.
     *
     * @param name the rig's name, matched by {@code swipe:rig}; unique in the server
     * @param phone the rig's device (the server never closes it)
     * @param platformName the platform it is, e.g. {@code android} or {@code ios}
     * @throws SwipeException {@code invalid_argument} naming {@code rig}, {@code phone} or {@code
     *     platform_name}
     */
    public Builder rig(String name, Device phone, String platformName) {
      String n = rigNameOf(name);
      SwipeException.requireArgument(phone, "phone");
      String p = platform(platformName);
      more.add(new RigSpec(n, phone, p));
      return this;
    }

    private static String platform(String name) {
      if (name == null || !name.matches("[A-Za-z][A-Za-z0-9]{0,31}")) {
        throw SwipeException.invalidArgument(
            "platform_name", "must be a word such as android or ios, was " + name);
      }
      return name;
    }

    private static String rigNameOf(String name) {
      if (name == null || !Capabilities.RIG_NAME.matcher(name).matches()) {
        throw SwipeException.invalidArgument(
            "rig", "must be 1-64 of A-Z a-z 0-9 . _ -, was " + name);
      }
      return name;
    }

    /** Idle timeout of a session that does not ask for one (default 60 s). */
    public Builder idleTimeout(Duration timeout) {
      this.idleTimeout = positive(timeout, "idle_timeout");
      return this;
    }

    /**
     * The longest idle timeout a session may ask for, and what {@code newCommandTimeout} 0 gets
     * (default 1 h).
     */
    public Builder maxIdleTimeout(Duration timeout) {
      this.maxIdleTimeout = positive(timeout, "max_idle_timeout");
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
     * How long a whole request may take to arrive (tests shorten it to see stalled clients
     * refused).
     */
    Builder requestTimeout(Duration timeout) {
      this.requestTimeout = positive(timeout, "request_timeout");
      return this;
    }

    /**
     * Opens each session's run and tools (default: a run without tools, so no {@code swipe:}
     * methods).
     */
    public Builder tools(SessionTools.Factory tools) {
      SwipeException.requireArgument(tools, "tools");
      SwipeException.requireNotSet(toolsSet, "tools");
      this.toolsSet = true;
      this.tools = tools;
      return this;
    }

    private static Duration positive(Duration d, String field) {
      SwipeException.requireArgument(d, field);
      if (d.isNegative() || d.isZero() || d.compareTo(Duration.ofDays(1)) > 0) {
        throw SwipeException.invalidArgument(field, "must be in (0, 1 day], was " + d);
      }
      return d;
    }

    /**
     * Binds and starts serving.
     *
     * @throws SwipeException {@code invalid_argument} for a non-loopback address without a token,
     *     an idle timeout above the maximum, or an address that cannot be bound
     */
    public WebDriverServer start() {
      if (address.isUnresolved()) {
        throw SwipeException.invalidArgument(
            "address", "cannot resolve host '" + address.getHostString() + "'");
      }
      if (!address.getAddress().isLoopbackAddress() && token == null) {
        throw SwipeException.invalidArgument(
            "token",
            "a bearer token is required to serve on "
                + address.getAddress().getHostAddress()
                + " (not loopback)");
      }
      Set<String> names = new HashSet<>();
      Set<Device> phones = Collections.newSetFromMap(new IdentityHashMap<>());
      names.add(rigName.toLowerCase(Locale.ROOT));
      phones.add(phone);
      for (RigSpec r : more) {
        if (!names.add(r.name().toLowerCase(Locale.ROOT))) {
          throw SwipeException.invalidArgument(
              "rig", "rig " + r.name() + " is given twice; each rig needs its own name");
        }
        if (!phones.add(r.phone())) {
          throw SwipeException.invalidArgument(
              "phone", "rig " + r.name() + "'s phone is another rig's; a rig is one phone");
        }
      }
      if (idleTimeout.compareTo(maxIdleTimeout) > 0) {
        throw SwipeException.invalidArgument(
            "idle_timeout",
            "must not exceed the maximum " + maxIdleTimeout + ", was " + idleTimeout);
      }
      try {
        return new WebDriverServer(this);
      } catch (IOException e) {
        throw SwipeException.invalidArgument(
            "address", "cannot listen on " + address + ": " + e.getMessage());
      }
    }
  }
}

package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * W3C capability processing for a rig: validates {@code alwaysMatch} and every {@code firstMatch}
 * entry (unfolding Appium's {@code appium:options} object into {@code appium:} capabilities),
 * merges them, and returns the first merged set this rig matches ({@code platformName}, {@code
 * appium:automationName} {@code Swipe} or the platform's Appium driver, {@code swipe:rig}, no
 * browser). Appium's default options ({@code UiAutomator2Options}, {@code XCUITestOptions}) are
 * served rather than refused, because that is what an Appium user tries first. One rule for what a
 * rig cannot honour: a capability that decides which rig may serve the request (platform,
 * automation, rig, browser) is matched or refused; any other the rig does not act on is accepted,
 * named in {@code swipe:ignoredCapabilities} with a note on what the rig does instead, and never
 * echoed: the session's capabilities hold only what the rig is and does. Malformed or
 * self-contradictory input is {@code invalid argument}; well-formed input that no set of which
 * matches is {@code session not created}.
 */
public final class Capabilities {
  /** The automation name a rig answers to. */
  static final String AUTOMATION_NAME = "Swipe";

  /** The capability that pins a session to one rig. */
  static final String RIG = "swipe:rig";

  /** The capability that asks for a screen size, {@code WIDTHxHEIGHT} in screenshot pixels. */
  static final String SCREEN = "swipe:screen";

  /** The capability that asks for a pointer kind: {@code touch}, {@code abs} or {@code rel}. */
  static final String POINTER = "swipe:pointer";

  private static final Pattern SCREEN_SIZE = Pattern.compile("[1-9][0-9]{0,5}x[1-9][0-9]{0,5}");

  private static final List<String> POINTER_KINDS = List.of("touch", "abs", "rel");

  /** Appium's object of unprefixed capabilities, read as {@code appium:} ones. */
  static final String APPIUM_OPTIONS = "appium:options";

  /** The answer's list of asked-for capabilities the rig does not act on. */
  static final String IGNORED = "swipe:ignoredCapabilities";

  /** The answer's notes: capability name to what the rig does with it. */
  static final String NOTES = "swipe:notes";

  /**
   * Appium drivers whose sessions a rig serves, by the platform they drive: their users' default
   * options carry these names, and a rig does what it can of such a session.
   */
  private static final Map<String, String> APPIUM_DRIVERS =
      Map.of("uiautomator2", "android", "xcuitest", "ios");

  /** Capabilities the rig acts on, whatever else was asked. */
  private static final Set<String> HONOURED =
      Set.of(
          "platformName",
          "appium:automationName",
          RIG,
          SCREEN,
          POINTER,
          "appium:newCommandTimeout",
          "timeouts");

  /**
   * Standard capabilities a rig matches only when they ask for nothing (no browser, no window rect,
   * no BiDi, no proxy): a request that asks for more is not matched, so they are never ignored.
   */
  private static final Set<String> REFUSED_UNLESS_EMPTY =
      Set.of("browserName", "browserVersion", "setWindowRect", "webSocketUrl", "proxy");

  /** The standard capability names; inside {@code appium:options} they keep their own name. */
  private static final Set<String> STANDARD =
      Set.of(
          "acceptInsecureCerts",
          "browserName",
          "browserVersion",
          "platformName",
          "pageLoadStrategy",
          "proxy",
          "setWindowRect",
          "strictFileInteractability",
          "timeouts",
          "unhandledPromptBehavior",
          "webSocketUrl");

  private static final String INSTALLS_NOTHING =
      "the rig installs and launches nothing: open the app on the phone before the session";

  private static final String RESETS_NOTHING =
      "the rig changes nothing on the phone but what HID input does";

  private static final String NOT_USED =
      "not used: a rig drives the phone with HID input and screen capture only";

  /** Why well-known Appium capabilities are not acted on. */
  private static final Map<String, String> WHY_IGNORED =
      Map.ofEntries(
          Map.entry("appium:app", INSTALLS_NOTHING),
          Map.entry("appium:appPackage", INSTALLS_NOTHING),
          Map.entry("appium:appActivity", INSTALLS_NOTHING),
          Map.entry("appium:appWaitActivity", INSTALLS_NOTHING),
          Map.entry("appium:bundleId", INSTALLS_NOTHING),
          Map.entry("appium:otherApps", INSTALLS_NOTHING),
          Map.entry("appium:noReset", RESETS_NOTHING),
          Map.entry("appium:fullReset", RESETS_NOTHING),
          Map.entry("appium:autoGrantPermissions", RESETS_NOTHING),
          Map.entry(
              "appium:udid", "a rig is one phone, reached over HID; pin a rig with swipe:rig"),
          Map.entry(
              "appium:deviceName",
              "a rig is one phone and reports its rig name as appium:deviceName; pin a rig with"
                  + " swipe:rig"),
          Map.entry(
              "appium:platformVersion",
              "not checked: the rig sees the screen, not the phone's OS version"));

  /** What a rig name may look like. */
  public static final Pattern RIG_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  private static final List<String> TIMEOUT_KEYS = List.of("script", "pageLoad", "implicit");

  /**
   * What the rig is, for matching.
   *
   * @param name the rig name ({@code swipe:rig})
   * @param platformName the platform it answers to, e.g. {@code android}
   * @param defaultIdle the idle timeout without {@code appium:newCommandTimeout}
   * @param maxIdle the longest idle timeout a session may ask for (and what 0 means)
   * @param screen the screen's size in screenshot pixels ({@code swipe:screen}, e.g. {@code
   *     1080x2400}), or null while it is not known
   * @param pointer the HID link's pointer ({@code swipe:pointer}: {@code touch}, {@code abs} or
   *     {@code rel}), or null when the device has no HID link to ask
   */
  public record Rig(
      String name,
      String platformName,
      Duration defaultIdle,
      Duration maxIdle,
      @Nullable String screen,
      @Nullable String pointer) {
    /** A rig whose screen and pointer are not known. */
    public Rig(String name, String platformName, Duration defaultIdle, Duration maxIdle) {
      this(name, platformName, defaultIdle, maxIdle, null, null);
    }

    /** This rig with its screen size known. */
    public Rig withScreen(int width, int height) {
      return new Rig(name, platformName, defaultIdle, maxIdle, width + "x" + height, pointer);
    }

    /**
     * The capabilities a Grid's relay node offers for this rig (its stereotype): {@code
     * platformName}, {@code appium:automationName} {@code Swipe}, {@code swipe:rig}, and {@code
     * swipe:screen} and {@code swipe:pointer} when known. The rig matches each of them.
     */
    public ObjectNode stereotype() {
      ObjectNode o = Json.MAPPER.createObjectNode();
      o.put("platformName", platformName.toLowerCase(Locale.ROOT));
      o.put("appium:automationName", AUTOMATION_NAME);
      o.put(RIG, name);
      if (screen != null) {
        o.put(SCREEN, screen);
      }
      if (pointer != null) {
        o.put(POINTER, pointer);
      }
      return o;
    }
  }

  /**
   * A matched capability set.
   *
   * @param capabilities what the new session reports back
   * @param idleTimeout how long the session may go without a command
   * @param timeouts the session's timeouts
   */
  record Matched(ObjectNode capabilities, Duration idleTimeout, Timeouts timeouts) {}

  private Capabilities() {}

  /** Processes a New Session body against a rig. */
  static Matched process(JsonNode body, Rig rig) {
    return process(body, rig, Set.of());
  }

  /**
   * Processes a New Session body against a rig whose sessions also act on {@code extensions}
   * ({@code swipe:} capabilities with string values that the session's tools take, see {@link
   * dev.swipe.webdriver.SessionTools.Factory#capabilities()}).
   */
  static Matched process(JsonNode body, Rig rig, Set<String> extensions) {
    ObjectNode params = Json.object(body, "body");
    JsonNode request = params.get("capabilities");
    if (request == null || !request.isObject()) {
      throw W3cFailure.invalidArgument(
          "capabilities",
          "must be a JSON object with alwaysMatch and/or firstMatch, was "
              + Json.kind(request)
              + (params.has("desiredCapabilities") ? " (desiredCapabilities is not W3C)" : ""));
    }
    JsonNode always = request.get("alwaysMatch");
    ObjectNode alwaysMatch =
        always == null || always.isNull()
            ? Json.MAPPER.createObjectNode()
            : validate(
                Json.object(always, "capabilities.alwaysMatch"),
                "capabilities.alwaysMatch",
                extensions);
    JsonNode first = request.get("firstMatch");
    List<ObjectNode> firstMatch = new ArrayList<>();
    if (first == null || first.isNull()) {
      firstMatch.add(Json.MAPPER.createObjectNode());
    } else {
      if (!first.isArray() || first.isEmpty()) {
        throw W3cFailure.invalidArgument(
            "capabilities.firstMatch", "must be a non-empty array of objects");
      }
      if (first.size() > 64) {
        throw W3cFailure.invalidArgument("capabilities.firstMatch", "has more than 64 entries");
      }
      for (int i = 0; i < first.size(); i++) {
        String field = "capabilities.firstMatch[" + i + "]";
        firstMatch.add(validate(Json.object(first.get(i), field), field, extensions));
      }
    }
    List<ObjectNode> merged = new ArrayList<>();
    for (int i = 0; i < firstMatch.size(); i++) {
      ObjectNode m = alwaysMatch.deepCopy();
      Iterator<Map.Entry<String, JsonNode>> it = firstMatch.get(i).properties().iterator();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        if (m.has(e.getKey())) {
          throw W3cFailure.invalidArgument(
              "capabilities.firstMatch[" + i + "]." + e.getKey(),
              "is also in alwaysMatch; a capability may be in only one of them");
        }
        m.set(e.getKey(), e.getValue());
      }
      merged.add(m);
    }
    List<String> reasons = new ArrayList<>();
    for (ObjectNode m : merged) {
      String reason = mismatch(m, rig);
      if (reason == null) {
        return matched(m, rig, extensions);
      }
      reasons.add(reason);
    }
    ObjectNode data = Json.MAPPER.createObjectNode();
    data.put("code", RemoteEndCode.NO_MATCHING_CAPABILITIES.id());
    ArrayNode r = data.putArray("reasons");
    reasons.forEach(r::add);
    throw new W3cFailure(
        W3cError.SESSION_NOT_CREATED,
        "no capability set matches rig " + rig.name() + ": " + String.join("; ", reasons),
        data);
  }

  /**
   * Checks the types of one capability object; drops nulls and unknown non-extension names, and
   * unfolds {@code appium:options}.
   */
  private static ObjectNode validate(ObjectNode given, String field, Set<String> extensions) {
    Map<String, String> fields = new LinkedHashMap<>();
    ObjectNode caps = unfold(given, field, fields);
    ObjectNode out = Json.MAPPER.createObjectNode();
    Iterator<Map.Entry<String, JsonNode>> it = caps.properties().iterator();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = e.getKey();
      JsonNode v = e.getValue();
      // unfold records where each capability it returns was given
      String f = Objects.requireNonNull(fields.get(name), "where the capability was given");
      if (v.isNull()) {
        continue;
      }
      switch (name) {
        case "acceptInsecureCerts", "strictFileInteractability", "setWindowRect", "webSocketUrl" ->
            Json.optBoolean(caps, name, f);
        case "browserName", "browserVersion", "platformName" -> Json.optString(caps, name, f);
        case "pageLoadStrategy" -> {
          String s = Json.string(caps, name, f);
          if (!List.of("none", "eager", "normal").contains(s)) {
            throw W3cFailure.invalidArgument(f, "must be none, eager or normal, was '" + s + "'");
          }
        }
        case "proxy" -> Json.object(v, f);
        case "unhandledPromptBehavior" -> {
          if (!v.isTextual() && !v.isObject()) {
            throw W3cFailure.invalidArgument(
                f, "must be a string or an object, was " + Json.kind(v));
          }
        }
        case "timeouts" -> Timeouts.DEFAULT.with(Json.object(v, f), f);
        case "appium:automationName",
            "appium:deviceName",
            "appium:platformVersion",
            "appium:udid" ->
            Json.optString(caps, name, f);
        case "appium:newCommandTimeout" -> {
          double d = Json.number(caps, name, f);
          if (d < 0) {
            throw W3cFailure.invalidArgument(f, "must not be negative, was " + d);
          }
        }
        case RIG -> {
          String s = Json.string(caps, name, f);
          if (!RIG_NAME.matcher(s).matches()) {
            throw W3cFailure.invalidArgument(
                f, "must be 1-64 of A-Z a-z 0-9 . _ -, was '" + Json.abbreviate(s) + "'");
          }
        }
        case SCREEN -> {
          String s = Json.string(caps, name, f);
          if (!SCREEN_SIZE.matcher(s).matches()) {
            throw W3cFailure.invalidArgument(
                f,
                "must be WIDTHxHEIGHT in pixels, e.g. 1080x2400, was '" + Json.abbreviate(s) + "'");
          }
        }
        case POINTER -> {
          String s = Json.string(caps, name, f);
          if (!POINTER_KINDS.contains(s.toLowerCase(Locale.ROOT))) {
            throw W3cFailure.invalidArgument(
                f, "must be touch, abs or rel, was '" + Json.abbreviate(s) + "'");
          }
        }
        default -> {
          if (extensions.contains(name)) {
            Json.optString(caps, name, f);
          } else if (name.startsWith("swipe:")) {
            throw W3cFailure.invalidArgument(
                f,
                "is not a swipe capability; known: "
                    + String.join(", ", new java.util.TreeSet<>(known(extensions))));
          }
          if (!name.contains(":")) {
            continue; // neither standard nor an extension: the specification drops it
          }
        }
      }
      out.set(name, v);
    }
    return out;
  }

  /**
   * The capabilities with Appium's {@code appium:options} object unfolded: each name in it is read
   * as {@code appium:name} (a standard name as itself), as Appium does. A name given both inside
   * and outside with different values contradicts itself and is {@code invalid argument}; {@code
   * fields} receives where each capability was given, for errors.
   */
  private static ObjectNode unfold(ObjectNode given, String field, Map<String, String> fields) {
    ObjectNode caps = Json.MAPPER.createObjectNode();
    given
        .properties()
        .forEach(
            e -> {
              if (!e.getKey().equals(APPIUM_OPTIONS)) {
                caps.set(e.getKey(), e.getValue());
                fields.put(e.getKey(), field + "." + e.getKey());
              }
            });
    JsonNode options = given.get(APPIUM_OPTIONS);
    if (options == null || options.isNull()) {
      return caps;
    }
    String of = field + "." + APPIUM_OPTIONS;
    Iterator<Map.Entry<String, JsonNode>> it = Json.object(options, of).properties().iterator();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey();
      String f = of + "." + key;
      if (key.contains(":") || key.isEmpty()) {
        throw W3cFailure.invalidArgument(
            f,
            "names inside "
                + APPIUM_OPTIONS
                + " carry no prefix (automationName, not appium:automationName)");
      }
      String name = STANDARD.contains(key) ? key : "appium:" + key;
      JsonNode outside = caps.get(name);
      if (outside != null && !outside.isNull() && !e.getValue().isNull()) {
        if (!outside.equals(e.getValue())) {
          throw W3cFailure.invalidArgument(
              f,
              "is "
                  + Json.abbreviate(e.getValue().toString())
                  + " but "
                  + name
                  + " outside "
                  + APPIUM_OPTIONS
                  + " is "
                  + Json.abbreviate(outside.toString())
                  + "; give it once");
        }
        continue;
      }
      if (!e.getValue().isNull() || outside == null) {
        caps.set(name, e.getValue());
        fields.put(name, f);
      }
    }
    return caps;
  }

  /** Why this rig does not match {@code caps}, or null when it does. */
  private static @Nullable String mismatch(ObjectNode caps, Rig rig) {
    String browser = caps.path("browserName").asText("");
    if (!browser.isEmpty()) {
      return "browserName '" + browser + "': a rig is a phone, not a browser";
    }
    if (!caps.path("browserVersion").asText("").isEmpty()) {
      return "browserVersion: a rig has no browser";
    }
    String platform = caps.path("platformName").asText("");
    if (!platform.isEmpty()
        && !platform.equalsIgnoreCase(rig.platformName())
        && !platform.equalsIgnoreCase("any")) {
      return "platformName '" + platform + "': this rig is " + rig.platformName();
    }
    String automation = caps.path("appium:automationName").asText("");
    if (!automation.isEmpty() && !automation.equalsIgnoreCase(AUTOMATION_NAME)) {
      String drives = APPIUM_DRIVERS.get(automation.toLowerCase(Locale.ROOT));
      if (drives == null) {
        return "appium:automationName '"
            + automation
            + "': this rig serves "
            + AUTOMATION_NAME
            + ", UiAutomator2 (android) and XCUITest (ios)";
      }
      if (!drives.equalsIgnoreCase(rig.platformName())) {
        return "appium:automationName '"
            + automation
            + "' drives "
            + drives
            + "; this rig is "
            + rig.platformName();
      }
    }
    String pinned = caps.path(RIG).asText("");
    if (!pinned.isEmpty() && !pinned.equalsIgnoreCase(rig.name())) {
      return RIG + " '" + pinned + "': this rig is " + rig.name();
    }
    String screen = caps.path(SCREEN).asText("");
    if (!screen.isEmpty() && !screen.equalsIgnoreCase(rig.screen())) {
      return SCREEN
          + " '"
          + screen
          + "': this rig's screen is "
          + (rig.screen() == null ? "not known yet" : rig.screen());
    }
    String pointer = caps.path(POINTER).asText("");
    if (!pointer.isEmpty() && !pointer.equalsIgnoreCase(rig.pointer())) {
      return POINTER
          + " '"
          + pointer
          + "': this rig's pointer is "
          + (rig.pointer() == null ? "not known" : rig.pointer());
    }
    if (caps.path("setWindowRect").asBoolean(false)) {
      return "setWindowRect: a phone's window cannot be moved or resized";
    }
    if (caps.path("webSocketUrl").asBoolean(false)) {
      return "webSocketUrl: a rig has no BiDi";
    }
    if (caps.has("proxy") && !caps.get("proxy").isEmpty()) {
      return "proxy: a rig has no browser to proxy";
    }
    return null;
  }

  private static Set<String> known(Set<String> extensions) {
    Set<String> out = new java.util.HashSet<>(extensions);
    out.add(RIG);
    out.add(SCREEN);
    out.add(POINTER);
    return out;
  }

  private static Matched matched(ObjectNode m, Rig rig, Set<String> extensions) {
    Timeouts timeouts =
        m.has("timeouts")
            ? Timeouts.DEFAULT.with((ObjectNode) m.get("timeouts"), "timeouts")
            : Timeouts.DEFAULT;
    Duration idle = rig.defaultIdle();
    if (m.has("appium:newCommandTimeout")) {
      double s = m.get("appium:newCommandTimeout").asDouble();
      Duration asked = Duration.ofMillis(Math.round(Math.min(s, 1e9) * 1000));
      idle = s == 0 || asked.compareTo(rig.maxIdle()) > 0 ? rig.maxIdle() : asked;
    }
    ObjectNode notes = Json.MAPPER.createObjectNode();
    TreeMap<String, String> ignored = new TreeMap<>();
    m.fieldNames()
        .forEachRemaining(
            name -> {
              if (!HONOURED.contains(name)
                  && !extensions.contains(name)
                  && !REFUSED_UNLESS_EMPTY.contains(name)
                  && !(name.equals("appium:deviceName")
                      && m.get(name).asText().equalsIgnoreCase(rig.name()))) {
                ignored.put(name, WHY_IGNORED.getOrDefault(name, NOT_USED));
              }
            });
    String automation = m.path("appium:automationName").asText("");
    if (!automation.isEmpty() && !automation.equalsIgnoreCase(AUTOMATION_NAME)) {
      notes.put(
          "appium:automationName",
          automation
              + " is served by "
              + AUTOMATION_NAME
              + ": W3C actions, screenshots, back, pressKey, mobile: gestures and mobile: type"
              + " work; there is no element tree, so element commands do not");
    }
    ignored.forEach(notes::put);
    // what the rig does not act on is named, never echoed: a client reading the session's
    // capabilities sees only what the rig is and does
    ObjectNode caps = Json.MAPPER.createObjectNode();
    for (String name : extensions) {
      if (m.has(name)) {
        caps.set(name, m.get(name));
      }
    }
    caps.put("platformName", rig.platformName().toLowerCase(Locale.ROOT));
    caps.put("appium:automationName", AUTOMATION_NAME);
    ArrayNode ig = caps.putArray(IGNORED);
    ignored.keySet().forEach(ig::add);
    caps.set(NOTES, notes);
    caps.put(RIG, rig.name());
    if (rig.screen() != null) {
      caps.put(SCREEN, rig.screen());
    }
    if (rig.pointer() != null) {
      caps.put(POINTER, rig.pointer());
    }
    caps.put("appium:deviceName", rig.name());
    caps.put("appium:newCommandTimeout", idle.toMillis() / 1000.0);
    caps.set("timeouts", timeouts.toJson());
    caps.put("setWindowRect", false);
    return new Matched(caps, idle, timeouts);
  }

  /**
   * A session's timeouts in milliseconds.
   *
   * @param script bound of {@code execute/sync} methods, or null for none
   * @param pageLoad kept and reported (a rig loads no pages)
   * @param implicit kept and reported (a rig finds no elements)
   */
  record Timeouts(@Nullable Long script, long pageLoad, long implicit) {
    /** The specification's defaults: 30 s, 300 s, 0. */
    public static final Timeouts DEFAULT = new Timeouts(30_000L, 300_000L, 0L);

    /** These timeouts updated by a W3C timeouts object; unknown keys and bad values are refused. */
    public Timeouts with(ObjectNode o, String field) {
      Json.onlyKeys(o, field, TIMEOUT_KEYS);
      Long s = script;
      if (o.has("script")) {
        s =
            o.get("script").isNull()
                ? null
                : Json.optInteger(o, "script", field + ".script", 0, Json.MAX_SAFE_INTEGER);
      }
      Long p = Json.optInteger(o, "pageLoad", field + ".pageLoad", 0, Json.MAX_SAFE_INTEGER);
      Long i = Json.optInteger(o, "implicit", field + ".implicit", 0, Json.MAX_SAFE_INTEGER);
      if ((o.has("pageLoad") && p == null) || (o.has("implicit") && i == null)) {
        throw W3cFailure.invalidArgument(field, "pageLoad and implicit must be integers, not null");
      }
      return new Timeouts(s, p == null ? pageLoad : p, i == null ? implicit : i);
    }

    /** The W3C JSON form. */
    public ObjectNode toJson() {
      ObjectNode o = Json.MAPPER.createObjectNode();
      if (script == null) {
        o.putNull("script");
      } else {
        o.put("script", script);
      }
      o.put("pageLoad", pageLoad);
      o.put("implicit", implicit);
      return o;
    }
  }
}

package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * W3C capability processing for a rig: validates {@code alwaysMatch} and every {@code firstMatch}
 * entry, merges them, and returns the first merged set this rig matches ({@code platformName},
 * {@code appium:automationName} {@code Swipe}, {@code swipe:rig}, no browser). Malformed input is
 * {@code invalid argument}; well-formed input that no set of which matches is {@code session not
 * created}.
 */
public final class Capabilities {
  /** The automation name a rig answers to. */
  static final String AUTOMATION_NAME = "Swipe";

  /** The capability that pins a session to one rig. */
  static final String RIG = "swipe:rig";

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
   */
  public record Rig(String name, String platformName, Duration defaultIdle, Duration maxIdle) {}

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
            : validate(Json.object(always, "capabilities.alwaysMatch"), "capabilities.alwaysMatch");
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
        firstMatch.add(validate(Json.object(first.get(i), field), field));
      }
    }
    List<ObjectNode> merged = new ArrayList<>();
    for (int i = 0; i < firstMatch.size(); i++) {
      ObjectNode m = alwaysMatch.deepCopy();
      Iterator<Map.Entry<String, JsonNode>> it = firstMatch.get(i).fields();
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
        return matched(m, rig);
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

  /** Checks the types of one capability object; drops nulls and unknown non-extension names. */
  private static ObjectNode validate(ObjectNode caps, String field) {
    ObjectNode out = Json.MAPPER.createObjectNode();
    Iterator<Map.Entry<String, JsonNode>> it = caps.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = e.getKey();
      JsonNode v = e.getValue();
      String f = field + "." + name;
      if (v.isNull()) {
        continue;
      }
      switch (name) {
        case "acceptInsecureCerts", "strictFileInteractability", "setWindowRect", "webSocketUrl" ->
            Json.optBoolean(caps, name, f);
        case "browserName", "browserVersion", "platformName" -> Json.optString(caps, name, f);
        case "pageLoadStrategy" -> {
          String s = Json.optString(caps, name, f);
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
          Double d = Json.optNumber(caps, name, f);
          if (d < 0) {
            throw W3cFailure.invalidArgument(f, "must not be negative, was " + d);
          }
        }
        case RIG -> {
          String s = Json.optString(caps, name, f);
          if (!RIG_NAME.matcher(s).matches()) {
            throw W3cFailure.invalidArgument(
                f, "must be 1-64 of A-Z a-z 0-9 . _ -, was '" + Json.abbreviate(s) + "'");
          }
        }
        default -> {
          if (name.startsWith("swipe:")) {
            throw W3cFailure.invalidArgument(f, "is not a swipe capability; known: " + RIG);
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

  /** Why this rig does not match {@code caps}, or null when it does. */
  private static String mismatch(ObjectNode caps, Rig rig) {
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
      return "appium:automationName '" + automation + "': this rig is " + AUTOMATION_NAME;
    }
    String pinned = caps.path(RIG).asText("");
    if (!pinned.isEmpty() && !pinned.equalsIgnoreCase(rig.name())) {
      return RIG + " '" + pinned + "': this rig is " + rig.name();
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

  private static Matched matched(ObjectNode m, Rig rig) {
    ObjectNode caps = m.deepCopy();
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
    caps.put("platformName", rig.platformName().toLowerCase(Locale.ROOT));
    caps.put("appium:automationName", AUTOMATION_NAME);
    caps.put(RIG, rig.name());
    if (!caps.has("appium:deviceName")) {
      caps.put("appium:deviceName", rig.name());
    }
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
  record Timeouts(Long script, long pageLoad, long implicit) {
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
      if (o.has("pageLoad") && p == null || o.has("implicit") && i == null) {
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

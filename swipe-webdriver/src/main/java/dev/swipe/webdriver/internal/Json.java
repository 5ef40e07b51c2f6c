package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.Code;
import dev.swipe.http.internal.BoundedJson;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * The remote end's JSON: bounded, strict parsing of bodies (shared with the agent's endpoints) and
 * readers that turn wrong types into {@code invalid argument} errors naming the field.
 */
public final class Json {
  /** The mapper every part of the remote end uses. */
  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  /** Largest integer the specification allows (2^53 - 1). */
  static final long MAX_SAFE_INTEGER = 9_007_199_254_740_991L;

  private Json() {}

  /**
   * Parses a request body with the bounds every swipe endpoint reads with ({@link BoundedJson}:
   * depth, number length and exponent, string length; duplicate keys and trailing text refused);
   * empty means {@code {}}. Any refusal is {@code invalid argument}, its code in {@code data.code}.
   */
  static JsonNode parse(byte[] body) {
    if (BoundedJson.isBlank(body)) {
      return MAPPER.createObjectNode();
    }
    try {
      return BoundedJson.read(body, "body");
    } catch (BoundedJson.Refusal r) {
      throw W3cFailure.withDetails(
          W3cError.INVALID_ARGUMENT, r.code().id(), String.valueOf(r.getMessage()), r.details());
    }
  }

  /** The body as JSON text. */
  static byte[] bytes(JsonNode n) {
    try {
      return MAPPER.writeValueAsBytes(n);
    } catch (JsonProcessingException e) {
      return "{\"value\":{\"error\":\"unknown error\",\"message\":\"the answer could not be written\",\"stacktrace\":\"\"}}"
          .getBytes(StandardCharsets.UTF_8);
    }
  }

  /** An agent-style error result {@code {"error": {"code", "message", "details": {"field"}}}}. */
  public static ObjectNode toolError(Code code, String message, String field) {
    ObjectNode out = MAPPER.createObjectNode();
    ObjectNode e = out.putObject("error");
    e.put("code", code.id());
    e.put("message", message);
    ObjectNode d = e.putObject("details");
    if (field != null) {
      d.put("field", field);
    }
    return out;
  }

  /** {@code node} as an object, or {@code invalid argument}. */
  static ObjectNode object(@Nullable JsonNode node, String field) {
    if (node == null || !node.isObject()) {
      throw W3cFailure.invalidArgument(field, "must be a JSON object, was " + kind(node));
    }
    return (ObjectNode) node;
  }

  /** A string field, or null when absent or null; another type is {@code invalid argument}. */
  static @Nullable String optString(JsonNode parent, String key, String field) {
    JsonNode v = parent.get(key);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isTextual()) {
      throw W3cFailure.invalidArgument(field, "must be a string, was " + kind(v));
    }
    return v.asText();
  }

  /** A required string field. */
  static String string(JsonNode parent, String key, String field) {
    String s = optString(parent, key, field);
    if (s == null) {
      throw W3cFailure.invalidArgument(field, "is required");
    }
    return s;
  }

  /** A boolean field, or null when absent or null. */
  static @Nullable Boolean optBoolean(JsonNode parent, String key, String field) {
    JsonNode v = parent.get(key);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isBoolean()) {
      throw W3cFailure.invalidArgument(field, "must be a boolean, was " + kind(v));
    }
    return v.asBoolean();
  }

  /** A finite number field, or null when absent or null. */
  static @Nullable Double optNumber(JsonNode parent, String key, String field) {
    JsonNode v = parent.get(key);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isNumber()) {
      throw W3cFailure.invalidArgument(field, "must be a number, was " + kind(v));
    }
    double d = v.asDouble();
    if (!Double.isFinite(d)) {
      throw W3cFailure.invalidArgument(field, "must be a finite number");
    }
    return d;
  }

  /** A required finite number. */
  static double number(JsonNode parent, String key, String field) {
    Double d = optNumber(parent, key, field);
    if (d == null) {
      throw W3cFailure.invalidArgument(field, "is required");
    }
    return d;
  }

  /**
   * An integer field in [min, max], or null when absent or null. A number with a fractional part,
   * or out of range, is {@code invalid argument}.
   */
  static @Nullable Long optInteger(JsonNode parent, String key, String field, long min, long max) {
    JsonNode v = parent.get(key);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isNumber()) {
      throw W3cFailure.invalidArgument(field, "must be an integer, was " + kind(v));
    }
    double d = v.asDouble();
    if (!Double.isFinite(d) || Math.rint(d) != d || Math.abs(d) > MAX_SAFE_INTEGER) {
      throw W3cFailure.invalidArgument(field, "must be an integer, was " + v);
    }
    long l = v.isIntegralNumber() && v.canConvertToLong() ? v.asLong() : (long) d;
    if (l < min || l > max) {
      throw W3cFailure.invalidArgument(field, "must be in [" + min + ", " + max + "], was " + l);
    }
    return l;
  }

  /** Refuses keys of {@code node} outside {@code allowed}. */
  static void onlyKeys(JsonNode node, String field, java.util.Collection<String> allowed) {
    var names = node.fieldNames();
    while (names.hasNext()) {
      String k = names.next();
      if (!allowed.contains(k)) {
        throw W3cFailure.invalidArgument(
            field.isEmpty() ? k : field + "." + k,
            "is not a known parameter; known: " + String.join(", ", allowed));
      }
    }
  }

  /** What kind of JSON value {@code n} is, for messages. */
  static String kind(@Nullable JsonNode n) {
    if (n == null || n.isMissingNode()) {
      return "absent";
    }
    return n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
  }

  static String abbreviate(String s) {
    return s.length() <= 120 ? s : s.substring(0, 117) + "...";
  }
}

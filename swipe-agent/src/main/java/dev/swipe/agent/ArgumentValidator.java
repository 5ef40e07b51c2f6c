package dev.swipe.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.CommonCode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Enforces a tool's declared input schema (the {@link Schema} subset) before the tool runs, so the
 * schema a model sees is exactly what is accepted: unknown fields, wrong types, NaN or infinite
 * numbers, values out of range, too long strings and missing required fields are refused with
 * {@code invalid_argument} naming the field (as a path such as {@code start.x}).
 */
final class ArgumentValidator {
  private ArgumentValidator() {}

  static void validate(ObjectNode schema, JsonNode value) {
    check(schema, value, "");
  }

  private static void check(JsonNode schema, JsonNode value, String path) {
    String field = path.isEmpty() ? "arguments" : path;
    String type = schema.path("type").asText("");
    switch (type) {
      case "object" -> checkObject(schema, value, path, field);
      case "number", "integer" -> checkNumber(schema, value, field, type.equals("integer"));
      case "string" -> checkString(schema, value, field);
      case "boolean" -> {
        if (!value.isBoolean()) {
          throw fail(field, "must be true or false, was " + describe(value));
        }
      }
      case "array" -> checkArray(schema, value, path, field);
      default ->
          throw new ToolFailure(
              CommonCode.INTERNAL, "schema of " + field + " has no known type", Map.of());
    }
  }

  private static void checkObject(JsonNode schema, JsonNode value, String path, String field) {
    if (!value.isObject()) {
      throw fail(field, "must be a JSON object, was " + describe(value));
    }
    JsonNode props = schema.path("properties");
    boolean closed =
        schema.path("additionalProperties").isBoolean()
            && !schema.get("additionalProperties").asBoolean();
    if (closed) {
      Iterator<String> names = value.fieldNames();
      while (names.hasNext()) {
        String n = names.next();
        if (!props.has(n)) {
          List<String> allowed = new ArrayList<>();
          props.fieldNames().forEachRemaining(allowed::add);
          throw new ToolFailure(
              CommonCode.INVALID_ARGUMENT,
              join(path, n)
                  + ": unknown field; allowed fields"
                  + (path.isEmpty() ? "" : " of " + path)
                  + ": "
                  + (allowed.isEmpty() ? "none" : String.join(", ", allowed)),
              Map.of("field", join(path, n), "allowed", allowed));
        }
      }
    }
    for (JsonNode r : schema.path("required")) {
      JsonNode v = value.get(r.asText());
      if (v == null || v.isNull()) {
        throw fail(join(path, r.asText()), "is required");
      }
    }
    for (Map.Entry<String, JsonNode> e : value.properties()) {
      JsonNode s = props.get(e.getKey());
      if (s != null && !e.getValue().isNull()) {
        check(s, e.getValue(), join(path, e.getKey()));
      }
    }
  }

  private static void checkNumber(JsonNode schema, JsonNode value, String field, boolean integer) {
    if (!value.isNumber()) {
      throw fail(
          field, "must be a " + (integer ? "whole number" : "number") + ", was " + describe(value));
    }
    double dv = value.asDouble();
    if (!Double.isFinite(dv)) {
      throw fail(field, "must be a finite number, was " + value);
    }
    BigDecimal d = value.decimalValue();
    if (integer && d.stripTrailingZeros().scale() > 0) {
      throw fail(field, "must be a whole number, was " + value);
    }
    if (schema.has("minimum") && dv < schema.get("minimum").asDouble()) {
      throw fail(field, "must be >= " + plain(schema.get("minimum")) + ", was " + value);
    }
    if (schema.has("maximum") && dv > schema.get("maximum").asDouble()) {
      throw fail(field, "must be <= " + plain(schema.get("maximum")) + ", was " + value);
    }
    if (integer
        && (d.compareTo(BigDecimal.valueOf(Integer.MIN_VALUE)) < 0
            || d.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0)) {
      throw fail(field, "is out of range, was " + value);
    }
  }

  private static void checkString(JsonNode schema, JsonNode value, String field) {
    if (!value.isTextual()) {
      throw fail(field, "must be a string, was " + describe(value));
    }
    String s = value.asText();
    int n = s.codePointCount(0, s.length());
    if (schema.has("minLength") && n < schema.get("minLength").asInt()) {
      throw fail(
          field,
          "must not be "
              + (n == 0
                  ? "empty"
                  : "shorter than " + schema.get("minLength").asInt() + " characters"));
    }
    if (schema.has("maxLength") && n > schema.get("maxLength").asInt()) {
      throw fail(
          field, "must be at most " + schema.get("maxLength").asInt() + " characters, was " + n);
    }
    if (schema.has("enum")) {
      List<String> allowed = new ArrayList<>();
      boolean ok = false;
      for (JsonNode e : schema.get("enum")) {
        allowed.add(e.asText());
        ok |= e.asText().equals(s);
      }
      if (!ok) {
        throw new ToolFailure(
            CommonCode.INVALID_ARGUMENT,
            field
                + ": must be one of "
                + String.join(", ", allowed)
                + ", was '"
                + abbreviate(s)
                + "'",
            Map.of("field", field, "allowed", allowed));
      }
    }
  }

  private static void checkArray(JsonNode schema, JsonNode value, String path, String field) {
    if (!value.isArray()) {
      throw fail(field, "must be a JSON array, was " + describe(value));
    }
    if (schema.has("minItems") && value.size() < schema.get("minItems").asInt()) {
      throw fail(
          field,
          "must have at least " + schema.get("minItems").asInt() + " items, had " + value.size());
    }
    if (schema.has("maxItems") && value.size() > schema.get("maxItems").asInt()) {
      throw fail(
          field,
          "must have at most " + schema.get("maxItems").asInt() + " items, had " + value.size());
    }
    JsonNode items = schema.get("items");
    if (items != null) {
      for (int i = 0; i < value.size(); i++) {
        if (value.get(i).isNull()) {
          throw fail(path + "[" + i + "]", "must not be null");
        }
        check(items, value.get(i), path + "[" + i + "]");
      }
    }
  }

  private static ToolFailure fail(String field, String message) {
    return ToolFailure.invalidArgument(field, message);
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private static String plain(JsonNode n) {
    double d = n.asDouble();
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  static String describe(JsonNode v) {
    if (v.isTextual()) {
      return "the string '" + abbreviate(v.asText()) + "'";
    }
    if (v.isObject()) {
      return "an object";
    }
    if (v.isArray()) {
      return "an array";
    }
    return abbreviate(v.toString());
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}

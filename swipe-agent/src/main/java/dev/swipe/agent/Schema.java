package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.AgentJson;
import org.jspecify.annotations.Nullable;

/**
 * Builds the JSON Schema subset the tools declare and {@link ArgumentValidator} enforces: object
 * (properties, required, additionalProperties false), number and integer (minimum, maximum), string
 * (minLength, maxLength, enum), boolean, array (items, minItems, maxItems).
 */
final class Schema {
  private final ObjectNode node;

  private Schema(ObjectNode node) {
    this.node = node;
  }

  static Schema object(@Nullable String description) {
    ObjectNode n = AgentJson.JSON.createObjectNode();
    n.put("type", "object");
    if (description != null) {
      n.put("description", description);
    }
    n.putObject("properties");
    n.put("additionalProperties", false);
    return new Schema(n);
  }

  /** An output object: same shape, but extra fields are allowed (results may grow). */
  static Schema result(@Nullable String description) {
    Schema s = object(description);
    s.node.remove("additionalProperties");
    return s;
  }

  Schema prop(String name, ObjectNode schema) {
    ((ObjectNode) node.get("properties")).set(name, schema);
    return this;
  }

  Schema required(String... names) {
    ArrayNode r = node.withArray("required");
    for (String n : names) {
      r.add(n);
    }
    return this;
  }

  ObjectNode build() {
    return node.deepCopy();
  }

  static ObjectNode number(@Nullable String description, double min, double max) {
    ObjectNode n = typed("number", description);
    n.put("minimum", min);
    n.put("maximum", max);
    return n;
  }

  static ObjectNode number(String description) {
    return typed("number", description);
  }

  static ObjectNode integer(String description, long min, long max) {
    ObjectNode n = typed("integer", description);
    n.put("minimum", min);
    n.put("maximum", max);
    return n;
  }

  static ObjectNode integer(String description) {
    return typed("integer", description);
  }

  static ObjectNode string(@Nullable String description, int minLength, int maxLength) {
    ObjectNode n = typed("string", description);
    n.put("minLength", minLength);
    n.put("maxLength", maxLength);
    return n;
  }

  static ObjectNode string(@Nullable String description) {
    return typed("string", description);
  }

  static ObjectNode oneOf(String description, String... values) {
    ObjectNode n = typed("string", description);
    ArrayNode e = n.putArray("enum");
    for (String v : values) {
      e.add(v);
    }
    return n;
  }

  static ObjectNode bool(String description) {
    return typed("boolean", description);
  }

  static ObjectNode array(String description, ObjectNode items, int minItems, int maxItems) {
    ObjectNode n = typed("array", description);
    n.set("items", items);
    n.put("minItems", minItems);
    n.put("maxItems", maxItems);
    return n;
  }

  static ObjectNode array(String description, ObjectNode items) {
    ObjectNode n = typed("array", description);
    n.set("items", items);
    return n;
  }

  /** A normalized point {@code {x, y}}, both 0..1000. */
  static ObjectNode point(@Nullable String description) {
    return object(description)
        .prop("x", number("Horizontal position, 0 (left edge) .. 1000 (right edge).", 0, 1000))
        .prop("y", number("Vertical position, 0 (top edge) .. 1000 (bottom edge).", 0, 1000))
        .required("x", "y")
        .build();
  }

  /** A normalized rectangle {@code {x, y, w, h}}. */
  static ObjectNode region(String description) {
    return object(description)
        .prop("x", number("Left edge, 0..1000.", 0, 1000))
        .prop("y", number("Top edge, 0..1000.", 0, 1000))
        .prop("w", number("Width, > 0; x + w <= 1000.", 0, 1000))
        .prop("h", number("Height, > 0; y + h <= 1000.", 0, 1000))
        .required("x", "y", "w", "h")
        .build();
  }

  /**
   * Declares the value the tool uses when the argument is absent, so a description's "default N"
   * can be checked against it (and a client can show it).
   */
  static ObjectNode dflt(ObjectNode property, long value) {
    property.put("default", value);
    return property;
  }

  /** {@link #dflt(ObjectNode, long)} for a number. */
  static ObjectNode dflt(ObjectNode property, double value) {
    property.put("default", value);
    return property;
  }

  /** {@link #dflt(ObjectNode, long)} for a boolean. */
  static ObjectNode dflt(ObjectNode property, boolean value) {
    property.put("default", value);
    return property;
  }

  /** {@link #dflt(ObjectNode, long)} for a string. */
  static ObjectNode dflt(ObjectNode property, String value) {
    property.put("default", value);
    return property;
  }

  private static ObjectNode typed(String type, @Nullable String description) {
    ObjectNode n = AgentJson.JSON.createObjectNode();
    n.put("type", type);
    if (description != null) {
      n.put("description", description);
    }
    return n;
  }
}

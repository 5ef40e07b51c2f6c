package dev.swipe.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Our tools' JSON Schemas as LangChain4j schema elements, without losing a keyword. A node whose
 * keywords a typed element can hold (type, description, properties, required, additionalProperties,
 * items, enum) becomes that element; a node with more (minimum, maximum, minLength, maxLength,
 * minItems, maxItems) becomes a {@link JsonRawSchema} carrying the node as written, which is how
 * LangChain4j itself keeps such keywords, and which its provider mappers send to the model
 * unchanged. A model therefore sees the same bounds the dispatcher enforces.
 */
final class JsonSchemaConversion {
  private static final Set<String> SCALAR_KEYS = Set.of("type", "description");
  private static final Set<String> ENUM_KEYS = Set.of("type", "description", "enum");
  private static final Set<String> ARRAY_KEYS = Set.of("type", "description", "items");
  private static final Set<String> OBJECT_KEYS =
      Set.of("type", "description", "properties", "required", "additionalProperties");

  private JsonSchemaConversion() {}

  /** The arguments object of a tool; its top level always fits {@link JsonObjectSchema}. */
  static JsonObjectSchema parameters(ObjectNode schema) {
    if (!"object".equals(schema.path("type").asText()) || !fits(schema, OBJECT_KEYS)) {
      throw new IllegalArgumentException(
          "a tool's input schema must be a plain object schema: " + schema);
    }
    return object(schema);
  }

  static JsonSchemaElement element(JsonNode node) {
    if (!node.isObject()) {
      throw new IllegalArgumentException("not a schema: " + node);
    }
    String type = node.path("type").asText("");
    switch (type) {
      case "object" -> {
        if (fits(node, OBJECT_KEYS)) {
          return object(node);
        }
      }
      case "array" -> {
        if (fits(node, ARRAY_KEYS)) {
          JsonArraySchema.Builder b = JsonArraySchema.builder().description(description(node));
          if (node.has("items")) {
            b.items(element(node.get("items")));
          }
          return b.build();
        }
      }
      case "string" -> {
        if (node.has("enum") && fits(node, ENUM_KEYS) && allText(node.get("enum"))) {
          List<String> values = new ArrayList<>();
          node.get("enum").forEach(v -> values.add(v.asText()));
          return JsonEnumSchema.builder().description(description(node)).enumValues(values).build();
        }
        if (fits(node, SCALAR_KEYS)) {
          return JsonStringSchema.builder().description(description(node)).build();
        }
      }
      case "integer" -> {
        if (fits(node, SCALAR_KEYS)) {
          return JsonIntegerSchema.builder().description(description(node)).build();
        }
      }
      case "number" -> {
        if (fits(node, SCALAR_KEYS)) {
          return JsonNumberSchema.builder().description(description(node)).build();
        }
      }
      case "boolean" -> {
        if (fits(node, SCALAR_KEYS)) {
          return JsonBooleanSchema.builder().description(description(node)).build();
        }
      }
      default -> {}
    }
    return JsonRawSchema.from(node.toString());
  }

  private static JsonObjectSchema object(JsonNode node) {
    JsonObjectSchema.Builder b = JsonObjectSchema.builder().description(description(node));
    JsonNode props = node.path("properties");
    for (Iterator<Map.Entry<String, JsonNode>> it = props.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> p = it.next();
      b.addProperty(p.getKey(), element(p.getValue()));
    }
    if (node.has("required")) {
      List<String> required = new ArrayList<>();
      node.get("required").forEach(r -> required.add(r.asText()));
      b.required(required);
    }
    if (node.has("additionalProperties")) {
      b.additionalProperties(node.get("additionalProperties").asBoolean());
    }
    return b.build();
  }

  private static boolean fits(JsonNode node, Set<String> keys) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      if (!keys.contains(it.next())) {
        return false;
      }
    }
    JsonNode ap = node.get("additionalProperties");
    return ap == null || ap.isBoolean();
  }

  private static boolean allText(JsonNode values) {
    for (JsonNode v : values) {
      if (!v.isTextual()) {
        return false;
      }
    }
    return values.size() > 0;
  }

  private static @Nullable String description(JsonNode node) {
    JsonNode d = node.get("description");
    return d == null || d.isNull() ? null : d.asText();
  }
}

package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One agent tool as plain data: what a model needs to call it (name, description, input JSON Schema
 * with {@code additionalProperties: false}) and what it returns (output schema). Hosts hand these
 * to their model API; {@link ToolDispatcher#call} executes them.
 *
 * @param name the tool name agents know it by, e.g. {@code touch_gesture}
 * @param description what the tool does and when to use it, written for a model
 * @param inputSchema JSON Schema (draft 2020-12 subset) of the arguments object
 * @param outputSchema JSON Schema of a successful result (errors are {@code {error: {...}}})
 */
public record ToolSpec(
    String name, String description, ObjectNode inputSchema, ObjectNode outputSchema) {
  /** Copies the schemas so a caller cannot change a shared spec. */
  public ToolSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    inputSchema = Objects.requireNonNull(inputSchema, "inputSchema").deepCopy();
    outputSchema = Objects.requireNonNull(outputSchema, "outputSchema").deepCopy();
  }

  /** A copy of the input schema. */
  @Override
  public ObjectNode inputSchema() {
    return inputSchema.deepCopy();
  }

  /** A copy of the output schema. */
  @Override
  public ObjectNode outputSchema() {
    return outputSchema.deepCopy();
  }

  /** The spec as one JSON object {@code {name, description, input_schema, output_schema}}. */
  public ObjectNode toJson() {
    ObjectNode o = ToolDispatcher.JSON.createObjectNode();
    o.put("name", name);
    o.put("description", description);
    o.set("input_schema", inputSchema.deepCopy());
    o.set("output_schema", outputSchema.deepCopy());
    return o;
  }
}

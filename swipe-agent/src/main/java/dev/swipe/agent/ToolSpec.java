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
 * @param shortDescription one or two sentences for models with little context ({@link
 *     ToolListing#COMPACT})
 * @param hints what the tool may do to the world (MCP tool annotations)
 */
public record ToolSpec(
    String name,
    String description,
    ObjectNode inputSchema,
    ObjectNode outputSchema,
    String shortDescription,
    ToolHints hints) {
  /** Copies the schemas so a caller cannot change a shared spec. */
  public ToolSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    inputSchema = Objects.requireNonNull(inputSchema, "inputSchema").deepCopy();
    outputSchema = Objects.requireNonNull(outputSchema, "outputSchema").deepCopy();
    Objects.requireNonNull(shortDescription, "shortDescription");
    Objects.requireNonNull(hints, "hints");
  }

  /**
   * A spec whose short description is the description's first sentence and whose hints are MCP's
   * defaults ({@link ToolHints#UNKNOWN}).
   */
  public ToolSpec(
      String name, String description, ObjectNode inputSchema, ObjectNode outputSchema) {
    this(
        name,
        description,
        inputSchema,
        outputSchema,
        firstSentence(Objects.requireNonNull(description, "description")),
        ToolHints.UNKNOWN);
  }

  /** This spec with a short description of its own. */
  public ToolSpec withShortDescription(String text) {
    return new ToolSpec(name, description, inputSchema, outputSchema, text, hints);
  }

  /** This spec with the given hints. */
  public ToolSpec withHints(ToolHints h) {
    return new ToolSpec(name, description, inputSchema, outputSchema, shortDescription, h);
  }

  /**
   * The spec as a small-context model gets it: the short description, property descriptions cut to
   * their first sentence, and an output schema that only says "an object" (results are the same; a
   * model reads them without their schema).
   */
  public ToolSpec compact() {
    ObjectNode in = inputSchema.deepCopy();
    shorten(in);
    ObjectNode out = ToolDispatcher.JSON.createObjectNode();
    out.put("type", "object");
    return new ToolSpec(name, shortDescription, in, out, shortDescription, hints);
  }

  private static void shorten(ObjectNode schema) {
    if (schema.has("description")) {
      schema.put("description", firstSentence(schema.get("description").asText()));
    }
    if (schema.get("properties") instanceof ObjectNode props) {
      props.forEach(p -> shorten((ObjectNode) p));
    }
    if (schema.get("items") instanceof ObjectNode items) {
      shorten(items);
    }
  }

  /** Text up to the first ". " (or all of it). */
  static String firstSentence(String text) {
    int end = text.indexOf(". ");
    return end < 0 ? text : text.substring(0, end + 1);
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

  /**
   * The spec as one JSON object {@code {name, description, input_schema, output_schema,
   * annotations}}, the annotations named as MCP names them ({@code readOnlyHint}, ...).
   */
  public ObjectNode toJson() {
    ObjectNode o = ToolDispatcher.JSON.createObjectNode();
    o.put("name", name);
    o.put("description", description);
    o.set("input_schema", inputSchema.deepCopy());
    o.set("output_schema", outputSchema.deepCopy());
    ObjectNode a = o.putObject("annotations");
    a.put("readOnlyHint", hints.readOnly());
    a.put("destructiveHint", hints.destructive());
    a.put("idempotentHint", hints.idempotent());
    a.put("openWorldHint", hints.openWorld());
    return o;
  }
}

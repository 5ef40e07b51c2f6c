package dev.swipe.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.base.Api;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One agent tool as plain data: what a model needs to call it (name, description, input JSON Schema
 * with {@code additionalProperties: false}) and what it returns (output schema). Hosts hand these
 * to their model API; {@link ToolDispatcher#call} executes them.
 *
 * @param name the tool name agents know it by, e.g. {@code touch_gesture}
 * @param description what the tool does and when to use it, written for a model
 * @param inputSchema JSON Schema (draft 2020-12 subset) of the arguments object
 * @param outputSchema JSON Schema of a successful result (errors are {@code {error: {...}}})
 * @param shortDescription one sentence for models with little context ({@link #compact})
 * @param hints what the tool may do to the world (MCP tool annotations)
 * @param compactArguments the optional arguments a compact listing still shows (required ones
 *     always show); the others keep working when given
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record ToolSpec(
    String name,
    String description,
    ObjectNode inputSchema,
    ObjectNode outputSchema,
    String shortDescription,
    Hints hints,
    List<String> compactArguments) {
  /** Longest property description a compact listing keeps; longer ones are left out. */
  static final int COMPACT_PROPERTY_TEXT = 36;

  /** Copies the schemas so a caller cannot change a shared spec. */
  public ToolSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    inputSchema = Objects.requireNonNull(inputSchema, "inputSchema").deepCopy();
    outputSchema = Objects.requireNonNull(outputSchema, "outputSchema").deepCopy();
    Objects.requireNonNull(shortDescription, "shortDescription");
    Objects.requireNonNull(hints, "hints");
    compactArguments = List.copyOf(compactArguments);
  }

  /**
   * A spec whose short description is the description's first sentence, whose hints are MCP's
   * defaults ({@link Hints#UNKNOWN}) and whose compact listing keeps every argument.
   */
  public ToolSpec(
      String name, String description, ObjectNode inputSchema, ObjectNode outputSchema) {
    this(
        name,
        description,
        inputSchema,
        outputSchema,
        firstSentence(Objects.requireNonNull(description, "description")),
        Hints.UNKNOWN,
        argumentNames(Objects.requireNonNull(inputSchema, "inputSchema")));
  }

  /**
   * This spec as a compact listing shows it: {@code text} for its description, and of the optional
   * arguments only {@code kept}.
   */
  public ToolSpec withCompact(String text, String... kept) {
    return new ToolSpec(name, description, inputSchema, outputSchema, text, hints, List.of(kept));
  }

  /** This spec with the given hints. */
  public ToolSpec withHints(Hints h) {
    return new ToolSpec(
        name, description, inputSchema, outputSchema, shortDescription, h, compactArguments);
  }

  /** This spec with another input schema (an argument every tool of a kind takes). */
  ToolSpec withInputSchema(ObjectNode in, List<String> kept) {
    return new ToolSpec(name, description, in, outputSchema, shortDescription, hints, kept);
  }

  private static List<String> argumentNames(ObjectNode schema) {
    List<String> out = new ArrayList<>();
    schema.path("properties").fieldNames().forEachRemaining(out::add);
    return out;
  }

  /**
   * The spec as a model with little context gets it: the short description; the required and the
   * {@link #compactArguments} only, each with its type, enum and a description of at most a short
   * sentence; no bounds, defaults or nested descriptions; and an output schema that only says "an
   * object". The tool is the same: every argument still works and is checked against the full
   * schema, and the result is the same.
   */
  public ToolSpec compact() {
    ObjectNode in = AgentJson.JSON.createObjectNode();
    in.put("type", "object");
    ObjectNode props = in.putObject("properties");
    Set<String> required = new HashSet<>();
    inputSchema.path("required").forEach(r -> required.add(r.asText()));
    inputSchema
        .path("properties")
        .properties()
        .forEach(
            e -> {
              if (required.contains(e.getKey()) || compactArguments.contains(e.getKey())) {
                props.set(e.getKey(), compactProperty(e.getValue(), true));
              }
            });
    if (inputSchema.has("additionalProperties")) {
      in.set("additionalProperties", inputSchema.get("additionalProperties"));
    }
    if (inputSchema.has("required")) {
      in.set("required", inputSchema.get("required").deepCopy());
    }
    ObjectNode out = AgentJson.JSON.createObjectNode();
    out.put("type", "object");
    return new ToolSpec(name, shortDescription, in, out, shortDescription, hints, compactArguments);
  }

  private static ObjectNode compactProperty(JsonNode schema, boolean topLevel) {
    ObjectNode out = AgentJson.JSON.createObjectNode();
    out.set("type", schema.get("type"));
    if (topLevel && schema.has("description")) {
      String text = firstSentence(schema.get("description").asText());
      if (text.length() <= COMPACT_PROPERTY_TEXT) {
        out.put("description", text);
      }
    }
    if (schema.has("enum")) {
      out.set("enum", schema.get("enum").deepCopy());
    }
    if (schema.get("properties") instanceof ObjectNode props) {
      ObjectNode p = out.putObject("properties");
      props.properties().forEach(e -> p.set(e.getKey(), compactProperty(e.getValue(), false)));
    }
    if (schema.has("items")) {
      out.set("items", compactProperty(schema.get("items"), false));
    }
    if (schema.has("required")) {
      out.set("required", schema.get("required").deepCopy());
    }
    return out;
  }

  private static final Pattern SENTENCE_END =
      Pattern.compile("(?<!\\.)(?<!\\be\\.g)(?<!\\bi\\.e)\\.\\s+(?=[A-Za-z])");

  /** Text up to the end of its first sentence, or all of it. */
  static String firstSentence(String text) {
    Matcher m = SENTENCE_END.matcher(text);
    return m.find() ? text.substring(0, m.start() + 1) : text;
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
    ObjectNode o = AgentJson.JSON.createObjectNode();
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

  /**
   * What a tool may do to the world, as MCP tool annotations state it, so a host can ask before a
   * tool that changes the phone and run read-only ones freely. The meanings follow MCP: {@code
   * destructive} and {@code idempotent} only matter when a tool is not read-only.
   *
   * @param readOnly the tool changes nothing (it looks, compares or recalls)
   * @param destructive it may undo or replace something (a tap can press Delete; a save replaces a
   *     memory of the same title)
   * @param idempotent calling it again with the same arguments changes nothing more
   * @param openWorld it reaches beyond the SDK: the phone and whatever the phone's apps do
   */
  public record Hints(
      boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {
    /** MCP's defaults for a tool that says nothing: it may do anything, anywhere. */
    public static final Hints UNKNOWN = new Hints(false, true, false, true);

    /** Looks at the phone and changes nothing (screenshot, find_text). */
    static final Hints OBSERVES_PHONE = new Hints(true, false, true, true);

    /** Works on data the SDK holds and changes nothing (image_diff, recall_memory). */
    static final Hints READS_LOCAL = new Hints(true, false, true, false);

    /** Input that can press anything the screen offers, Delete included. */
    static final Hints ANY_INPUT = new Hints(false, true, false, true);

    /** Input that moves a view but presses nothing (scroll, a wheel drag). */
    static final Hints MOVES_VIEW = new Hints(false, false, false, true);
  }
}

package dev.swipe.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.swipe.base.SwipeException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The published JSON Schema and the reader agree: what the SDK writes is valid, and documents the
 * schema refuses the reader refuses too. The schema is checked with a small validator of the
 * keywords it uses (below), so a keyword it starts to use without this test knowing fails here.
 */
class FlowSchemaTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Set<String> KEYWORDS =
      Set.of(
          "$schema",
          "$id",
          "$defs",
          "$ref",
          "title",
          "description",
          "default",
          "type",
          "const",
          "enum",
          "properties",
          "required",
          "additionalProperties",
          "items",
          "minItems",
          "maxItems",
          "minimum",
          "maximum",
          "exclusiveMinimum",
          "minLength",
          "maxLength",
          "oneOf");

  static JsonNode schema() throws IOException {
    try (InputStream in = Flow.class.getResourceAsStream(Flow.SCHEMA_RESOURCE)) {
      assertThat(in).as(Flow.SCHEMA_RESOURCE).isNotNull();
      return new ObjectMapper().readTree(in);
    }
  }

  @Test
  void theDocsCopyIsTheJarsCopy() throws IOException {
    Path docs = Path.of("..", "docs", "flow.schema.json");
    assertThat(new ObjectMapper().readTree(Files.readString(docs))).isEqualTo(schema());
  }

  @Test
  void aFlowOfEveryKindIsValid() throws IOException {
    JsonNode doc = YAML.readTree(FlowYamlTest.everyKind().toYaml());
    assertThat(errors(schema(), doc)).isEmpty();
  }

  @Test
  void theSchemaNamesEveryKindTheReaderKnows() throws IOException {
    Set<String> inSchema = new TreeSet<>();
    for (JsonNode s : schema().at("/$defs/step/oneOf")) {
      inSchema.add(s.at("/properties/step/const").asText());
    }
    Set<String> written = new TreeSet<>();
    FlowYamlTest.everyKind().steps().forEach(s -> written.add(s.kind()));
    assertThat(inSchema).isEqualTo(written);
  }

  @Test
  void whatTheSchemaRefusesTheReaderRefuses() throws IOException {
    JsonNode schema = schema();
    ObjectNode good = (ObjectNode) YAML.readTree(FlowYamlTest.everyKind().toYaml());
    List<ObjectNode> bad = new ArrayList<>();
    for (int i = 0; i < good.get("steps").size(); i++) {
      ObjectNode extra = good.deepCopy();
      ((ObjectNode) extra.get("steps").get(i)).put("speed", 3);
      bad.add(extra);
      ObjectNode noKind = good.deepCopy();
      ((ObjectNode) noKind.get("steps").get(i)).remove("step");
      bad.add(noKind);
    }
    ObjectNode badDirection = good.deepCopy();
    ((ObjectNode) badDirection.get("steps").get(6)).put("direction", "sideways");
    bad.add(badDirection);
    ObjectNode badPoint = good.deepCopy();
    ((ObjectNode) badPoint.get("steps").get(1)).set("at", YAML.createArrayNode().add(1));
    bad.add(badPoint);
    ObjectNode noScreen = good.deepCopy();
    noScreen.remove("screen");
    bad.add(noScreen);
    ObjectNode badExpect = good.deepCopy();
    ((ObjectNode) badExpect.get("steps").get(0)).put("expect", "maybe");
    bad.add(badExpect);
    ObjectNode badAnchor = good.deepCopy();
    ((ObjectNode) badAnchor.get("steps").get(0).get("anchor")).remove("region");
    bad.add(badAnchor);
    for (ObjectNode doc : bad) {
      assertThat(errors(schema, doc)).as(doc.toString()).isNotEmpty();
      String yaml = YAML.writeValueAsString(doc);
      assertThatThrownBy(() -> Flow.parse(yaml))
          .as(doc.toString())
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID));
    }
  }

  @Test
  void theSchemaUsesOnlyKeywordsThisValidatorChecks() throws IOException {
    List<String> unknown = new ArrayList<>();
    walk(schema(), unknown);
    assertThat(unknown).isEmpty();
  }

  private static void walk(JsonNode s, List<String> unknown) {
    if (!s.isObject()) {
      return;
    }
    s.properties()
        .forEach(
            e -> {
              if (!KEYWORDS.contains(e.getKey())) {
                unknown.add(e.getKey());
              }
              if (e.getKey().equals("properties") || e.getKey().equals("$defs")) {
                e.getValue().forEach(v -> walk(v, unknown));
              } else if (e.getKey().equals("oneOf")) {
                e.getValue().forEach(v -> walk(v, unknown));
              } else if (e.getKey().equals("items")) {
                walk(e.getValue(), unknown);
              }
            });
  }

  /** What is wrong with {@code doc} by {@code schema}, as paths with a reason; empty when valid. */
  static List<String> errors(JsonNode schema, JsonNode doc) {
    List<String> out = new ArrayList<>();
    check(schema, schema, doc, "", out);
    return out;
  }

  private static void check(JsonNode root, JsonNode s, JsonNode v, String at, List<String> out) {
    if (s.has("$ref")) {
      String ref = s.get("$ref").asText();
      check(root, root.at(ref.substring(1)), v, at, out);
    }
    if (s.has("type")) {
      List<String> types = new ArrayList<>();
      if (s.get("type").isArray()) {
        s.get("type").forEach(t -> types.add(t.asText()));
      } else {
        types.add(s.get("type").asText());
      }
      if (types.stream().noneMatch(t -> is(t, v))) {
        out.add(at + ": not " + types);
        return;
      }
    }
    if (s.has("const") && !s.get("const").equals(v)) {
      out.add(at + ": not " + s.get("const"));
    }
    if (s.has("enum")) {
      boolean any = false;
      for (JsonNode e : s.get("enum")) {
        any |= e.equals(v);
      }
      if (!any) {
        out.add(at + ": not one of " + s.get("enum"));
      }
    }
    if (v.isNumber()) {
      if (s.has("minimum") && v.doubleValue() < s.get("minimum").doubleValue()) {
        out.add(at + ": below minimum");
      }
      if (s.has("maximum") && v.doubleValue() > s.get("maximum").doubleValue()) {
        out.add(at + ": above maximum");
      }
      if (s.has("exclusiveMinimum") && v.doubleValue() <= s.get("exclusiveMinimum").doubleValue()) {
        out.add(at + ": not above exclusiveMinimum");
      }
    }
    if (v.isTextual()) {
      if (s.has("minLength") && v.asText().length() < s.get("minLength").asInt()) {
        out.add(at + ": too short");
      }
      if (s.has("maxLength") && v.asText().length() > s.get("maxLength").asInt()) {
        out.add(at + ": too long");
      }
    }
    if (v.isArray()) {
      ArrayNode a = (ArrayNode) v;
      if (s.has("minItems") && a.size() < s.get("minItems").asInt()) {
        out.add(at + ": too few items");
      }
      if (s.has("maxItems") && a.size() > s.get("maxItems").asInt()) {
        out.add(at + ": too many items");
      }
      if (s.has("items")) {
        for (int i = 0; i < a.size(); i++) {
          check(root, s.get("items"), a.get(i), at + "[" + i + "]", out);
        }
      }
    }
    if (v.isObject()) {
      JsonNode props = s.get("properties");
      if (s.has("required")) {
        for (JsonNode r : s.get("required")) {
          if (!v.has(r.asText())) {
            out.add(at + "." + r.asText() + ": required");
          }
        }
      }
      for (var e : v.properties()) {
        if (props != null && props.has(e.getKey())) {
          check(root, props.get(e.getKey()), e.getValue(), at + "." + e.getKey(), out);
        } else if (s.has("additionalProperties") && !s.get("additionalProperties").asBoolean()) {
          out.add(at + "." + e.getKey() + ": not allowed");
        }
      }
    }
    if (s.has("oneOf")) {
      int passing = 0;
      for (JsonNode option : s.get("oneOf")) {
        List<String> sub = new ArrayList<>();
        check(root, option, v, at, sub);
        if (sub.isEmpty()) {
          passing++;
        }
      }
      if (passing != 1) {
        out.add(at + ": matches " + passing + " of oneOf");
      }
    }
  }

  private static boolean is(String type, JsonNode v) {
    return switch (type) {
      case "object" -> v.isObject();
      case "array" -> v.isArray();
      case "string" -> v.isTextual();
      case "integer" -> v.isIntegralNumber();
      case "number" -> v.isNumber();
      case "boolean" -> v.isBoolean();
      default -> throw new IllegalArgumentException(type);
    };
  }
}

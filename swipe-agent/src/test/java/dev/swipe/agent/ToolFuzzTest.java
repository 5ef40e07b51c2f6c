package dev.swipe.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;
import static org.quicktheories.generators.SourceDSL.strings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Random and invalid JSON arguments for every tool (QuickTheories): the dispatcher always answers
 * with a result object, errors always carry a snake_case code that is never {@code internal}, and
 * successful results satisfy the tool's declared output schema.
 */
class ToolFuzzTest {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final Pattern CODE = Pattern.compile("[a-z][a-z_]*[a-z]");
  private static Device device;
  private static MemoryStore memory;
  private static List<ToolSpec> specs;

  @BeforeAll
  static void open() {
    device = Device.open("sim:?scale=0.5&scene=picker");
    memory = MemoryStore.open("mem:");
    try (AgentRun run = AgentRun.start(device)) {
      specs = new ToolDispatcher(run).specs();
    }
  }

  @AfterAll
  static void close() {
    memory.close();
    device.close();
  }

  /** Seeds, so a failure reports a seed that regenerates the same arguments. */
  private static Gen<Long> seeds() {
    return longs().all();
  }

  private static final Map<String, int[]> OUTCOMES = new java.util.concurrent.ConcurrentHashMap<>();

  private static void checkResult(ToolSpec spec, JsonNode args, ObjectNode result) {
    OUTCOMES
        .computeIfAbsent(spec.name(), k -> new int[2])[ToolDispatcher.isError(result) ? 1 : 0]++;
    assertThat(result).as("%s %s", spec.name(), args).isNotNull();
    if (ToolDispatcher.isError(result)) {
      JsonNode e = result.get("error");
      assertThat(e.get("code").asText())
          .as("%s %s -> %s", spec.name(), args, e)
          .matches(CODE)
          .isNotEqualTo("internal");
      assertThat(e.get("message").asText()).isNotBlank();
      assertThat(e.get("details").isObject()).isTrue();
    } else {
      // a success must honour the declared output schema
      ArgumentValidator.validate(spec.outputSchema(), result);
    }
  }

  @Test
  void randomArgumentsForEveryToolGiveAResultNeverAnException() {
    for (ToolSpec spec : specs) {
      // a fixed seed per tool: the same 80 cases every run, so the coverage check below cannot
      // fail on a draw where no valid case happened to come up
      qt().withFixedSeed(spec.name().hashCode())
          .withExamples(80)
          .withShrinkCycles(20)
          .forAll(seeds())
          .checkAssert(
              seed -> {
                JsonNode args = arguments(spec.inputSchema(), new Random(seed));
                try (AgentRun run =
                    AgentRun.builder(device)
                        .memory(memory)
                        .acceptInlineImages(seed % 2 == 0)
                        .build()) {
                  ToolDispatcher tools = new ToolDispatcher(run);
                  tools.call("screenshot", F.objectNode()); // so that shot-1 exists in this run
                  checkResult(spec, args, tools.call(spec.name(), args));
                }
              });
    }
    // the generator reaches both sides: tools that can succeed did, and every tool refused
    // something
    for (String name :
        List.of(
            "screenshot",
            "touch_gesture",
            "image_diff",
            "save_memory",
            "recall_memory",
            "scroll")) {
      assertThat(OUTCOMES.get(name)[0]).as("successful %s calls", name).isPositive();
    }
    OUTCOMES.forEach((name, o) -> assertThat(o[1]).as("refused %s calls", name).isPositive());
  }

  @Test
  void arbitraryTextAsArgumentsGivesAJsonResult() {
    try (AgentRun run = AgentRun.builder(device).memory(memory).build()) {
      ToolDispatcher tools = new ToolDispatcher(run);
      qt().withExamples(300)
          .forAll(
              integers().between(0, specs.size() - 1),
              strings().allPossible().ofLengthBetween(0, 60))
          .checkAssert(
              (i, text) -> {
                ToolSpec spec = specs.get(i);
                String out = tools.call(spec.name(), text);
                JsonNode result;
                try {
                  result = AgentJson.JSON.readTree(out);
                } catch (Exception e) {
                  throw new AssertionError("not JSON: " + out, e);
                }
                assertThat(result.isObject()).isTrue();
                if (ToolDispatcher.isError(result)) {
                  assertThat(result.get("error").get("code").asText())
                      .matches(CODE)
                      .isNotEqualTo("internal");
                }
              });
    }
  }

  @Test
  void unknownToolNamesAreStructuredErrors() {
    try (AgentRun run = AgentRun.start(device)) {
      ToolDispatcher tools = new ToolDispatcher(run);
      qt().withExamples(100)
          .forAll(strings().allPossible().ofLengthBetween(0, 30))
          .checkAssert(
              name -> {
                ObjectNode r = tools.call(name, F.objectNode());
                if (tools.spec(name).isEmpty()) {
                  assertThat(r.get("error").get("code").asText()).isEqualTo("unknown_tool");
                }
              });
      assertThat(tools.call(null, (JsonNode) null).get("error").get("code").asText())
          .isEqualTo("unknown_tool");
    }
  }

  // ---- schema-guided random JSON ----

  static JsonNode arguments(ObjectNode schema, Random r) {
    if (r.nextInt(20) == 0) {
      return any(r, 2);
    }
    // a third of the examples stay inside the schema, so the tools also run, not only refuse
    return value(schema, r, 0, r.nextInt(3) == 0);
  }

  private static JsonNode value(JsonNode schema, Random r, int depth, boolean valid) {
    if (!valid && r.nextInt(8) == 0) {
      return any(r, 2 - Math.min(depth, 2));
    }
    switch (schema.path("type").asText()) {
      case "object":
        {
          ObjectNode o = F.objectNode();
          Iterator<Map.Entry<String, JsonNode>> props =
              schema.path("properties").properties().iterator();
          List<String> required = new ArrayList<>();
          schema.path("required").forEach(n -> required.add(n.asText()));
          while (props.hasNext()) {
            Map.Entry<String, JsonNode> p = props.next();
            boolean include =
                required.contains(p.getKey()) ? valid || r.nextInt(10) > 0 : r.nextInt(3) == 0;
            if (include) {
              o.set(
                  p.getKey(),
                  !valid && r.nextInt(30) == 0
                      ? F.nullNode()
                      : value(p.getValue(), r, depth + 1, valid));
            }
          }
          if (!valid && r.nextInt(8) == 0) {
            o.set(junkKey(r), any(r, 1));
          }
          return o;
        }
      case "number":
      case "integer":
        return valid ? validNumber(schema, r) : number(schema, r);
      case "string":
        if (valid && schema.has("default")) {
          return schema.get("default"); // the declared default is a valid value by definition
        }
        return valid && schema.has("enum")
            ? schema.get("enum").get(r.nextInt(schema.get("enum").size()))
            : valid ? F.textNode(r.nextBoolean() ? "shot-1" : "hour picker") : string(schema, r);
      case "boolean":
        return F.booleanNode(r.nextBoolean());
      case "array":
        {
          ArrayNode a = F.arrayNode();
          int n = valid && schema.has("minItems") ? schema.get("minItems").asInt() : r.nextInt(5);
          for (int i = 0; i < n; i++) {
            a.add(value(schema.path("items"), r, depth + 1, valid));
          }
          return a;
        }
      default:
        return any(r, 1);
    }
  }

  private static JsonNode validNumber(JsonNode schema, Random r) {
    double min = schema.has("minimum") ? schema.get("minimum").asDouble() : 0;
    double max = schema.has("maximum") ? schema.get("maximum").asDouble() : 1000;
    double v = min + r.nextDouble() * Math.min(max - min, 1500);
    return schema.path("type").asText().equals("integer")
        ? F.numberNode(Math.round(Math.floor(v)))
        : F.numberNode(v);
  }

  private static JsonNode number(JsonNode schema, Random r) {
    double min = schema.has("minimum") ? schema.get("minimum").asDouble() : -1e6;
    double max = schema.has("maximum") ? schema.get("maximum").asDouble() : 1e6;
    double span = Math.min(max - min, 1500);
    return switch (r.nextInt(14)) {
      case 0 -> F.numberNode(min);
      case 1 -> F.numberNode(max);
      case 2 -> F.numberNode(min - 1);
      case 3 -> F.numberNode(max + 1);
      case 4 -> F.numberNode(Double.NaN);
      case 5 -> F.numberNode(r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY);
      case 6 -> F.numberNode(new BigDecimal("1e400"));
      case 7 -> F.numberNode(new BigInteger("123456789012345678901234567890"));
      case 8 -> F.numberNode(min + r.nextDouble() * span);
      case 9 -> F.numberNode(-0.0);
      case 10 -> F.textNode(Long.toString(Math.round(min + r.nextDouble() * span)));
      default -> F.numberNode(Math.round(min + r.nextDouble() * span));
    };
  }

  private static JsonNode string(JsonNode schema, Random r) {
    if (schema.has("enum") && r.nextInt(3) > 0) {
      JsonNode e = schema.get("enum");
      return e.get(r.nextInt(e.size()));
    }
    if (schema.has("pattern") && r.nextInt(3) > 0) {
      // the image option: its forms, in range and out of it
      return F.textNode(r.nextBoolean() ? "none" : "scaled:" + r.nextInt(5000));
    }
    return F.textNode(
        switch (r.nextInt(12)) {
          case 0 -> "shot-1";
          case 1 -> "shot-" + r.nextInt(100000);
          case 2 -> "/etc/passwd";
          case 3 -> "";
          case 4 -> "doc-3";
          case 5 -> Base64.getEncoder().encodeToString(randomBytes(r, 64));
          case 6 ->
              "data:image/jpeg;base64,/9j/4AAQ"
                  + Base64.getEncoder().encodeToString(randomBytes(r, 32));
          case 7 -> "x".repeat(r.nextInt(9000));
          case 8 -> "Caf\u00e9 \ud83d\ude00 \u4e2d";
          case 9 -> "hour picker swipe";
          case 10 -> "../" + junkKey(r);
          default -> junkKey(r);
        });
  }

  private static JsonNode any(Random r, int depth) {
    int kinds = depth > 0 ? 8 : 6;
    return switch (r.nextInt(kinds)) {
      case 0 -> F.nullNode();
      case 1 -> F.booleanNode(r.nextBoolean());
      case 2 -> F.numberNode(r.nextInt());
      case 3 -> F.numberNode(r.nextGaussian() * 1e3);
      case 4 -> F.textNode(junkKey(r));
      case 5 -> F.numberNode(Double.NaN);
      case 6 -> {
        ArrayNode a = F.arrayNode();
        for (int i = r.nextInt(4); i > 0; i--) {
          a.add(any(r, depth - 1));
        }
        yield a;
      }
      default -> {
        ObjectNode o = F.objectNode();
        for (int i = r.nextInt(4); i > 0; i--) {
          o.set(junkKey(r), any(r, depth - 1));
        }
        yield o;
      }
    };
  }

  private static String junkKey(Random r) {
    StringBuilder sb = new StringBuilder();
    for (int i = r.nextInt(12); i >= 0; i--) {
      sb.append((char) (r.nextInt(3) == 0 ? r.nextInt(0x3000) : 'a' + r.nextInt(26)));
    }
    return sb.toString();
  }

  private static byte[] randomBytes(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }
}

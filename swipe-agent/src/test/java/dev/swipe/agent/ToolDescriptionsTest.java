package dev.swipe.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.Code;
import dev.swipe.core.Codes;
import dev.swipe.core.Device;
import dev.swipe.http.internal.ServerCode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Reads every tool description for claims that can be checked against the specs themselves: a
 * "default N" must be the schema's default (which the code's constants fill), a stated bound on a
 * swipe's distance must not be exceeded by a travel the same text recommends, and every snake_case
 * name a description mentions must be a tool, an argument, a result field, a value or an error code
 * that exists. A model reading a contradiction picks one side at random.
 */
class ToolDescriptionsTest {
  private static final Pattern NUMBER_DEFAULT =
      Pattern.compile("\\bdefaults?\\b:?\\s+(-?\\d+(?:\\.\\d+)?|true|false)\\b");
  private static final Pattern WORD_DEFAULT = Pattern.compile("\\(default:?\\s+([a-z_]+)\\)");
  private static final Pattern NAMED_DEFAULT =
      Pattern.compile("\\b([a-z][a-z_]*),? default (-?\\d+(?:\\.\\d+)?)\\b");
  private static final Pattern DEFAULT_LIST =
      Pattern.compile("\\bdefaults ((?:[a-z][a-z_]* -?\\d+(?:\\.\\d+)?(?:, )?)+)");
  private static final Pattern DISTANCE_BOUND =
      Pattern.compile("\\bdistance\\s*(?:<=|<|of at most|at most)\\s*(\\d+)");
  private static final Pattern UNITS = Pattern.compile("\\b(\\d+) units\\b");
  private static final Pattern SNAKE = Pattern.compile("\\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\\b");

  /** Every claim in {@code spec}'s texts that disagrees with its schema or with itself. */
  static List<String> contradictions(ToolSpec spec) {
    List<String> out = new ArrayList<>();
    JsonNode props = spec.inputSchema().path("properties");
    // a property's "default N" is its schema default
    Iterator<Map.Entry<String, JsonNode>> it = props.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> p = it.next();
      String text = p.getValue().path("description").asText();
      JsonNode dflt = p.getValue().get("default");
      Matcher m = NUMBER_DEFAULT.matcher(text);
      while (m.find()) {
        if (dflt == null || !same(dflt, m.group(1))) {
          out.add(
              spec.name()
                  + "."
                  + p.getKey()
                  + " says default "
                  + m.group(1)
                  + ", the schema's default is "
                  + dflt);
        }
      }
      Matcher w = WORD_DEFAULT.matcher(text);
      while (w.find()) {
        if (dflt != null && dflt.isTextual() && !dflt.asText().equals(w.group(1))) {
          out.add(
              spec.name() + "." + p.getKey() + " says default " + w.group(1) + ", schema " + dflt);
        }
      }
      if (dflt != null) {
        JsonNode s = p.getValue();
        if (s.has("minimum") && dflt.asDouble() < s.get("minimum").asDouble()
            || s.has("maximum") && dflt.asDouble() > s.get("maximum").asDouble()) {
          out.add(spec.name() + "." + p.getKey() + " default " + dflt + " is out of its bounds");
        }
        if (s.has("enum") && !s.get("enum").toString().contains(dflt.toString())) {
          out.add(spec.name() + "." + p.getKey() + " default " + dflt + " is not one of its enum");
        }
      }
    }
    // the tool's own text: "max_passes, default 60" and "defaults duration_ms 700, steps 24"
    String text = spec.description();
    Matcher named = NAMED_DEFAULT.matcher(text);
    while (named.find()) {
      checkNamed(spec, props, named.group(1), named.group(2), out);
    }
    Matcher list = DEFAULT_LIST.matcher(text);
    while (list.find()) {
      for (String pair : list.group(1).split(", ")) {
        String[] kv = pair.trim().split(" ");
        checkNamed(spec, props, kv[0], kv[1], out);
      }
    }
    // a bound on a swipe's distance against the travels the same text recommends
    for (String t : texts(spec)) {
      Matcher bound = DISTANCE_BOUND.matcher(t);
      while (bound.find()) {
        int max = Integer.parseInt(bound.group(1));
        Matcher units = UNITS.matcher(t);
        while (units.find()) {
          if (Integer.parseInt(units.group(1)) > max) {
            out.add(
                spec.name()
                    + " bounds the distance at "
                    + max
                    + " and recommends "
                    + units.group(1)
                    + " units");
          }
        }
      }
    }
    return out;
  }

  private static void checkNamed(
      ToolSpec spec, JsonNode props, String name, String value, List<String> out) {
    if (!props.has(name)) {
      return; // a default of something that is not an argument (a gesture's own)
    }
    JsonNode dflt = props.get(name).get("default");
    if (dflt == null || !same(dflt, value)) {
      out.add(
          spec.name() + " says " + name + " defaults to " + value + ", the schema says " + dflt);
    }
  }

  private static boolean same(JsonNode dflt, String claimed) {
    if (dflt.isBoolean()) {
      return claimed.equals(dflt.asText());
    }
    if (!dflt.isNumber() || claimed.equals("true") || claimed.equals("false")) {
      return false;
    }
    return Double.parseDouble(claimed) == dflt.asDouble();
  }

  /** The tool's description and every description in its input schema. */
  private static List<String> texts(ToolSpec spec) {
    List<String> out = new ArrayList<>();
    out.add(spec.description());
    collect(spec.inputSchema(), out);
    return out;
  }

  private static void collect(JsonNode schema, List<String> out) {
    if (schema.has("description")) {
      out.add(schema.get("description").asText());
    }
    schema.path("properties").forEach(p -> collect(p, out));
    if (schema.has("items")) {
      collect(schema.get("items"), out);
    }
  }

  private static List<ToolSpec> specs() {
    try (Device d = Device.open("sim:?scale=0.5");
        AgentRun run = AgentRun.builder(d).simState(true).build()) {
      return new ToolDispatcher(run).specs();
    }
  }

  @Test
  void noDescriptionContradictsTheDefaultsOrItself() {
    List<String> all = new ArrayList<>();
    int defaults = 0;
    for (ToolSpec s : specs()) {
      all.addAll(contradictions(s));
      for (JsonNode p : s.inputSchema().path("properties")) {
        defaults += p.has("default") ? 1 : 0;
      }
    }
    assertThat(all).isEmpty();
    assertThat(defaults).as("schema defaults to check against").isGreaterThan(20);
  }

  @Test
  void theCheckCatchesTheContradictionsItIsFor() {
    ObjectNode noDefaults =
        Schema.object(null)
            .prop("duration_ms", Schema.integer("Move time (700).", 1, 60000))
            .prop("steps", Schema.integer("Move reports.", 1, 1000))
            .build();
    // touch_gesture's text before it was fixed
    ToolSpec old =
        new ToolSpec(
            "touch_gesture",
            "type=swipe moves from start to end: defaults duration_ms 700, steps 24. Prefer small"
                + " steps (distance <= 50) and confirm with image_diff before swiping again;"
                + " lists: 350 units in 500 ms; carousels: 400 units in 200 ms.",
            noDefaults,
            Schema.result(null).build());
    assertThat(contradictions(old))
        .anyMatch(c -> c.contains("distance at 50") && c.contains("350 units"))
        .anyMatch(c -> c.contains("duration_ms defaults to 700"));
    ToolSpec drifted =
        new ToolSpec(
            "scroll",
            "Passes until the edge (max_passes, default 10).",
            Schema.object(null)
                .prop(
                    "max_passes",
                    Schema.dflt(Schema.integer("Most passes (default 12).", 1, 100), 12))
                .prop(
                    "duration_ms",
                    Schema.dflt(Schema.integer("Move time (default 500).", 100, 10000), 400))
                .prop("pace", Schema.dflt(Schema.oneOf("Pace.", "fling", "steady"), "coast"))
                .build(),
            Schema.result(null).build());
    assertThat(contradictions(drifted))
        .anyMatch(c -> c.contains("max_passes defaults to 10"))
        .anyMatch(c -> c.contains("duration_ms says default 500"))
        .anyMatch(c -> c.contains("not one of its enum"))
        .hasSize(3);
  }

  @Test
  void everyNameADescriptionMentionsExists() {
    List<ToolSpec> specs = specs();
    Set<String> known = new TreeSet<>();
    for (ToolSpec s : specs) {
      known.add(s.name());
      names(s.inputSchema(), known);
      names(s.outputSchema(), known);
    }
    for (Code c : Codes.all()) {
      known.add(c.id());
    }
    for (AgentErrorCode c : AgentErrorCode.values()) {
      known.add(c.id());
    }
    for (ServerCode c : ServerCode.values()) {
      known.add(c.id());
    }
    Set<String> unknown = new TreeSet<>();
    for (ToolSpec s : specs) {
      for (String t : texts(s)) {
        Matcher m = SNAKE.matcher(t);
        while (m.find()) {
          boolean detail = t.startsWith("details.", Math.max(0, m.start() - 8));
          if (!known.contains(m.group()) && !(detail && detailKeyExists(m.group()))) {
            unknown.add(s.name() + ": " + (detail ? "details." : "") + m.group());
          }
        }
      }
    }
    assertThat(unknown).isEmpty();
  }

  /** An error's details key, as core puts it: a string literal in core's main sources. */
  private static boolean detailKeyExists(String key) {
    Path core = Path.of("..", "swipe-core", "src", "main", "java");
    try (Stream<Path> files = Files.walk(core)) {
      return files
          .filter(f -> f.toString().endsWith(".java"))
          .anyMatch(
              f -> {
                try {
                  return Files.readString(f).contains("\"" + key + "\"");
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aHostsOwnSpecCompactsToItsFirstSentenceAndKeepsEveryArgument() {
    ToolSpec host =
        new ToolSpec(
            "open_app",
            "Open an app by name, e.g. Settings. It waits for the first frame.",
            Schema.object(null)
                .prop("name", Schema.string("The app's name, e.g. Maps. Case is ignored.", 1, 80))
                .prop("wait_ms", Schema.integer("How long to wait.", 0, 60000))
                .required("name")
                .build(),
            Schema.result("The app.").prop("opened", Schema.bool("Whether it opened.")).build());
    assertThat(host.hints()).isEqualTo(ToolSpec.Hints.UNKNOWN);
    ToolSpec c = host.compact();
    assertThat(c.description()).isEqualTo("Open an app by name, e.g. Settings.");
    assertThat(c.inputSchema().get("properties").has("wait_ms")).isTrue();
    assertThat(c.inputSchema().get("properties").get("name").get("description").asText())
        .isEqualTo("The app's name, e.g. Maps.");
    assertThat(c.inputSchema().get("properties").get("name").has("maxLength")).isFalse();
    assertThat(c.outputSchema().has("properties")).isFalse();
    assertThat(host.withCompact("Open an app.").compact().inputSchema().get("properties").size())
        .as("only the required argument")
        .isEqualTo(1);
  }

  private static void names(JsonNode schema, Set<String> out) {
    schema
        .path("properties")
        .fields()
        .forEachRemaining(
            e -> {
              out.add(e.getKey());
              names(e.getValue(), out);
            });
    schema.path("enum").forEach(v -> out.add(v.asText()));
    if (schema.has("items")) {
      names(schema.get("items"), out);
    }
  }
}

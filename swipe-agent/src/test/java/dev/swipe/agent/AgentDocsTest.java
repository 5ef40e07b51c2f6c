package dev.swipe.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.core.Codes;
import dev.swipe.core.Device;
import dev.swipe.http.internal.ServerCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/agents.md's tool table and error-code list are generated from the tool specs and the code
 * enums, so they cannot drift from the product; the prose around them is written by hand. When the
 * doc differs, the test fails and prints the text expected; {@code -Dswipe.docs.write=true} writes
 * it into the doc instead:
 *
 * <pre>
 * mvn -B -ntp -o test -pl swipe-agent -am -Dtest=AgentDocsTest -Dsurefire.failIfNoSpecifiedTests=false -Dswipe.docs.write=true
 * </pre>
 */
class AgentDocsTest {
  static final Path DOC = Path.of("..", "docs", "agents.md");

  /** Result fields every screenshot answer has; the table says "the screenshot" for them. */
  private static final Set<String> SCREENSHOT_FIELDS =
      Set.of(
          "screenshot_attachment_id",
          "width",
          "height",
          "settled",
          "mime_type",
          "image",
          "image_width",
          "image_height",
          "image_omitted",
          "cost");

  private static List<ToolSpec> specs() {
    try (Device d = Device.open("sim:?scale=0.5");
        AgentRun run = AgentRun.builder(d).simState(true).build()) {
      return new ToolDispatcher(run).specs();
    }
  }

  /** The tool table: one row per tool, from its spec. */
  static String toolTable(List<ToolSpec> specs) {
    StringBuilder b = new StringBuilder();
    b.append(
        "| tool | for | arguments (required in bold, defaults in brackets) | answer | hints |\n");
    b.append("|---|---|---|---|---|\n");
    for (ToolSpec s : specs) {
      b.append("| `").append(s.name()).append("` | ");
      b.append(s.shortDescription().replace("|", "\\|")).append(" | ");
      b.append(arguments(s.inputSchema())).append(" | ");
      b.append(answer(s.outputSchema())).append(" | ");
      b.append(hints(s.hints())).append(" |\n");
    }
    return b.toString();
  }

  private static String arguments(JsonNode schema) {
    Set<String> required = new HashSet<>();
    schema.path("required").forEach(r -> required.add(r.asText()));
    List<String> out = new ArrayList<>();
    schema
        .path("properties")
        .fields()
        .forEachRemaining(
            e -> {
              String name = "`" + e.getKey() + "`";
              if (required.contains(e.getKey())) {
                name = "**" + name + "**";
              }
              JsonNode p = e.getValue();
              if (p.has("enum")) {
                List<String> values = new ArrayList<>();
                p.get("enum").forEach(v -> values.add(v.asText()));
                name += " " + String.join(" \\| ", values);
              }
              if (p.has("default")) {
                name += " [" + p.get("default").asText() + "]";
              }
              out.add(name);
            });
    return out.isEmpty() ? "none" : String.join(", ", out);
  }

  private static String answer(JsonNode schema) {
    List<String> out = new ArrayList<>();
    schema
        .path("properties")
        .fieldNames()
        .forEachRemaining(
            f -> {
              if (!SCREENSHOT_FIELDS.contains(f)) {
                out.add("`" + f + "`");
              }
            });
    if (schema.path("properties").has("image")) {
      out.add("the screenshot");
    }
    if (schema.path("properties").has("cost")) {
      out.add("`cost`");
    }
    return String.join(", ", out);
  }

  private static String hints(ToolSpec.Hints h) {
    if (h.readOnly()) {
      return h.openWorld() ? "read-only" : "read-only, local";
    }
    List<String> out = new ArrayList<>();
    out.add(h.destructive() ? "destructive" : "not destructive");
    if (h.idempotent()) {
      out.add("idempotent");
    }
    if (!h.openWorld()) {
      out.add("local");
    }
    return String.join(", ", out);
  }

  /**
   * The error-code list: every code a result can carry, from core's lookup and the agent's enum.
   */
  static String errorCodes() {
    StringBuilder b = new StringBuilder();
    b.append(
        "Codes of core and the modules below it (`CommonCode`, `ImageCode`, `WheelErrorCode`,"
            + " `MemoryCode`, `TextCode`, `ErrorCode`; `Codes.all()`): ");
    b.append(String.join(", ", Codes.all().stream().map(c -> "`" + c.id() + "`").toList()));
    b.append(".\n\nAgent-layer codes (`AgentErrorCode`: the tools, HTTP and MCP): ");
    b.append(
        String.join(
            ", ", Arrays.stream(AgentErrorCode.values()).map(c -> "`" + c.id() + "`").toList()));
    b.append(
        ".\n\nCodes the WebDriver server answers too (swipe-http's `ServerCode`: JSON reading, the"
            + " HTTP server's own refusals, the bearer token, tool names): ");
    b.append(
        String.join(
            ", ", Arrays.stream(ServerCode.values()).map(c -> "`" + c.id() + "`").toList()));
    b.append(".\n");
    return b.toString();
  }

  private static String begin(String name) {
    return "<!-- generated: " + name + " (AgentDocsTest; -Dswipe.docs.write=true rewrites) -->\n";
  }

  private static String end(String name) {
    return "<!-- end generated: " + name + " -->\n";
  }

  /** {@code doc} with the named block's body replaced; fails when the markers are missing. */
  static String replaceBlock(String doc, String name, String body) {
    int from = doc.indexOf(begin(name));
    int to = doc.indexOf(end(name));
    assertThat(from).as("%s has the marker %s", DOC, begin(name).strip()).isNotNegative();
    assertThat(to).as("%s has the marker %s", DOC, end(name).strip()).isGreaterThan(from);
    return doc.substring(0, from + begin(name).length()) + body + doc.substring(to);
  }

  @Test
  void theToolTableAndTheErrorCodesAreGeneratedFromTheProduct() throws IOException {
    String doc = Files.readString(DOC, StandardCharsets.UTF_8);
    String expected =
        replaceBlock(replaceBlock(doc, "tools", toolTable(specs())), "error codes", errorCodes());
    if (Boolean.getBoolean("swipe.docs.write")) {
      Files.writeString(DOC, expected, StandardCharsets.UTF_8);
      doc = expected;
    }
    assertThat(doc)
        .as(
            "%s's generated blocks differ from the product; run with -Dswipe.docs.write=true to"
                + " rewrite them. Expected tool table:%n%s%nExpected error codes:%n%s",
            DOC, toolTable(specs()), errorCodes())
        .isEqualTo(expected);
  }

  @Test
  void theHandWrittenErrorProseNamesOnlyCodesThatExist() throws IOException {
    String doc = Files.readString(DOC, StandardCharsets.UTF_8);
    int from = doc.indexOf("### Errors");
    int to = doc.indexOf(begin("error codes"));
    assertThat(from).isNotNegative();
    assertThat(to).isGreaterThan(from);
    Set<String> known = new TreeSet<>();
    Codes.all().forEach(c -> known.add(c.id()));
    Arrays.stream(AgentErrorCode.values()).forEach(c -> known.add(c.id()));
    Arrays.stream(ServerCode.values()).forEach(c -> known.add(c.id()));
    for (ToolSpec s : specs()) {
      known.add(s.name());
      s.inputSchema().path("properties").fieldNames().forEachRemaining(known::add);
    }
    // the details keys the prose names
    known.addAll(List.of("field", "character", "code_point", "index"));
    Set<String> unknown = new TreeSet<>();
    Matcher m =
        Pattern.compile("`([a-z][a-z0-9]*(?:_[a-z0-9]+)*)`").matcher(doc.substring(from, to));
    while (m.find()) {
      if (!known.contains(m.group(1))) {
        unknown.add(m.group(1));
      }
    }
    assertThat(unknown).as("names in the Errors prose that are no code, tool or field").isEmpty();
  }

  @Test
  void theGeneratorFailsOnADocThatDrifted() {
    String doc =
        "intro\n"
            + begin("tools")
            + "| `wheel_nudge` | old |\n"
            + end("tools")
            + "middle\n"
            + begin("error codes")
            + "`wheel_not_found`\n"
            + end("error codes");
    String regenerated =
        replaceBlock(replaceBlock(doc, "tools", toolTable(specs())), "error codes", errorCodes());
    assertThat(regenerated).isNotEqualTo(doc).startsWith("intro\n").contains("middle\n");
    assertThat(regenerated).contains("| `set_wheel` |", "`text_ambiguous`", "`unknown_scheme`");
    // a code removed from the product disappears from the list: the list is the enums
    Matcher codes = Pattern.compile("`[a-z_]+`").matcher(errorCodes());
    int listed = 0;
    while (codes.find()) {
      listed++;
    }
    assertThat(listed)
        .isEqualTo(
            Codes.all().size() + AgentErrorCode.values().length + ServerCode.values().length);
  }
}

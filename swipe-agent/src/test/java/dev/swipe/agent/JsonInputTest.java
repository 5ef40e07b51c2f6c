package dev.swipe.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.strings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.agent.internal.JsonInput;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.core.Device;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The bounds of untrusted JSON: every refusal is coded, names where it happened, and names no Java
 * type.
 */
class JsonInputTest {
  private static final Set<String> CODES =
      Set.of("invalid_argument", "json_too_deep", "json_number_too_long", "json_string_too_long");
  private static final Pattern JAVA_WORDS = Pattern.compile("java\\.|com\\.fasterxml|Exception|`");

  private static ToolFailure refusal(String text) {
    try {
      JsonInput.read(text, "arguments");
    } catch (ToolFailure f) {
      assertThat(f.getMessage()).doesNotContainPattern(JAVA_WORDS);
      return f;
    }
    throw new AssertionError("accepted: " + text.substring(0, Math.min(80, text.length())));
  }

  @Test
  void nestingIsBoundedAndTheBoundItselfIsAccepted() {
    String deep = "[".repeat(10_000) + "]".repeat(10_000);
    ToolFailure f = refusal(deep);
    assertThat(f.code()).isEqualTo("json_too_deep");
    assertThat(f.details()).containsEntry("max_depth", JsonInput.MAX_DEPTH);
    String objects =
        "{\"a\":".repeat(JsonInput.MAX_DEPTH + 1) + "1" + "}".repeat(JsonInput.MAX_DEPTH + 1);
    assertThat(refusal(objects).code()).isEqualTo("json_too_deep");
    String atTheBound = "[".repeat(JsonInput.MAX_DEPTH) + "]".repeat(JsonInput.MAX_DEPTH);
    assertThat(JsonInput.read(atTheBound, "arguments").isArray()).isTrue();
  }

  @Test
  void numbersAreBoundedInLengthAndExponentAndNameTheirField() {
    String longest = "9".repeat(JsonInput.MAX_NUMBER_CHARS);
    assertThat(JsonInput.read("{\"n\":" + longest + "}", "arguments").get("n").isBigInteger())
        .isTrue();
    ToolFailure tooLong = refusal("{\"n\":" + longest + "9}");
    assertThat(tooLong.code()).isEqualTo("json_number_too_long");
    assertThat(tooLong.details()).containsEntry("field", "n");

    for (String literal :
        new String[] {"1e999999", "1e2147483648", "-1e-2147483649", "1E+999999999999", "2e1001"}) {
      ToolFailure f = refusal("{\"type\":\"tap\",\"start\":{\"x\":" + literal + ",\"y\":2}}");
      assertThat(f.code()).as(literal).isEqualTo("invalid_argument");
      assertThat(f.details()).as(literal).containsEntry("field", "start.x");
      assertThat(f.getMessage()).as(literal).startsWith("start.x: ");
    }
    ToolFailure inArray = refusal("{\"via\":[{\"x\":1,\"y\":2},{\"x\":1e99999,\"y\":2}]}");
    assertThat(inArray.details()).containsEntry("field", "via[1].x");
    // the largest exponent kept reads as a number (the tool's own validation says it is not finite)
    assertThat(JsonInput.read("{\"n\":-1e400}", "arguments").get("n").isNumber()).isTrue();
    assertThat(JsonInput.read("{\"n\":1e1000}", "arguments").get("n").isNumber()).isTrue();
  }

  @Test
  void anOutOfRangeNumberDoesNotStopTheReading() {
    JsonInput.Parsed p =
        JsonInput.parse(
            "{\"id\":7,\"params\":{\"x\":1e2147483648},\"method\":\"tools/call\"}"
                .getBytes(StandardCharsets.UTF_8),
            "message");
    assertThat(p.numberProblem()).isNotNull();
    assertThat(p.numberProblem().details()).containsEntry("field", "params.x");
    assertThat(p.value().get("id").asInt()).isEqualTo(7);
    assertThat(p.value().get("method").asText()).isEqualTo("tools/call");
    assertThat(p.value().get("params").get("x").isNull()).isTrue();
  }

  @Test
  void stringsAreBounded() {
    ToolFailure f =
        assertThrows(
            () -> JsonInput.parse("{\"s\":\"" + "a".repeat(5000) + "\"}", "arguments", 1000));
    assertThat(f.code()).isEqualTo("json_string_too_long");
    assertThat(f.details()).containsEntry("max_chars", 1000);
    assertThat(
            JsonInput.parse("{\"s\":\"" + "a".repeat(900) + "\"}", "arguments", 1000)
                .value()
                .get("s")
                .asText())
        .hasSize(900);
  }

  private static ToolFailure assertThrows(Runnable r) {
    try {
      r.run();
    } catch (ToolFailure f) {
      return f;
    }
    throw new AssertionError("no refusal");
  }

  @Test
  void syntaxErrorsSayWhereWithoutJavaNames() {
    ToolFailure hello = refusal("hello");
    assertThat(hello.code()).isEqualTo("invalid_argument");
    assertThat(hello.details()).containsEntry("field", "arguments").containsKeys("line", "column");
    assertThat(refusal("{").code()).isEqualTo("invalid_argument");
    assertThat(refusal("{} {}").getMessage()).contains("more after the JSON value");
    assertThat(refusal("{\"a\":1,\"a\":2}").getMessage()).isEqualTo("a: is given twice");
    assertThat(refusal("{\"a\":NaN}").code()).isEqualTo("invalid_argument");
    ToolFailure utf8 =
        assertThrows(
            () ->
                JsonInput.read(
                    new byte[] {'{', '"', (byte) 0xC3, (byte) 0x28, '"', ':', '1', '}'},
                    "arguments"));
    assertThat(utf8.code()).isEqualTo("invalid_argument");
    assertThat(utf8.getMessage()).doesNotContainPattern(JAVA_WORDS);
  }

  @Test
  void anyTextIsReadOrRefusedWithACode() {
    qt().withExamples(2000)
        .forAll(strings().allPossible().ofLengthBetween(0, 60), integers().between(0, 3))
        .checkAssert(
            (text, wrap) -> {
              String doc =
                  switch (wrap) {
                    case 0 -> text;
                    case 1 -> "{\"a\":" + text + "}";
                    case 2 -> "[" + text + "]";
                    default -> "{\"n\":1e" + text + "}";
                  };
              try {
                JsonNode n = JsonInput.read(doc, "arguments");
                assertThat(n).isNotNull();
              } catch (ToolFailure f) {
                assertThat(CODES).contains(f.code());
                assertThat(f.getMessage()).doesNotContainPattern(JAVA_WORDS);
                assertThat(f.details()).containsKey("field");
              }
            });
  }

  @Test
  void theDispatcherAnswersExponentOverflowWithInvalidArgumentNamingTheField() {
    try (Device phone = Device.open("sim:?scale=0.3");
        AgentRun run = AgentRun.start(phone)) {
      ToolDispatcher tools = new ToolDispatcher(run);
      String text =
          tools.call("touch_gesture", "{\"type\":\"tap\",\"start\":{\"x\":1e2147483648,\"y\":2}}");
      JsonNode parsed = JsonInput.read(text, "result");
      assertThat(parsed.get("error").get("code").asText()).isEqualTo("invalid_argument");
      assertThat(parsed.get("error").get("details").get("field").asText()).isEqualTo("start.x");
      assertThat(text).doesNotContainPattern(JAVA_WORDS);
      JsonNode big =
          JsonInput.read(
              tools.call(
                  "touch_gesture",
                  "{\"type\":\"swipe\",\"start\":{\"x\":1,\"y\":2},\"end\":{\"x\":3,\"y\":4},\"steps\":123456789012345678901234567890}"),
              "result");
      assertThat(big.get("error").get("code").asText()).isEqualTo("invalid_argument");
      assertThat(big.get("error").get("details").get("field").asText()).isEqualTo("steps");
    }
  }
}

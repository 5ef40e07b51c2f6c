package dev.swipe.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The content form's parser and the record's checks at their edges: each refusal names its key and
 * says why, each tolerance reads the same value back, and minus zero is stored as zero.
 */
class WidgetParametersEdgesTest {
  private static final String BASE = "app: A, widget: W";

  private static void refused(ThrowingCallable call, String field, String why) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo(field);
            })
        .hasMessageContaining(why);
  }

  private static WidgetParameters parse(String content) {
    return WidgetParameters.parse(content);
  }

  @Test
  void minusZeroIsStoredAsZeroWhereverItComesFrom() {
    WidgetParameters built =
        WidgetParameters.builder("A", "W").effectiveDistance(-0.0).center(-0.0, -0.0).build();
    assertThat(built.effectiveDistance()).isEqualTo(Double.valueOf(0.0));
    assertThat(built.centerX()).isEqualTo(Double.valueOf(0.0));
    assertThat(built.centerY()).isEqualTo(Double.valueOf(0.0));
    WidgetParameters axes = parse(BASE + ", distance: -0, center: x=-0 y=-0");
    assertThat(axes.effectiveDistance()).isEqualTo(Double.valueOf(0.0));
    assertThat(axes.centerX()).isEqualTo(Double.valueOf(0.0));
    assertThat(axes.centerY()).isEqualTo(Double.valueOf(0.0));
    WidgetParameters pair = parse(BASE + ", center: (-0, -0)");
    assertThat(pair.centerX()).isEqualTo(Double.valueOf(0.0));
    assertThat(pair.centerY()).isEqualTo(Double.valueOf(0.0));
  }

  @Test
  void aCentreNeedsBothAxes() {
    refused(
        () -> new WidgetParameters("A", null, "W", null, null, null, 500.0, null, null, null, null),
        "center position",
        "needs both x and y");
    refused(
        () -> new WidgetParameters("A", null, "W", null, null, null, null, 500.0, null, null, null),
        "center position",
        "needs both x and y");
  }

  @Test
  void extraKeysThatDifferOnlyInSpellingAreOneKey() {
    Map<String, String> extras = new LinkedHashMap<>();
    extras.put("Swipe Speed", "fast");
    extras.put("swipe_speed", "slow");
    refused(
        () ->
            new WidgetParameters("A", null, "W", null, null, null, null, null, null, null, extras),
        "extras",
        "is given twice");
  }

  @Test
  void fractionalNumbersAreWrittenAsTheyAreAndWholeOnesWithoutAPoint() {
    WidgetParameters p =
        WidgetParameters.builder("A", "W").effectiveDistance(35.5).rowPitch(40).build();
    assertThat(p.toContent()).contains("effective distance: 35.5").endsWith("row pitch: 40");
    assertThat(parse(p.toContent())).isEqualTo(p);
  }

  @Test
  void contentIsRefusedWhenBlankOversizedOrWithoutPairs() {
    refused(() -> parse(" \n\t "), "content", "is empty");
    refused(() -> parse(" , ; "), "content", "has no 'key: value' pairs");
    StringBuilder fill = new StringBuilder(BASE);
    int extra = 0;
    while (fill.length() < MemoryRecord.MAX_CONTENT - 2000) {
      fill.append(", e").append(extra++).append(": ").append("x".repeat(1500));
    }
    String head = fill + ", last: ";
    String exact = head + "y".repeat(MemoryRecord.MAX_CONTENT - head.length());
    assertThat(exact).hasSize(MemoryRecord.MAX_CONTENT);
    assertThat(parse(exact).extras()).containsKey("last");
    refused(() -> parse(exact + "y"), "content", "is longer than 8192 characters");
  }

  @Test
  void textThatIsNoKeyIsQuotedBackInTheError() {
    refused(() -> parse("app A"), "content", "at character 0 but found 'app A'");
    refused(() -> parse(": value"), "content", "does not start with a key such as 'app:'");
    refused(() -> parse("1app: x, widget: W"), "content", "does not start with a key");
  }

  @Test
  void aKeyWithNothingAfterItIsAnEmptyValue() {
    assertThat(parse(BASE + ", notes:").notes()).isNull();
    assertThat(parse(BASE + ", notes:   ").notes()).isNull();
  }

  @Test
  void quotedValuesAfterSpacesKeepTheirSeparatorsAndEndAtTheirQuote() {
    assertThat(parse(BASE + ", notes: \t \"a, b; c\"").notes()).isEqualTo("a, b; c");
    refused(() -> parse(BASE + ", notes: \"abc\\"), "notes", "unterminated quoted value");
    refused(() -> parse(BASE + ", notes: \"a\" b"), "notes", "has text after its quoted value");
    assertThat(parse(BASE + ", notes: \"a\" ; screen: S").screen()).isEqualTo("S");
  }

  @Test
  void theRequiredKeysAreNamedWhenMissing() {
    refused(() -> parse("widget: W"), "app", "is missing from the content");
    refused(() -> parse("app: A"), "widget", "is missing from the content");
  }

  @Test
  void aKeyGivenTwiceIsOneValueWrittenTwoWaysOrAContradiction() {
    assertThat(parse(BASE + ", hold after: 100ms, hold_after_ms: 100").holdAfterMs())
        .isEqualTo(100);
    refused(
        () -> parse(BASE + ", hold after: 100, hold_after_ms: 200"),
        "hold_after_ms",
        "is given twice with different values: '100' and '200'");
    assertThat(parse(BASE + ", screen: time  picker, page: time picker").screen())
        .isEqualTo("time  picker");
    // the same unreadable number twice is one value that does not read
    refused(() -> parse(BASE + ", distance: abc, distance: abc"), "effective distance", "abc");
    assertThatThrownBy(() -> parse(BASE + ", distance: abc, distance: abc"))
        .hasMessageNotContaining("given twice");
    // two different unreadable numbers contradict each other
    refused(
        () -> parse(BASE + ", distance: abc, distance: abd"),
        "effective distance",
        "is given twice with different values");
  }

  @Test
  void millisecondsAreWholeNumbersWithNoOtherUnit() {
    assertThat(parse(BASE + ", hold after: 100 MS").holdAfterMs()).isEqualTo(100);
    refused(() -> parse(BASE + ", hold after: soon"), "hold_after_ms", "is not a number");
    refused(() -> parse(BASE + ", hold after: 100s"), "hold_after_ms", "expected milliseconds");
    refused(() -> parse(BASE + ", hold after: 10.5"), "hold_after_ms", "not a whole number");
    refused(
        () -> parse(BASE + ", duration: 2147483648"), "duration_ms", "not a whole number of ms");
    // the largest int is a whole number of ms, refused only by the duration's range
    assertThatThrownBy(() -> parse(BASE + ", duration: 2147483647"))
        .isInstanceOf(SwipeException.class)
        .hasMessageNotContaining("whole number");
  }
}

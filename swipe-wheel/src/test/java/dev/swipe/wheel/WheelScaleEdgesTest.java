package dev.swipe.wheel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Where {@link WheelScale}'s rules change their answer: each limit from both sides. */
class WheelScaleEdgesTest {

  private static void refused(List<String> labels, String containing) {
    assertThatThrownBy(() -> WheelScale.infer(labels))
        .as("%s", labels)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code().id()).isEqualTo("wheel_labels_unrecognized");
              assertThat(e.getMessage()).contains(containing);
            });
  }

  @Test
  void theConstructorNamesTheFieldItRefusesAndTakesNoCycleForNull() {
    assertThatThrownBy(() -> new WheelScale(null, 1, OptionalInt.empty(), false, 0, false))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("kind"));
    assertThatThrownBy(
            () -> new WheelScale(WheelScale.Kind.NUMBER, 0, OptionalInt.empty(), false, 0, false))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("value_step"));
    assertThat(new WheelScale(WheelScale.Kind.NUMBER, 1, null, false, 0, false).cycleSize())
        .isEmpty();
    assertThatThrownBy(() -> WheelScale.infer(null))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("labels"));
  }

  @Test
  void moreThanHalfOfTheLabelsReadMustBeValues() {
    assertThat(WheelScale.infer(List.of("08", "09", "ab")).valueOf("09")).hasValue(9);
    refused(List.of("08", "09", "ab", "cd"), "no sequence");
    // blank and unread rows are not counted against the values
    assertThat(WheelScale.infer(Arrays.asList("08", "", "  ", null, "12")).step()).isEqualTo(1);
  }

  @Test
  void aColumnTriedWithoutAnOuterRowKeepsAtLeastThreeReadings() {
    // the first row misread: the three below it stand
    assertThat(WheelScale.infer(List.of("99", "22", "23", "24")).valueOf("23")).hasValue(23);
    // both outer rows misread: the two between them are too few to stand
    refused(List.of("99", "22", "23", "77"), "no sequence");
  }

  @Test
  void aStepIsCountedOverAnUnreadRowAndMustDivideTheGap() {
    WheelScale fives = WheelScale.infer(Arrays.asList("05", null, "15"));
    assertThat(fives.step()).isEqualTo(5);
    assertThat(fives.valueOf("15")).hasValue(15);
    refused(Arrays.asList("10", null, "13"), "no sequence");
  }

  @Test
  void onlyThreeOrMoreFallingValuesAreCalledFalling() {
    refused(List.of("12", "11", "10"), "decrease downward");
    assertThatThrownBy(() -> WheelScale.infer(List.of("11", "10")))
        .isInstanceOf(SwipeException.class)
        .hasMessageNotContaining("decrease");
  }

  @Test
  void amAndPmReadDownwardOneRowApart() {
    assertThat(WheelScale.infer(List.of("AM", "PM")).kind()).isEqualTo(WheelScale.Kind.MERIDIEM);
    assertThat(WheelScale.infer(List.of("a.m.", "p.m.")).valueOf("p.m.")).hasValue(1);
    refused(List.of("PM", "AM"), "no sequence");
    refused(Arrays.asList("AM", null, "PM"), "no sequence");
    assertThat(WheelScale.parse(WheelScale.Kind.MERIDIEM, "noon")).isEmpty();
  }

  @Test
  void monthsStepByOneAndKeepTheLengthOfTheirNames() {
    refused(List.of("Jan", "Mar", "May"), "no sequence");
    WheelScale shortNames = WheelScale.infer(List.of("Sept", "Oct", "Nov"));
    assertThat(shortNames.shortNames()).isTrue();
    assertThat(shortNames.label(8)).isEqualTo("Sep");
    WheelScale full = WheelScale.infer(List.of("March", "April", "May"));
    assertThat(full.shortNames()).isFalse();
    assertThat(full.label(8)).isEqualTo("September");
    assertThat(full.label(-1)).isEqualTo("December");
    assertThat(WheelScale.parse(WheelScale.Kind.MONTH, "Ma")).isEmpty();
    assertThat(WheelScale.parse(WheelScale.Kind.MONTH, "Mar")).hasValue(2);
    assertThat(WheelScale.parse(WheelScale.Kind.MONTH, "sept")).hasValue(8);
    assertThat(WheelScale.parse(WheelScale.Kind.MONTH, "Smarch")).isEmpty();
  }

  @Test
  void paddingIsTwoDigitsStartingWithZero() {
    assertThat(WheelScale.infer(List.of("08", "09", "10")).label(7)).isEqualTo("07");
    assertThat(WheelScale.infer(List.of("0", "1", "2")).label(7)).isEqualTo("7");
    assertThat(WheelScale.infer(List.of("0", "1", "2")).width()).isZero();
    assertThat(WheelScale.infer(List.of("15", "16", "017")).width())
        .as("a stray zero before a two-digit number is a misread, not a padding to three")
        .isZero();
    assertThat(WheelScale.infer(List.of("098", "099", "100")).width()).isEqualTo(3);
  }

  @Test
  void cyclesInferredFromValuesAtTheirLimits() {
    assertThat(WheelScale.infer(List.of("21", "22", "23")).cycleSize()).isEmpty();
    assertThat(WheelScale.infer(List.of("22", "23", "24")).cycleSize()).hasValue(60);
    assertThat(WheelScale.infer(List.of("57", "58", "59")).cycleSize()).hasValue(60);
    assertThat(WheelScale.infer(List.of("58", "59", "60")).cycleSize()).isEmpty();
    assertThat(WheelScale.infer(List.of("02", "04", "06")).cycleSize()).hasValue(60);
    assertThat(WheelScale.infer(List.of("07", "14", "21")).cycleSize()).isEmpty();
    assertThat(WheelScale.infer(List.of("21", "22", "23", "00")).cycleSize()).hasValue(24);
    assertThat(WheelScale.infer(List.of("1", "2", "3")).cycleSize()).hasValue(12);
    assertThat(WheelScale.infer(List.of("0", "1", "2")).cycleSize()).isEmpty();
    assertThat(WheelScale.infer(List.of("11", "12", "13")).cycleSize()).isEmpty();
  }

  @Test
  void aWrapSmallerThanAValueReadIsAMisread() {
    // 05 after 07: a "cycle" of 3 that 07 and 08 could never be on
    refused(List.of("07", "08", "05"), "no sequence");
    WheelScale wrapped = WheelScale.infer(List.of("10", "11", "00", "01"));
    assertThat(wrapped.cycleSeen()).isTrue();
    assertThat(wrapped.cycleSize()).hasValue(12);
  }

  @Test
  void reachableValuesLieOnTheStepAndInsideTheCycle() {
    WheelScale fours =
        new WheelScale(WheelScale.Kind.NUMBER, 4, OptionalInt.of(60), true, 2, false);
    assertThat(fours.reachable(1, 5)).isTrue();
    assertThat(fours.reachable(3, 1)).isFalse();
    assertThat(fours.reachable(0, 59)).isFalse();
    assertThat(fours.reachable(0, 56)).isTrue();
    assertThat(fours.reachable(0, 60)).isFalse();
    assertThat(fours.reachable(0, -4)).isFalse();
    WheelScale sevens =
        new WheelScale(WheelScale.Kind.NUMBER, 7, OptionalInt.of(60), true, 2, false);
    assertThat(sevens.reachable(0, 1))
        .as("7 and 60 share no divisor: every minute comes round")
        .isTrue();
    WheelScale years =
        new WheelScale(WheelScale.Kind.NUMBER, 5, OptionalInt.empty(), false, 0, false);
    assertThat(years.reachable(3, 13)).isTrue();
    assertThat(years.reachable(13, 3)).isTrue();
    assertThat(years.reachable(3, 4)).isFalse();
    assertThat(years.reachable(3, -2)).isTrue();
  }

  @Test
  void numbersAsTheReaderReadsThem() {
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, "|2")).hasValue(12);
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, "I5")).hasValue(15);
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, "lo")).as("no digit at all").isEmpty();
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, "l")).isEmpty();
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, "123456")).hasValue(123456);
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, "1234567")).isEmpty();
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, "1a")).isEmpty();
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, "  ")).isEmpty();
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, null)).isEmpty();
    assertThat(WheelScale.parse(WheelScale.Kind.NUMBER, " 07, ")).hasValue(7);
  }

  @Test
  void anUnreadLabelIsNamedAsBlankInTheError() {
    assertThatThrownBy(() -> WheelScale.infer(Arrays.asList("Alarm", null)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.details().get("labels")).isEqualTo(List.of("Alarm", "")));
  }
}

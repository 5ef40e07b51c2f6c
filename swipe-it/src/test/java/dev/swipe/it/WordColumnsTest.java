package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelScale;
import dev.swipe.wheel.WheelSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Columns of words that do not count (a repeat rule, cities) beside hour and minute: found as
 * columns, set to a label not yet in view by searching the way the column's order suggests, and
 * judged by the simulator's truth.
 */
class WordColumnsTest {
  @ParameterizedTest
  @ValueSource(strings = {"android", "ios", "flutter"})
  void aColumnOfWordsIsFoundBesideTheNumbers(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&words=repeat&platform=" + platform)) {
      WheelReading r = phone.wheels().read();
      assertThat(r.columns()).hasSize(3);
      WheelColumn words = r.columns().get(0);
      assertThat(words.scale().kind()).isEqualTo(WheelScale.Kind.OPTIONS);
      assertThat(words.selectionClear()).isTrue();
      assertThat(words.selectedLabel()).hasValue(SimOracle.of(phone).wheel("repeat").label());
      assertThat(r.columns().get(1).scale().kind()).isEqualTo(WheelScale.Kind.NUMBER);
    }
  }

  @ParameterizedTest
  @CsvSource({
    "android, repeat, Weekends",
    "ios, repeat, Once",
    "flutter, repeat, Yearly",
    "android, city, Tokyo",
    "ios, city, Accra",
    "flutter, city, Lisbon"
  })
  void aLabelNotInViewIsReachedAndClaimedOnlyWhenShown(
      String platform, String words, String target) {
    try (Device phone = Device.open("sim:?scene=picker&words=" + words + "&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      WheelSetResult r = phone.wheels().set(WheelSet.column(0).to(target));
      assertThat(r.label()).isEqualTo(target);
      assertThat(truth.wheel(words).label()).isEqualTo(target);
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aWholeAlarmWithItsRepeatRuleIsSetInOneCall(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&words=repeat&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      List<WheelSetResult> rs =
          phone
              .wheels()
              .setAll(
                  List.of(
                      WheelSet.column(0).to("Weekly"),
                      WheelSet.column(1).to(7),
                      WheelSet.column(2).to("30")));
      assertThat(rs).hasSize(3);
      assertThat(truth.wheel("repeat").label()).isEqualTo("Weekly");
      assertThat(truth.wheel("hour").value()).isEqualTo(7);
      assertThat(truth.wheel("minute").value()).isEqualTo(30);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aLabelOnNeitherSideIsRefusedWithEveryLabelSeen(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&words=repeat&platform=" + platform)) {
      assertThatThrownBy(() -> phone.wheels().set(WheelSet.column(0).to("Fortnightly")))
          .isInstanceOf(SwipeException.class)
          .hasFieldOrPropertyWithValue("code", WheelErrorCode.WHEEL_TARGET_UNREACHABLE)
          .hasMessageContaining("Once")
          .hasMessageContaining("Yearly");
    }
  }

  /**
   * A repeat option wider than its iOS column: at the selection, drawn largest, it is cut at both
   * sides and misread ("Neekday" for "Weekdays"). It is reached where it was read whole off the
   * selection (or turned a row off the selection to be read so), never reported absent, and claimed
   * only on that row.
   */
  @ParameterizedTest
  @CsvSource({"3037, 1, Weekdays", "3040, 6, Weekdays", "3046, 0, Weekends"})
  void aLabelCutAtTheSelectionIsReachedWhereItWasReadWhole(long seed, int startRow, String target) {
    try (Device phone =
        Device.open("sim:?scene=picker&words=repeat&looping=false&platform=ios&seed=" + seed)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("repeat", startRow);
      WheelSetResult r = phone.wheels().set(WheelSet.column(0).to(target));
      assertThat(truth.wheel("repeat").label()).isEqualTo(target);
      assertThat(r.label()).isEqualTo(target);
    }
  }

  /**
   * Repeat options at their first row beside a title and a field's label that stand left of the
   * column: the column's long labels, and its selected label where it stands alone, are read with
   * its short ones, and all three columns are set.
   */
  @ParameterizedTest
  @CsvSource({"3008, 22, 40, Monthly, 23, 10", "3162, 4, 20, Weekends, 23, 5"})
  void aColumnOfWordsAtItsStartBesideATitleIsSetWithTheOthers(
      long seed, int hour, int minute, String repeat, int toHour, int toMinute) {
    try (Device phone =
        Device.open("sim:?scene=picker&words=repeat&looping=false&platform=ios&seed=" + seed)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("repeat", 0);
      truth.setWheelValue("hour", hour);
      truth.setWheelValue("minute", minute);
      assertThat(phone.wheels().read().columns()).hasSize(3);
      phone
          .wheels()
          .setAll(
              List.of(
                  WheelSet.column(0).to(repeat),
                  WheelSet.column(1).to(toHour),
                  WheelSet.column(2).to(toMinute)));
      assertThat(truth.wheel("repeat").label()).isEqualTo(repeat);
      assertThat(truth.wheel("hour").value()).isEqualTo(toHour);
      assertThat(truth.wheel("minute").value()).isEqualTo(toMinute);
    }
  }

  /**
   * Every column near an end of a cylinder that does not loop (Monthly, second to last; hour 01;
   * minute 05): each column's rows lie mostly on one side of its selection, so none alone mirrors
   * about it, but the rows they show together do, and every column is read on that line.
   */
  @Test
  void aPickerWithEveryColumnNearAnEndIsReadOnTheLineItsRowsMirrorAboutTogether() {
    try (Device phone =
        Device.open("sim:?scene=picker&words=repeat&looping=false&platform=ios&seed=3029")) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("repeat", 5);
      truth.setWheelValue("hour", 1);
      truth.setWheelValue("minute", 5);
      List<WheelColumn> read = phone.wheels().read().columns();
      assertThat(read).hasSize(3);
      assertThat(read).allMatch(WheelColumn::selectionClear);
      assertThat(read)
          .extracting(c -> c.selectedLabel().orElse(""))
          .containsExactly("Monthly", "01", "05");
    }
  }
}

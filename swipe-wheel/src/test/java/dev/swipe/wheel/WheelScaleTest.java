package dev.swipe.wheel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class WheelScaleTest {
  private static final int[][] CYCLES_AND_STEPS = {
    {0, 1}, {0, 2}, {0, 5}, {0, 10}, {0, 15}, {60, 1}, {60, 5}, {60, 15}, {24, 1}, {24, 2}, {12, 1},
    {100, 1}, {100, 5}, {100, 10}
  };

  /** The labels a column shows: {@code rows} rows from {@code start}, one maybe unreadable. */
  static List<String> column(int start, int step, int cycle, boolean padded, int rows, int blank) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      int v = start + i * step;
      if (cycle > 0) {
        v = Math.floorMod(v, cycle);
      }
      out.add(
          i == blank ? "" : padded ? String.format(Locale.ROOT, "%02d", v) : Integer.toString(v));
    }
    return out;
  }

  @Test
  void numberColumnsReadBackTheirValuesStepAndAnyWrapInView() {
    // kind picks a cycle (0: none) and a step that divides it; look packs padding and the
    // unreadable row (-1: none); two readable labels across a wrap say nothing of the step,
    // so a column keeps three readable rows
    qt().forAll(
            integers().between(0, CYCLES_AND_STEPS.length - 1),
            integers().between(0, 200),
            integers().between(3, 7),
            integers().between(0, 15))
        .checkAssert(
            (kind, from, rows, look) -> {
              int cycle = CYCLES_AND_STEPS[kind][0];
              int step = CYCLES_AND_STEPS[kind][1];
              int start = cycle > 0 ? from % cycle : from;
              boolean padded = look % 2 == 1;
              int wanted = look / 2 - 1;
              int blank = wanted < rows && rows - (wanted >= 0 ? 1 : 0) >= 3 ? wanted : -1;
              List<String> labels = column(start, step, cycle, padded, rows, blank);
              WheelScale s = WheelScale.infer(labels);
              assertThat(s.kind()).isEqualTo(WheelScale.Kind.NUMBER);
              assertThat(s.step()).as("%s", labels).isEqualTo(step);
              boolean wraps = cycle > 0 && start + (rows - 1) * step >= cycle;
              // a wrap hidden behind the unreadable row cannot be seen
              if (wraps && s.cycleSeen()) {
                assertThat(s.cycleSize()).hasValue(cycle);
              }
              if (!wraps) {
                assertThat(s.cycleSeen()).isFalse();
              }
              for (int i = 0; i < rows; i++) {
                if (!labels.get(i).isEmpty()) {
                  int truth = cycle > 0 ? Math.floorMod(start + i * step, cycle) : start + i * step;
                  assertThat(s.valueOf(labels.get(i))).hasValue(truth);
                  if (padded && truth < 100) {
                    assertThat(s.label(truth)).isEqualTo(labels.get(i));
                  }
                }
              }
            });
  }

  @Test
  void twelveHourClocksCountOneToTwelveAcrossTheirWrap() {
    // a 12-hour clock shows 12 where a count from zero has 0: 11, 12, 1, 2; every window of it,
    // padded or not, reads back its own labels, and a wrap in view is a cycle of 12 from 1
    qt().forAll(integers().between(1, 12), integers().between(3, 7), booleans().all())
        .checkAssert(
            (top, rows, padded) -> {
              List<String> labels = new ArrayList<>();
              for (int i = 0; i < rows; i++) {
                int hour = (top - 1 + i) % 12 + 1;
                labels.add(padded ? String.format(Locale.ROOT, "%02d", hour) : "" + hour);
              }
              WheelScale s = WheelScale.infer(labels);
              assertThat(s.step()).as("%s", labels).isEqualTo(1);
              boolean wraps = top + rows - 1 > 12;
              assertThat(s.cycleSeen()).as("%s", labels).isEqualTo(wraps);
              if (wraps) {
                assertThat(s.cycleSize()).hasValue(12);
                assertThat(s.cycleStart()).isEqualTo(1);
              }
              for (int i = 0; i < rows; i++) {
                int hour = (top - 1 + i) % 12 + 1;
                assertThat(s.valueOf(labels.get(i))).hasValue(hour);
                assertThat(s.label(hour)).isEqualTo(labels.get(i));
                if (s.cycleSize().equals(OptionalInt.of(12))) {
                  // counting rows from the top row lands on the row's own hour, never on 0 or 13
                  assertThat(s.onCycle(top + i)).isEqualTo(hour);
                  assertThat(s.reachable(top, hour)).isTrue();
                }
              }
            });
  }

  @Test
  void aClockOfZeroToElevenStartsItsCycleAtZero() {
    WheelScale s = WheelScale.infer(List.of("9", "10", "11", "0", "1"));
    assertThat(s.cycleSize()).hasValue(12);
    assertThat(s.cycleStart()).isZero();
    assertThat(s.onCycle(12)).isZero();
    assertThat(s.reachable(0, 12)).isFalse();
    WheelScale hours = WheelScale.infer(List.of("10", "11", "12", "1", "2"));
    assertThat(hours.cycleStart()).isEqualTo(1);
    assertThat(hours.onCycle(0)).isEqualTo(12);
    assertThat(hours.reachable(1, 0)).isFalse();
    // a clock whose wrap is not in view is taken as 1 to 12, as 12-hour clocks count
    WheelScale guessed = WheelScale.infer(List.of("3", "4", "5", "6"));
    assertThat(guessed.cycleSize()).hasValue(12);
    assertThat(guessed.onCycle(3 - 3)).isEqualTo(12);
  }

  @Test
  void monthsInAnyCaseAndLengthAreACycleOfTwelve() {
    qt().forAll(integers().between(0, 11), integers().between(3, 7), booleans().all())
        .checkAssert(
            (start, rows, shortNames) -> {
              String[] full = {
                "January",
                "February",
                "March",
                "April",
                "May",
                "June",
                "July",
                "August",
                "September",
                "October",
                "November",
                "December"
              };
              List<String> labels = new ArrayList<>();
              for (int i = 0; i < rows; i++) {
                String m = full[(start + i) % 12];
                labels.add(shortNames ? m.substring(0, 3) : m.toUpperCase(Locale.ROOT));
              }
              WheelScale s = WheelScale.infer(labels);
              assertThat(s.kind()).isEqualTo(WheelScale.Kind.MONTH);
              assertThat(s.cycleSize()).hasValue(12);
              assertThat(s.valueOf(labels.get(0))).hasValue(start);
              assertThat(s.valueOf(s.label(start))).hasValue(start);
            });
  }

  @Test
  void clockColumnsGetTheirCycleFromTheirValuesWhenNoWrapIsInView() {
    assertThat(WheelScale.infer(List.of("25", "30", "35")).cycleSize()).hasValue(60);
    assertThat(WheelScale.infer(List.of("08", "09", "10")).cycleSize()).hasValue(24);
    assertThat(WheelScale.infer(List.of("8", "9", "10")).cycleSize()).hasValue(12);
    assertThat(WheelScale.infer(List.of("2024", "2025", "2026")).cycleSize()).isEmpty();
    assertThat(WheelScale.infer(List.of("58", "59", "00", "01")).cycleSeen()).isTrue();
    assertThat(WheelScale.infer(List.of("AM", "PM")).kind()).isEqualTo(WheelScale.Kind.MERIDIEM);
    assertThat(WheelScale.infer(Arrays.asList("Jun", null, "Aug")).valueOf("Aug")).hasValue(7);
  }

  @Test
  void aMisreadOutermostRowDoesNotHideTheColumn() {
    WheelScale hours = WheelScale.infer(List.of("421", "22", "23", "00", "01", "02", "NR"));
    assertThat(hours.step()).isEqualTo(1);
    assertThat(hours.cycleSize()).hasValue(24);
    assertThat(WheelScale.infer(List.of("14", "15", "16", "17", "18", "10")).valueOf("16"))
        .hasValue(16);
  }

  @Test
  void aMisreadLabelMakesNoCycleOffTheStepAndIsOutvotedByTheRest() {
    // 10 read as 1 after 00, 05: no cycle of 9 on a column of fives
    WheelScale minutes = WheelScale.infer(List.of("55", "00", "05", "1"));
    assertThat(minutes.step()).isEqualTo(5);
    assertThat(minutes.cycleSize()).hasValue(60);
    // one label inside a long column that fits nothing is outvoted by four that agree
    WheelScale hours = WheelScale.infer(List.of("07", "08", "1", "10", "11"));
    assertThat(hours.step()).isEqualTo(1);
    assertThat(hours.cycleSeen()).isFalse();
    assertThat(hours.valueOf("10")).hasValue(10);
  }

  @Test
  void aCycleHoldsEveryValueInView() {
    // 10, 11, 12 unpadded: no clock of 0-11 (its 12 would be 0), so a 24-hour clock
    assertThat(WheelScale.infer(List.of("10", "11", "12")).cycleSize()).hasValue(24);
    assertThat(WheelScale.infer(List.of("9", "10", "11")).cycleSize()).hasValue(12);
  }

  @Test
  void ocrConfusionsOfDigitsStillRead() {
    WheelScale s = WheelScale.infer(List.of("O8", "09", "l0"));
    assertThat(s.valueOf("O8")).hasValue(8);
    assertThat(s.valueOf("l0")).hasValue(10);
  }

  @Test
  void reachableRespectsTheStepAndTheCycle() {
    WheelScale minutes = WheelScale.infer(List.of("25", "30", "35"));
    assertThat(minutes.reachable(30, 45)).isTrue();
    assertThat(minutes.reachable(30, 47)).isFalse();
    assertThat(minutes.reachable(30, 60)).isFalse();
    WheelScale years = WheelScale.infer(List.of("2024", "2025", "2026"));
    assertThat(years.reachable(2025, 1999)).isTrue();
    assertThat(years.valueOf("Jun")).isEqualTo(OptionalInt.empty());
  }

  @Test
  void labelsOfNoSequenceAreACodedErrorNamingThem() {
    for (List<String> bad :
        List.of(
            List.of("Alarm", "Save", "Label"),
            List.of("12", "7", "40"),
            List.of("09"),
            List.of("35", "30", "25"))) {
      assertThatThrownBy(() -> WheelScale.infer(bad))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code().id()).isEqualTo("wheel_labels_unrecognized");
                assertThat(e.details().get("labels")).isEqualTo(bad);
              });
    }
  }
}

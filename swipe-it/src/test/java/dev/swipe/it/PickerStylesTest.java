package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelSet;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pickers that mark their selected row each way real ones do (a band behind same-ink rows as iOS 14
 * and later draw it, a bold row, two lines, faded rows), read and set with the real OCR engine and
 * judged by the simulator's truth. A band lowers its row's contrast, so the old "drawn strongest"
 * rule read every column one row off there.
 */
class PickerStylesTest {
  private static final List<String> COLUMNS = List.of("month", "hour", "minute");

  static Stream<Arguments> styles() {
    return Stream.of("android", "ios", "flutter")
        .flatMap(p -> Stream.of("band", "bold", "lines", "platform").map(s -> Arguments.of(p, s)));
  }

  @ParameterizedTest
  @MethodSource("styles")
  void everyColumnReadsItsTrueValueOrClaimsNone(String platform, String style) {
    for (int seed = 1; seed <= 3; seed++) {
      String uri =
          "sim:?scene=picker&platform="
              + platform
              + "&picker_style="
              + style
              + "&seed="
              + (40 + seed)
              + (seed == 2 ? "&theme=dark" : "");
      try (Device phone = Device.open(uri)) {
        SimOracle truth = SimOracle.of(phone);
        Random rnd = new Random(seed);
        // a month at each end of its wheel, then anywhere
        truth.setWheelValue("month", seed == 1 ? 0 : seed == 2 ? 11 : rnd.nextInt(12));
        truth.setWheelValue("hour", rnd.nextInt(24));
        phone.screenshot();
        Observation shot = phone.screenshot();
        WheelReading reading = phone.wheels().read(shot, null);
        SimState state = truth.state();
        assertThat(reading.columns()).as(uri).hasSize(3);
        for (int i = 0; i < 3; i++) {
          WheelColumn c = reading.columns().get(i);
          SimState.Wheel w = state.wheel(COLUMNS.get(i)).orElseThrow();
          int expected = i == 0 ? w.index() : w.value();
          assertThat(c.selectionClear()).as("%s %s", uri, COLUMNS.get(i)).isTrue();
          assertThat(c.selectionCues()).hasSizeGreaterThanOrEqualTo(2);
          assertThat(c.value()).as("%s %s", uri, COLUMNS.get(i)).hasValue(expected);
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("styles")
  void setWheelClaimsOnlyWhatTheWheelShows(String platform, String style) {
    try (Device phone =
        Device.open("sim:?scene=picker&platform=" + platform + "&picker_style=" + style)) {
      SimOracle truth = SimOracle.of(phone);
      WheelSetResult hour = phone.wheels().set(WheelSet.column(1).to(17));
      assertThat(hour.value()).isEqualTo(17);
      assertThat(truth.wheel("hour").value()).isEqualTo(17);
      WheelSetResult month = phone.wheels().set(WheelSet.column(0).to("Mar"));
      assertThat(month.label()).isEqualTo("Mar");
      assertThat(truth.wheel("month").label()).isEqualTo("Mar");
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  /**
   * A device whose first reading leaves a column's selection unclear (a bold face the reader cannot
   * tell from the others on one frame): setWheels moves that column one row, reads it again and
   * goes on, rather than refusing or guessing.
   */
  @org.junit.jupiter.api.Test
  void aColumnWhoseMarksDisagreeIsMovedOneRowAndReadAgain() {
    long seed = 3013;
    try (Device phone =
        Device.open("sim:?scene=picker&platform=android&picker_style=bold&seed=" + seed)) {
      SimOracle truth = SimOracle.of(phone);
      // the start and target values SetWheelBench draws for this device
      Random rnd = new Random(seed);
      int[] targets = new int[3];
      for (int c = 0; c < 3; c++) {
        SimState.Wheel w = truth.wheel(COLUMNS.get(c));
        int a = rnd.nextInt(w.rowCount());
        int b;
        do {
          b = rnd.nextInt(w.rowCount());
        } while (b == a);
        truth.setWheelValue(COLUMNS.get(c), a * w.valueStep());
        targets[c] = b * w.valueStep();
      }
      phone.screenshot();
      WheelReading first = phone.wheels().read();
      assertThat(first.columns()).anyMatch(c -> !c.selectionClear());
      List<WheelSetResult> rs =
          phone
              .wheels()
              .setAll(
                  List.of(
                      WheelSet.column(0)
                          .to(truth.wheel("month").label().equals("Jan") ? "Feb" : "Jan"),
                      WheelSet.column(1).to(targets[1]),
                      WheelSet.column(2).to(targets[2])));
      assertThat(truth.wheel("hour").value()).isEqualTo(targets[1]);
      assertThat(truth.wheel("minute").value()).isEqualTo(targets[2]);
      assertThat(rs.get(0).label()).isEqualTo(truth.wheel("month").label());
      assertThat(rs.stream().flatMap(r -> r.evidence().stream()))
          .anyMatch(e -> e.contains("selection unclear; moved one row"));
    }
  }
}

package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.core.WheelReading;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pickers whose screens the text reader reads badly, read and set from pixels with the real OCR
 * engine and judged by the simulator's truth: a row left unread (so the rows either side of it look
 * adjacent), a cylinder's compressed outer rows, a misread outer label, a whole column the screen's
 * read missed. Each device is put where the SetWheelBench device of the same number starts, where
 * these readings went wrong.
 */
class WheelsOnHardScreensTest {
  private static final String[] COLUMNS = {"month", "hour", "minute"};
  private static final String[] MONTHS = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
  };

  /** Sets each column where the benchmark's device starts; returns the targets it then asks for. */
  private static int[] startAsTheBenchmark(SimOracle truth, long number) {
    Random rnd = new Random(number);
    SimState s = truth.state();
    int[] targets = new int[3];
    for (int c = 0; c < 3; c++) {
      SimState.Wheel w = s.wheel(COLUMNS[c]).orElseThrow();
      int a = rnd.nextInt(w.rowCount());
      int b;
      do {
        b = rnd.nextInt(w.rowCount());
      } while (b == a);
      truth.setWheelValue(COLUMNS[c], a * w.valueStep());
      targets[c] = b * w.valueStep();
    }
    return targets;
  }

  /**
   * Every column found, each with the step, value and pitch drawn: 3022 and 3036 (android) lose a
   * column's rows to the screen's read, 3031, 3145 and 3182 (ios) leave the hour's selected row or
   * every other row unread (read before as 11 / 13 / 15, a step of 2), 3043 misreads a minute's
   * outer 10 as 1 (read before as a cycle of 9), 3059, 3123 and 3163 hold the month near its end
   * where the cylinder's compressed rows formed a run as long as the selection's, 3098 and 3135
   * (android) draw the hour's 11-13 in a serif face whose two stems the line finder took for an
   * outline, so the hour column was missed, and 3025 (ios) holds the month at Jan, its rows below
   * the selection only and pressed together by the cylinder (read 15% short on its own).
   */
  @ParameterizedTest
  @CsvSource({
    "android,3022",
    "android,3036",
    "android,3098",
    "android,3135",
    "ios,3025",
    "ios,3031",
    "ios,3043",
    "ios,3059",
    "ios,3123",
    "ios,3145",
    "ios,3163",
    "ios,3182"
  })
  void readsEveryColumnWithItsStepAndValue(String platform, long number) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform + "&seed=" + number)) {
      SimOracle truth = SimOracle.of(phone);
      startAsTheBenchmark(truth, number);
      WheelReading reading = phone.wheels().read(phone.screenshot(), null);
      SimState s = truth.state();
      assertThat(reading.columns()).as("columns").hasSize(3);
      for (int i = 0; i < 3; i++) {
        SimState.Wheel w = s.wheel(COLUMNS[i]).orElseThrow();
        WheelColumn c = reading.columns().get(i);
        assertThat(c.index()).isEqualTo(i);
        assertThat(Math.abs(c.columnX() - w.columnXNorm())).as(COLUMNS[i] + " x").isLessThan(30);
        assertThat(c.scale().step()).as(COLUMNS[i] + " step").isEqualTo(i == 0 ? 1 : w.valueStep());
        assertThat(c.value()).as(COLUMNS[i] + " value").hasValue(i == 0 ? w.index() : w.value());
        if (c.scale().cycleSize().isPresent()) {
          assertThat(c.scale().cycleSize().getAsInt()).as(COLUMNS[i] + " cycle").isIn(12, 24, 60);
        }
        assertThat(c.rowSpacing())
            .as(COLUMNS[i] + " pitch")
            .isCloseTo(w.rowPitchNorm(), org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(Math.abs(c.centerY() - w.selectedCenterYNorm()))
            .as(COLUMNS[i] + " centre")
            .isLessThan(w.rowPitchNorm() / 4);
      }
    }
  }

  /**
   * The devices whose whole set the benchmark refused, set in one call from where they start; on
   * 3035 (android) the reader makes out only one label of the hour at 12 (11 above it), so the
   * reread after the nudge counts the value from the row it read; on 3069 (android) the hour's
   * unread 12 once made a reread pair 11 with 13 and aim the next drag a row off the wheel.
   */
  @ParameterizedTest
  @CsvSource({"android,3022", "android,3035", "android,3069", "ios,3031", "ios,3043"})
  void setsTheWholeTimeOnDevicesWhoseFirstReadingWentWrong(String platform, long number) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform + "&seed=" + number)) {
      SimOracle truth = SimOracle.of(phone);
      int[] targets = startAsTheBenchmark(truth, number);
      List<WheelSet> sets = new ArrayList<>();
      sets.add(WheelSet.column(0).to(MONTHS[targets[0]]));
      sets.add(WheelSet.column(1).to(String.format(Locale.ROOT, "%02d", targets[1])));
      sets.add(WheelSet.column(2).to(String.format(Locale.ROOT, "%02d", targets[2])));
      phone.wheels().setAll(sets);
      for (int c = 0; c < 3; c++) {
        assertThat(truth.wheel(COLUMNS[c]).value()).as(COLUMNS[c]).isEqualTo(targets[c]);
      }
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  /**
   * 10, 11, 12 unpadded in an android hour column: a cycle of 12 cannot hold the 12 in view, so the
   * column is a 24-hour clock, and an hour past 12 is reached without a guess widened first.
   */
  @ParameterizedTest
  @CsvSource({"android"})
  void twelveInViewIsNoClockOfZeroToEleven(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("hour", 11);
      WheelColumn hour = phone.wheels().read(phone.screenshot(), null).columns().get(1);
      assertThat(hour.labelsBelow()).contains("12");
      assertThat(hour.scale().cycleSize()).hasValue(24);
      phone.wheels().set(WheelSet.column(1).to("12"));
      assertThat(truth.wheel("hour").value()).isEqualTo(12);
      phone.wheels().set(WheelSet.column(1).to("02"));
      assertThat(truth.wheel("hour").value()).isEqualTo(2);
      assertThat(truth.editorOpen()).isFalse();
    }
  }
}

package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelScale;
import dev.swipe.wheel.WheelSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Whole dates (a day column as long as its month and year allow, a long year column that stops) and
 * 12-hour clocks (minutes by 15, AM/PM on two rows), set in one call and judged by the simulator's
 * truth.
 */
class DatesAndClocksTest {
  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aWholeDateIsSetYearMonthThenDay(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&layout=date&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      List<WheelSetResult> rs =
          phone
              .wheels()
              .setAll(
                  List.of(
                      WheelSet.column(2).to("2024"),
                      WheelSet.column(0).to("Feb"),
                      WheelSet.column(1).to("29")));
      assertThat(truth.wheel("year").value()).isEqualTo(2024);
      assertThat(truth.wheel("month").label()).isEqualTo("Feb");
      assertThat(truth.wheel("day").value()).isEqualTo(29);
      assertThat(rs).extracting(WheelSetResult::label).containsExactly("2024", "Feb", "29");
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  /**
   * Month and day at or near their starts (January and 2; February and 2): their rows lie mostly
   * below their selection, so the middle of their rows is not the picker's selected line; the band
   * and the faded rows still place each column's selection, and the year beside them is read where
   * it stands, not a row low.
   */
  @ParameterizedTest
  @CsvSource({
    "ios, 3001, 0, 2, 1997",
    "android, 3001, 0, 2, 1997",
    "ios, 3020, 1, 2, 2040",
    "android, 3020, 1, 2, 2040"
  })
  void aDateWhoseMonthAndDayStandNearTheirStartsIsReadAndSet(
      String platform, long seed, int month, int day, int year) {
    try (Device phone =
        Device.open("sim:?scene=picker&layout=date&seed=" + seed + "&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("month", month);
      truth.setWheelValue("day", day);
      truth.setWheelValue("year", year);
      WheelReading r = phone.wheels().read();
      assertThat(r.columns()).hasSize(3);
      assertThat(r.columns())
          .as("every column's marks agree")
          .allMatch(WheelColumn::selectionClear);
      assertThat(r.columns())
          .extracting(c -> c.value().orElse(-1))
          .containsExactly(month, day, year);
      phone
          .wheels()
          .setAll(
              List.of(
                  WheelSet.column(2).to("2010"),
                  WheelSet.column(0).to("Oct"),
                  WheelSet.column(1).to("16")));
      assertThat(truth.wheel("year").value()).isEqualTo(2010);
      assertThat(truth.wheel("month").label()).isEqualTo("Oct");
      assertThat(truth.wheel("day").value()).isEqualTo(16);
    }
  }

  /**
   * A year a whole century away: at most six rows a nudge, the column needs more nudges than a
   * short gap, and the run guard's allowance for the gap bounds them, not a fixed count.
   */
  @ParameterizedTest
  @CsvSource({"ios, 3157, 2047, 1953", "android, 3157, 2050, 1950"})
  void aYearACenturyAwayIsSetWithinTheGuardsAllowanceForItsGap(
      String platform, long seed, int from, int to) {
    try (Device phone =
        Device.open("sim:?scene=picker&layout=date&seed=" + seed + "&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("year", from);
      WheelSetResult r = phone.wheels().set(WheelSet.column(2).to(Integer.toString(to)));
      assertThat(truth.wheel("year").value()).isEqualTo(to);
      assertThat(r.label()).isEqualTo(Integer.toString(to));
      assertThat(r.nudges()).as("more nudges than a short gap's 16").hasSizeGreaterThan(16);
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aDayPastTheNewMonthsEndIsReadWhereItWasClampedNeverAsSet(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&layout=date&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("year", 2023);
      truth.setWheelValue("month", 0);
      phone.wheels().set(WheelSet.column(1).to("31"));
      assertThat(truth.wheel("day").value()).isEqualTo(31);
      phone.wheels().set(WheelSet.column(0).to("Feb"));
      assertThat(truth.wheel("day").value()).as("February 2023 has 28 days").isEqualTo(28);
      WheelReading r = phone.wheels().read();
      WheelColumn day = r.columns().get(1);
      assertThat(day.selectionClear()).isTrue();
      assertThat(day.value()).hasValue(28);
    }
  }

  /**
   * A date drawn the iOS 14 way (one band behind rows of one ink, no other mark) with columns at
   * their ends: a column at its end has only the band of its own, so the middle of the picker must
   * come from a column clear of its ends or, where every column is at one, from the rows the
   * columns show together. January beside the 31st, and every column at an end, were refused. On
   * Android's three rows a column at an end shows two, whose band is told from the page by the
   * empty row slot beside them.
   */
  @ParameterizedTest
  @CsvSource({
    "ios, 0, 31, 2043",
    "ios, 11, 1, 1950",
    "ios, 0, 1, 2050",
    "ios, 11, 31, 1950",
    "android, 0, 31, 2043",
    "android, 11, 31, 2043",
    "android, 0, 1, 1990",
    "android, 11, 1, 2050",
    "android, 11, 1, 1950",
    "android, 0, 31, 2050",
    "android, 0, 1, 2050"
  })
  void aBandedDateWithColumnsAtTheirEndsIsRead(String platform, int month, int day, int year) {
    try (Device phone =
        Device.open(
            "sim:?scene=picker&layout=date&picker_style=band&seed=61018&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("month", month);
      truth.setWheelValue("day", day);
      truth.setWheelValue("year", year);
      WheelReading r = phone.wheels().read();
      assertThat(r.columns()).hasSize(3);
      assertThat(r.columns()).allMatch(WheelColumn::selectionClear);
      assertThat(r.columns())
          .extracting(c -> c.value().orElse(-1))
          .containsExactly(month, day, year);
    }
  }

  /**
   * Every column of a three-row banded date at the same end (January, the 1st, 1950) shows its
   * selected row and the one below: their rows together mirror about no row, so nothing says the
   * band is not one row lower. No picker is claimed; it is not guessed.
   */
  @ParameterizedTest
  @CsvSource({"0, 1, 1950", "11, 31, 2050"})
  void aBandedDateWithEveryColumnAtTheSameEndIsNotGuessed(int month, int day, int year) {
    try (Device phone =
        Device.open(
            "sim:?scene=picker&layout=date&picker_style=band&seed=61018&platform=android")) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("month", month);
      truth.setWheelValue("day", day);
      truth.setWheelValue("year", year);
      WheelReading r = phone.wheels().read();
      for (WheelColumn c : r.columns()) {
        // a column read alone may stand, but never at a value its wheel does not show
        if (c.selectionClear() && c.value().isPresent()) {
          int v = c.value().getAsInt();
          int shown = c.scale().kind() == WheelScale.Kind.MONTH ? month : v >= 1000 ? year : day;
          assertThat(v).as("column %d", c.index()).isEqualTo(shown);
        }
      }
    }
  }

  /**
   * A clock that does not loop with every column at an end shows two rows of each on a three-row
   * picker, so no column alone has the rows to be one: read from the columns together, where their
   * own marks agree on one line, then set away from the ends and back.
   */
  @ParameterizedTest
  @CsvSource({"12, 0, 0", "1, 0, 0", "1, 45, 1", "12, 45, 1"})
  void aClockWithEveryColumnAtAnEndIsReadFromItsColumnsTogether(
      int hour, int minute, int meridiem) {
    try (Device phone =
        Device.open("sim:?scene=picker&layout=time12&looping=false&platform=android")) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("hour", hour);
      truth.setWheelValue("minute", minute);
      truth.setWheelValue("meridiem", meridiem);
      WheelReading r = phone.wheels().read();
      assertThat(r.columns()).hasSize(3);
      assertThat(r.columns()).allMatch(WheelColumn::selectionClear);
      assertThat(r.columns())
          .extracting(c -> c.selectedLabel().orElse(""))
          .containsExactly(
              String.valueOf(hour),
              minute == 0 ? "00" : String.valueOf(minute),
              meridiem == 0 ? "AM" : "PM");
      String otherHour = hour == 1 ? "6" : "7";
      phone
          .wheels()
          .setAll(
              List.of(
                  WheelSet.column(0).to(otherHour),
                  WheelSet.column(1).to("30"),
                  WheelSet.column(2).to(meridiem == 0 ? "PM" : "AM")));
      assertThat(truth.wheel("hour").label()).isEqualTo(otherHour);
      assertThat(truth.wheel("minute").value()).isEqualTo(30);
      assertThat(truth.wheel("meridiem").value()).isEqualTo(1 - meridiem);
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  /**
   * Minutes at 45 and AM at their ends (two rows each) beside an hour whose selected "3" the reader
   * leaves unread in this phone's serif face: the two columns at their ends are the picker, and the
   * hour is found where its rows are drawn.
   */
  @Test
  void aClockWhoseSelectedHourGoesUnreadBesideColumnsAtTheirEndsIsSet() {
    try (Device phone =
        Device.open("sim:?scene=picker&layout=time12&looping=false&platform=android&seed=3180")) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("hour", 3);
      truth.setWheelValue("minute", 45);
      truth.setWheelValue("meridiem", 0);
      phone
          .wheels()
          .setAll(
              List.of(
                  WheelSet.column(0).to("5"),
                  WheelSet.column(1).to("00"),
                  WheelSet.column(2).to("PM")));
      assertThat(truth.wheel("hour").value()).isEqualTo(5);
      assertThat(truth.wheel("minute").value()).isZero();
      assertThat(truth.wheel("meridiem").label()).isEqualTo("PM");
    }
  }

  /**
   * A 12-hour clock that loops counts 11, 12, 1: with its 12 in view beside a 1 the hour column is
   * read as 12 (not refused as a sequence that goes back), and set across that wrap either way.
   */
  @ParameterizedTest
  @CsvSource({
    "flutter, bold, 12, 2",
    "flutter, platform, 11, 1",
    "ios, platform, 1, 11",
    "ios, band, 12, 10",
    "android, platform, 2, 12",
    "android, lines, 10, 12"
  })
  void aLoopingTwelveHourClockIsReadAndSetAcrossItsTwelve(
      String platform, String style, int from, int to) {
    try (Device phone =
        Device.open(
            "sim:?scene=picker&layout=time12&looping=true&platform="
                + platform
                + "&picker_style="
                + style)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("hour", from);
      WheelColumn hour = phone.wheels().read().columns().get(0);
      assertThat(hour.selectionClear()).isTrue();
      assertThat(hour.selectedLabel()).hasValue(String.valueOf(from));
      assertThat(hour.value()).hasValue(from);
      phone.wheels().setAll(List.of(WheelSet.column(0).to(String.valueOf(to))));
      assertThat(truth.wheel("hour").value()).isEqualTo(to);
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios", "flutter"})
  void aTwelveHourClockIsSetWithItsMeridiem(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&layout=time12&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      phone
          .wheels()
          .setAll(
              List.of(
                  WheelSet.column(0).to("7"),
                  WheelSet.column(1).to("45"),
                  WheelSet.column(2).to("PM")));
      assertThat(truth.wheel("hour").value()).isEqualTo(7);
      assertThat(truth.wheel("minute").value()).isEqualTo(45);
      assertThat(truth.wheel("meridiem").label()).isEqualTo("PM");
      assertThat(truth.editorOpen()).isFalse();
    }
  }
}

package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelSet;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pickers read from pixels with the real OCR engine and set in one call, judged by the simulator's
 * truth (which the SDK never sees).
 */
class WheelsFromPixelsTest {
  private static final List<String> COLUMNS = List.of("month", "hour", "minute");

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void readsEachColumnsGeometryAndValueAsTheSimulatorDrewThem(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform)) {
      Observation shot = phone.screenshot();
      WheelReading reading = phone.wheels().read(shot, null);
      SimState truth = SimOracle.of(phone).state();
      assertThat(reading.columns()).hasSize(3);
      for (int i = 0; i < 3; i++) {
        WheelColumn c = reading.columns().get(i);
        SimState.Wheel w = truth.wheel(COLUMNS.get(i)).orElseThrow();
        assertThat(c.index()).isEqualTo(i);
        assertThat(c.selectedLabel()).as(COLUMNS.get(i)).hasValue(w.label());
        int expected = COLUMNS.get(i).equals("month") ? w.index() : w.value();
        assertThat(c.value()).hasValue(expected);
        assertThat(c.scale().step()).isEqualTo(COLUMNS.get(i).equals("month") ? 1 : w.valueStep());
        // within 2% of the drawn pitch and a quarter row of the drawn centre
        assertThat(c.rowSpacing())
            .isCloseTo(w.rowPitchNorm(), org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(Math.abs(c.centerY() - w.selectedCenterYNorm()))
            .isLessThan(w.rowPitchNorm() / 4);
        assertThat(Math.abs(c.columnX() - w.columnXNorm())).isLessThan(30);
        assertThat(c.confidence()).isBetween(0.5, 1.0);
      }
    }
  }

  /**
   * A nudge on the way to the target returns once the column's rows rest, before the picker's crawl
   * has died out (its screen unsettled), and the target is claimed only on a later screenshot that
   * shows it, as the wheel then stands.
   */
  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void nudgesOnTheWayDoNotWaitForTheCrawlButTheClaimIsTheWheelsRest(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform + "&seed=3001")) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("minute", 0);
      WheelSetResult set = phone.wheels().set(WheelSet.column(2).to("25"));
      List<WheelNudgeResult> played =
          set.nudges().stream().filter(n -> n.action().isPresent()).toList();
      assertThat(played).isNotEmpty();
      assertThat(played)
          .as("each nudge returned as soon as the column rested")
          .allMatch(n -> !n.observation().settled());
      assertThat(set.observation().settled()).as("the screenshot the claim rests on").isTrue();
      assertThat(set.observation().id())
          .isNotEqualTo(played.get(played.size() - 1).observation().id());
      assertThat(truth.wheel("minute").value()).isEqualTo(25);
      assertThat(set.label()).isEqualTo("25");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void setsMonthHourAcrossMidnightAndMinuteByFivesWithoutOvershootOrEditor(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      WheelSetResult month = phone.wheels().set(WheelSet.columnShowing("Jun").to("Sep"));
      assertThat(month.label()).isEqualTo("Sep");
      assertThat(truth.wheel("month").label()).isEqualTo("Sep");

      WheelSetResult late = phone.wheels().set(WheelSet.column(1).to("23"));
      assertThat(truth.wheel("hour").value()).isEqualTo(23);
      WheelSetResult early = phone.wheels().set(WheelSet.column(1).to(2));
      assertThat(truth.wheel("hour").value()).isEqualTo(2);
      assertThat(early.actions()).as("23 -> 02 wraps: 3 rows, not 21").isLessThanOrEqualTo(2);

      WheelSetResult minute = phone.wheels().set(WheelSet.columnAt(800).to("45"));
      assertThat(truth.wheel("minute").value()).isEqualTo(45);
      assertThat(minute.evidence()).isNotEmpty();
      assertThat(minute.nudges().get(minute.nudges().size() - 1).action())
          .as("the release plays nothing")
          .isEmpty();

      assertThat(truth.editorOpen()).isFalse();
      for (String c : COLUMNS) {
        assertThat(truth.wheel(c).overshoots()).as(c).isZero();
      }
    }
  }

  /**
   * A 24-hour column read away from its wrap only guesses its cycle, so hour 27 is tried; once the
   * wrap comes into view the guess is settled and the target refused, long before the column's
   * budget runs out.
   */
  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void anHourBeyondTheClockIsRefusedOnceTheWrapIsInView(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      assertThatThrownBy(() -> phone.wheels().set(WheelSet.column(1).to("27")))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
                assertThat(e.details()).containsEntry("cycle_size", 24);
                assertThat(e.details().get("labels_seen").toString()).contains("00");
              });
      assertThat(truth.wheel("hour").value()).isBetween(0, 23);
      assertThat(truth.wheel("hour").overshoots()).isZero();
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  /**
   * Seeded devices whose month column read short or long before the columns shared their pitch: at
   * its end (Jan, Dec: two or three rows drawn) or with names whose capitals and descenders move
   * the rows' ink (both platforms; on ios the rows are on a cylinder).
   */
  @ParameterizedTest
  @CsvSource({"ios,3000", "ios,3001", "ios,3003", "ios,3004", "ios,3005", "android,3000"})
  void everyColumnsPitchIsWithinTwoPercentOfTheDrawnOne(String platform, long seed) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform + "&seed=" + seed)) {
      SimOracle truth = SimOracle.of(phone);
      java.util.Random rnd = new java.util.Random(seed);
      for (String c : COLUMNS) {
        SimState.Wheel w = truth.wheel(c);
        truth.setWheelValue(c, rnd.nextInt(w.rowCount()) * w.valueStep());
      }
      WheelReading reading = phone.wheels().read(phone.screenshot(), null);
      SimState s = truth.state();
      assertThat(reading.columns()).hasSize(3);
      for (int i = 0; i < 3; i++) {
        SimState.Wheel w = s.wheel(COLUMNS.get(i)).orElseThrow();
        WheelColumn c = reading.columns().get(i);
        assertThat(c.selectedLabel()).as(COLUMNS.get(i)).hasValue(w.label());
        assertThat(c.rowSpacing())
            .as(COLUMNS.get(i) + " pitch")
            .isCloseTo(w.rowPitchNorm(), org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(Math.abs(c.centerY() - w.selectedCenterYNorm()))
            .isLessThan(w.rowPitchNorm() / 4);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void setsAMinuteColumnThatStepsByFiveOnANumberPicker(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&picker=numberpicker&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      assertThat(truth.wheel("minute").valueStep()).isEqualTo(5);
      WheelColumn minute = phone.wheels().read().columns().get(2);
      assertThat(minute.scale().step()).isEqualTo(5);
      assertThat(minute.value()).hasValue(truth.wheel("minute").value());

      WheelSetResult back = phone.wheels().set(WheelSet.column(2).to("05"));
      assertThat(back.value()).isEqualTo(5);
      assertThat(truth.wheel("minute").value()).isEqualTo(5);
      assertThat(back.actions()).as("30 -> 05 is five rows of five minutes").isBetween(1, 2);
      // 05 -> 50 wraps backwards past 00: three rows, not nine
      WheelSetResult wrap = phone.wheels().set(WheelSet.column(2).to(50));
      assertThat(truth.wheel("minute").value()).isEqualTo(50);
      assertThat(wrap.actions()).isBetween(1, 2);
      assertThat(truth.wheel("hour").value()).as("independent wheels: the hour stays").isEqualTo(9);

      int before = truth.pointerLog().size();
      assertThatThrownBy(() -> phone.wheels().set(WheelSet.column(2).to("07")))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
                assertThat(e.details()).containsEntry("value_step", 5);
              });
      assertThat(truth.pointerLog()).hasSize(before);
      assertThat(truth.editorOpen()).isFalse();
      assertThat(truth.wheel("minute").overshoots()).isZero();
    }
  }

  /**
   * The TimePicker spinner's hour follows its minute past 59/00: a full time set in either order
   * ends on the hour and the minute asked for, the wrap crossed forwards and backwards.
   */
  @ParameterizedTest
  @CsvSource({
    "9, 55, 10, 3, hour", // forwards past 00 with the hour set first: the wrap moves it to 11, set
    // back
    "14, 4, 13, 57, minute", // backwards past 59 with the minute first: the wrap brings the hour to
    // 13
    "14, 4, 13, 57, hour" // backwards with the hour first: the wrap takes it to 12, set back
  })
  void setsAFullTimeAcrossTheMinuteWrapOnTheTimePicker(
      int h0, int m0, int h1, int m1, String first) {
    try (Device phone = Device.open("sim:?scene=picker&platform=android&picker=timepicker")) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("hour", h0);
      truth.setWheelValue("minute", m0);
      WheelSet hour = WheelSet.column(1).to(String.format("%02d", h1));
      WheelSet minute = WheelSet.column(2).to(m1);
      List<WheelSetResult> r =
          phone
              .wheels()
              .setAll(first.equals("hour") ? List.of(hour, minute) : List.of(minute, hour));
      assertThat(truth.wheel("hour").value()).isEqualTo(h1);
      assertThat(truth.wheel("minute").value()).isEqualTo(m1);
      WheelSetResult hourResult = r.get(first.equals("hour") ? 0 : 1);
      assertThat(hourResult.value()).isEqualTo(h1);
      boolean setBack = hourResult.evidence().stream().anyMatch(l -> l.contains("set again"));
      assertThat(setBack)
          .as("the hour was set back after the wrap")
          .isEqualTo(first.equals("hour"));
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android"})
  void setWheelsRefusesBadRequestsBeforeItNudges(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      int before = truth.pointerLog().size();
      assertThatThrownBy(() -> phone.wheels().setAll(List.of()))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("requests"));
      assertThatThrownBy(
              () ->
                  phone
                      .wheels()
                      .setAll(
                          List.of(WheelSet.column(1).to(3), WheelSet.columnShowing("09").to(4))))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("requests"));
      assertThat(truth.pointerLog()).hasSize(before);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android"})
  void aNudgeBesideThePickerIsRefusedAndOneOnItMoves(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform)) {
      Observation shot = phone.screenshot();
      WheelColumn hour = phone.wheels().read(shot, null).columns().get(1);
      // aimed beside the picker, where nothing turns: refused before anything is played
      int reports = SimOracle.of(phone).pointerLog().size();
      assertThatThrownBy(
              () ->
                  phone
                      .wheels()
                      .nudge(
                          shot,
                          WheelRequest.builder()
                              .currentValue(9)
                              .targetValue(12)
                              .cycleSize(24)
                              .valueStep(1)
                              .columnX(60)
                              .centerY(hour.centerY())
                              .rowSpacing(hour.rowSpacing())
                              .build()))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.WHEEL_NOT_FOUND));
      assertThat(SimOracle.of(phone).pointerLog()).hasSize(reports);
      assertThat(SimOracle.of(phone).wheel("hour").value()).isEqualTo(9);

      Observation again = phone.screenshot();
      WheelNudgeResult hit = phone.wheels().nudge(again, hour.requestTo(12));
      assertThat(hit.moved()).isTrue();
      assertThat(hit.noOp()).isFalse();
      int now = SimOracle.of(phone).wheel("hour").value();
      assertThat(hit.labelNow()).hasValue(String.format("%02d", now));
      assertThat(hit.rowsObserved()).hasValue(now - 9);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void badRequestsAreCodedErrorsWithTheEvidenceAndNudgeNothing(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      int before = truth.pointerLog().size();
      assertThatThrownBy(() -> phone.wheels().set(WheelSet.column(2).to("75")))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
                assertThat(e.details().get("labels_seen").toString()).contains("30");
              });
      assertThatThrownBy(() -> phone.wheels().set(WheelSet.column(0).to("Smarch")))
          .hasFieldOrPropertyWithValue("code", WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
      assertThatThrownBy(() -> phone.wheels().set(WheelSet.column(0).to(12)))
          .hasFieldOrPropertyWithValue("code", WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
      assertThatThrownBy(() -> phone.wheels().set(WheelSet.column(5).to("1")))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("column"));
      assertThatThrownBy(() -> phone.wheels().set(WheelSet.columnShowing("Xyz").to("1")))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("column"));
      assertThatThrownBy(() -> WheelSet.column(-1))
          .hasFieldOrPropertyWithValue("code", CommonCode.INVALID_ARGUMENT);
      assertThatThrownBy(() -> WheelSet.column(0).to(" "))
          .hasFieldOrPropertyWithValue("code", CommonCode.INVALID_ARGUMENT);
      // a band too short to hold three rows holds no column
      Observation shot = phone.screenshot();
      WheelColumn hour = phone.wheels().read(shot, null).columns().get(1);
      NormRegion oneRow =
          NormRegion.of(0, hour.centerY() - hour.rowSpacing() / 2, 1000, hour.rowSpacing());
      assertThat(phone.wheels().read(shot, oneRow).columns()).isEmpty();
      assertThat(truth.pointerLog()).hasSize(before);
    }
    try (Device list = Device.open("sim:?scene=list&platform=" + platform)) {
      assertThat(list.wheels().read().columns()).as("names are no picker").isEmpty();
      assertThatThrownBy(() -> list.wheels().set(WheelSet.column(0).to("1")))
          .hasFieldOrPropertyWithValue("code", ErrorCode.WHEEL_NOT_FOUND);
    }
  }
}

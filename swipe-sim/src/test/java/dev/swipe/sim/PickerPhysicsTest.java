package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Swipe;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Picker wheels: NumberPicker on Android, UIPickerView on iOS, checked against the oracle. */
class PickerPhysicsTest {
  private static final Duration REST = Duration.ofSeconds(10);

  private static NormPoint selected(SimState.Wheel w) {
    return NormPoint.of(w.columnXNorm(), w.selectedCenterYNorm());
  }

  private static NormPoint rowsBelow(SimState.Wheel w, double rows) {
    return NormPoint.of(w.columnXNorm(), w.selectedCenterYNorm() + rows * w.rowPitchNorm());
  }

  @Test
  void oracleGivesWheelGeometryAndValues() {
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&scale=0.5")) {
      SimState.Wheel hour = phone.oracle().wheel("hour");
      assertThat(hour.value()).isEqualTo(9);
      assertThat(hour.cycleSize()).isEqualTo(OptionalInt.of(24));
      assertThat(hour.rowPitchPx()).isEqualTo(90.0); // 60 dp at density 3, scale 0.5
      assertThat(hour.rowPitchNorm()).isCloseTo(90.0 / 1199 * 1000, within(1e-9));
      SimState.Wheel minute = phone.oracle().wheel("minute");
      assertThat(minute.value()).isEqualTo(30);
      assertThat(minute.valueStep()).as("TimePicker: 60 minute rows").isEqualTo(1);
      assertThat(minute.rowCount()).isEqualTo(60);
      assertThat(minute.cycleSize()).isEqualTo(OptionalInt.of(60));
      SimState.Wheel month = phone.oracle().wheel("month");
      assertThat(month.label()).isEqualTo("Jun");
      assertThat(month.cycleSize()).isEmpty();
    }
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&platform=ios&scale=0.5")) {
      assertThat(phone.oracle().wheel("hour").rowPitchPx()).as("32 pt rows").isEqualTo(48.0);
      assertThat(phone.oracle().wheel("minute").valueStep()).isEqualTo(5);
    }
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&picker=numberpicker&scale=0.5")) {
      assertThat(phone.oracle().wheel("minute").valueStep()).isEqualTo(5);
      assertThat(phone.oracle().wheel("minute").rowCount()).isEqualTo(12);
    }
  }

  @Test
  void androidTapOnTheSelectedRowOpensTheEditorAndKeyboard() {
    try (Device d = Device.open("sim:?scene=picker&scale=0.5")) {
      SimOracle oracle = SimOracle.of(d);
      d.tap(selected(oracle.wheel("hour")));
      assertThat(oracle.editorOpen()).isTrue();
      assertThat(oracle.keyboardVisible()).isTrue();
      assertThat(oracle.wheel("hour").value()).isEqualTo(9);
      // Typing a value and Enter commits it, like NumberPicker's inline EditText.
      d.key(Key.keyboard(0x1E, "1"));
      d.key(Key.keyboard(0x25, "8"));
      d.key(Key.ENTER);
      assertThat(oracle.editorOpen()).isFalse();
      assertThat(oracle.keyboardVisible()).isFalse();
      assertThat(oracle.wheel("hour").value()).isEqualTo(18);
    }
  }

  @Test
  void androidLongPressOnTheSelectedRowOpensTheEditorAt400Ms() {
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&scale=0.5")) {
      NormPoint at = selected(phone.oracle().wheel("minute"));
      Play.gesture(phone, new LongPress(at, 390));
      assertThat(phone.oracle().editorOpen())
          .as("released before 400 ms, after the tap timeout")
          .isFalse();
      Play.gesture(phone, new LongPress(at, 450));
      assertThat(phone.oracle().editorOpen()).isTrue();
      assertThat(phone.oracle().keyboardVisible()).isTrue();
    }
  }

  @Test
  void androidTapOnTheRowBelowStepsByOne() {
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&scale=0.5")) {
      SimState.Wheel hour = phone.oracle().wheel("hour");
      Play.gesture(phone, dev.swipe.core.gesture.Tap.at(rowsBelow(hour, 1)));
      assertThat(phone.oracle().awaitRest(REST).wheel("hour").orElseThrow().value()).isEqualTo(10);
      assertThat(phone.oracle().keyboardVisible()).isFalse();
    }
  }

  @Test
  void iosTapOnAVisibleRowCentresIt() {
    try (Device d = Device.open("sim:?scene=picker&platform=ios&scale=0.5")) {
      SimOracle oracle = SimOracle.of(d);
      SimState.Wheel hour = oracle.wheel("hour");
      d.tap(rowsBelow(hour, 2));
      SimState rest = oracle.awaitRest(REST);
      assertThat(rest.wheel("hour").orElseThrow().value()).isEqualTo(11);
      assertThat(rest.wheel("hour").orElseThrow().position()).isEqualTo(11.0);
      d.tap(selected(oracle.wheel("hour")));
      assertThat(oracle.keyboardVisible())
          .as("iOS: a tap on the selected row does nothing")
          .isFalse();
      d.tap(rowsBelow(oracle.wheel("month"), -3));
      assertThat(oracle.awaitRest(REST).wheel("month").orElseThrow().label()).isEqualTo("Mar");
    }
  }

  @Test
  void slowDragThatDwellsMovesWholeRowsWithoutFling() {
    for (String platform : new String[] {"android", "ios"}) {
      try (SimPhone phone =
          SimPhone.open("sim:?input=ideal&scene=picker&scale=0.5&platform=" + platform)) {
        SimState.Wheel minute = phone.oracle().wheel("minute");
        // Drag the finger up by 3 rows: larger values come to the centre.
        Play.gesture(phone, Play.drag(900, 120, selected(minute), rowsBelow(minute, -3)));
        assertThat(phone.oracle().lastTouchVelocity()).isEqualTo(SimState.Velocity.ZERO);
        SimState.Wheel rest = phone.oracle().awaitRest(REST).wheel("minute").orElseThrow();
        assertThat(rest.value()).as(platform).isEqualTo(platform.equals("android") ? 33 : 45);
        assertThat(rest.moving()).isFalse();
      }
    }
  }

  @Test
  void aFlingOvershootsAWheelTargetBySeveralRows() {
    for (String platform : new String[] {"android", "ios"}) {
      try (SimPhone phone =
          SimPhone.open("sim:?input=ideal&scene=picker&scale=0.5&platform=" + platform)) {
        SimState.Wheel hour = phone.oracle().wheel("hour");
        phone.oracle().setWheelTarget("hour", 10);
        // A quick flick up from the selected row: meant for the next hour, flies past it.
        Play.gesture(
            phone,
            Swipe.builder(selected(hour), rowsBelow(hour, -1.5))
                .durationMs(60)
                .steps(6)
                .holdBeforeMs(0)
                .holdAfterMs(0)
                .build());
        SimState.Wheel rest = phone.oracle().awaitRest(REST).wheel("hour").orElseThrow();
        assertThat(rest.overshoots()).as(platform).isEqualTo(1);
        assertThat(rest.maxRowsPastTarget()).as(platform).isGreaterThanOrEqualTo(2);
        assertThat(rest.value()).isGreaterThanOrEqualTo(12);
        assertThat(rest.position()).isEqualTo(Math.rint(rest.position()));
      }
    }
  }

  @Test
  void cyclicWheelsWrapAndTestsCanPlaceAWheel() {
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&scale=0.5")) {
      phone.oracle().setWheelValue("minute", 59);
      SimState.Wheel minute = phone.oracle().wheel("minute");
      assertThat(minute.value()).isEqualTo(59);
      Play.gesture(phone, dev.swipe.core.gesture.Tap.at(rowsBelow(minute, 1)));
      SimState rest = phone.oracle().awaitRest(REST);
      assertThat(rest.wheel("minute").orElseThrow().value()).as("59 + 1 wraps").isZero();
      assertThat(rest.wheel("hour").orElseThrow().value())
          .as("TimePicker: the wrap moves the hour")
          .isEqualTo(10);
    }
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&picker=numberpicker&scale=0.5")) {
      phone.oracle().setWheelValue("minute", 55);
      SimState.Wheel minute = phone.oracle().wheel("minute");
      Play.gesture(phone, dev.swipe.core.gesture.Tap.at(rowsBelow(minute, 1)));
      SimState rest = phone.oracle().awaitRest(REST);
      assertThat(rest.wheel("minute").orElseThrow().value()).as("55 + 5 wraps").isZero();
      assertThat(rest.wheel("hour").orElseThrow().value())
          .as("independent NumberPickers")
          .isEqualTo(9);
    }
  }

  @Test
  void monthWheelStopsAtItsEnds() {
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&scale=0.5")) {
      SimState.Wheel month = phone.oracle().wheel("month");
      for (int i = 0; i < 4; i++) {
        Play.gesture(
            phone,
            Swipe.builder(selected(month), rowsBelow(month, -1.4))
                .durationMs(50)
                .steps(5)
                .holdBeforeMs(0)
                .build());
        phone.oracle().awaitRest(REST);
      }
      assertThat(phone.oracle().wheel("month").label()).isEqualTo("Dec");
    }
  }

  @Test
  void tappingTheLabelBelowThePickerBringsUpTheKeyboard() {
    try (Device d = Device.open("sim:?scene=picker&scale=0.5")) {
      SimState.Wheel hour = SimOracle.of(d).wheel("hour");
      double below = hour.selectedCenterYNorm() + 2.6 * hour.rowPitchNorm();
      d.tap(NormPoint.of(500, below));
      assertThat(SimOracle.of(d).keyboardVisible()).isTrue();
      assertThat(SimOracle.of(d).editorOpen()).isFalse();
      d.key(Key.BACK);
      assertThat(SimOracle.of(d).keyboardVisible()).isFalse();
    }
  }
}

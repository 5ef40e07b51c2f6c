package dev.swipe.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.sim.SimOracle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SetAlarm sets the picker from what it reads; the simulator's oracle says what the wheels show.
 */
class SetAlarmTest {

  @ParameterizedTest
  @CsvSource({"android,7,40", "ios,18,5"})
  void setsBothWheelsToTheAlarmTime(String platform, int hour, int minute) {
    ConsoleCapture out = new ConsoleCapture();
    try (Device phone = Device.open("sim:?scene=picker&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      assertThat(truth.wheel("hour").value())
          .as("the picker does not start at the alarm time")
          .isNotEqualTo(hour);
      int month = truth.wheel("month").value();
      truth.setWheelTarget("hour", hour);
      truth.setWheelTarget("minute", minute);
      SetAlarm.Alarm alarm = SetAlarm.set(phone, hour, minute, out.stream);
      out.echoed();
      assertThat(truth.wheel("hour").value()).isEqualTo(hour);
      assertThat(truth.wheel("minute").value()).isEqualTo(minute);
      assertThat(Integer.parseInt(alarm.hour())).as("the claimed hour").isEqualTo(hour);
      assertThat(Integer.parseInt(alarm.minute())).as("the claimed minute").isEqualTo(minute);
      assertThat(truth.editorOpen()).isFalse();
      assertThat(truth.wheel("hour").overshoots() + truth.wheel("minute").overshoots()).isZero();
      assertThat(truth.wheel("month").value()).as("the month wheel is left alone").isEqualTo(month);
    }
  }

  @Test
  void aBadTimeIsACodedErrorNotAStackTrace() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    int status = SetAlarm.run(new String[] {"sim:?scene=picker", "25:00"}, out.stream, err.stream);
    assertThat(status).isEqualTo(2);
    assertThat(err.text())
        .startsWith("error invalid_argument: time:")
        .contains("field=time")
        .doesNotContain("\tat ");
    assertThat(out.text()).isEmpty();
    status = SetAlarm.run(new String[] {"sim:?scene=picker", "7.30"}, out.stream, err.stream);
    assertThat(status).isEqualTo(2);
  }

  @Test
  void aScreenWithoutATimePickerIsWheelNotFound() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    int status =
        SetAlarm.run(new String[] {"sim:?scene=carousel", "07:30"}, out.stream, err.stream);
    assertThat(status).isEqualTo(2);
    assertThat(err.text()).startsWith("error wheel_not_found:").doesNotContain("\tat ");
  }
}

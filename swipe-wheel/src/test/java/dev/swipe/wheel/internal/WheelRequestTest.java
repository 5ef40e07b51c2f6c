package dev.swipe.wheel.internal;

import static dev.swipe.wheel.internal.Fixtures.minutes;
import static dev.swipe.wheel.internal.Fixtures.years;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.wheel.WheelRequest;
import org.junit.jupiter.api.Test;

class WheelRequestTest {

  private static void assertInvalid(WheelRequest.Builder b, String field) {
    assertThatThrownBy(b::build)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code().id()).isEqualTo("invalid_argument");
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo(field);
              assertThat(e.details()).containsEntry("field", field);
              assertThat(e.getMessage()).startsWith(field + ":");
            });
  }

  @Test
  void validRequestKeepsEveryField() {
    WheelRequest r = minutes(10, 40).visibleTargetY(540.0).build();
    assertThat(r.currentValue()).isEqualTo(10);
    assertThat(r.targetValue()).isEqualTo(40);
    assertThat(r.cycleSize()).hasValue(60);
    assertThat(r.valueStep()).hasValue(5);
    assertThat(r.columnX()).isEqualTo(500.0);
    assertThat(r.centerY()).isEqualTo(500.0);
    assertThat(r.rowSpacing()).isEqualTo(40.0);
    assertThat(r.visibleTargetY()).hasValue(540.0);
    assertThat(r.cyclic()).isTrue();
    assertThat(r.orderProbe()).isFalse();
    assertThat(r.withCurrentValue(15).currentValue()).isEqualTo(15);
  }

  @Test
  void missingRequiredFieldsAreNamed() {
    assertInvalid(
        WheelRequest.builder().targetValue(1).columnX(1.0).centerY(1.0).rowSpacing(40.0),
        "current_value");
    assertInvalid(
        WheelRequest.builder().currentValue(1).columnX(1.0).centerY(1.0).rowSpacing(40.0),
        "target_value");
    assertInvalid(minutes(0, 5).columnX(null), "column_x");
    assertInvalid(minutes(0, 5).centerY(null), "center_y");
    assertInvalid(minutes(0, 5).rowSpacing(null), "row_spacing");
  }

  @Test
  void intLiteralsBuildARequestAndNullLeavesAFieldAbsent() {
    WheelRequest r =
        WheelRequest.builder()
            .currentValue(9)
            .targetValue(18)
            .cycleSize(24)
            .valueStep(1)
            .columnX(500)
            .centerY(375)
            .rowSpacing(75)
            .visibleTargetY(450)
            .build();
    assertThat(r.columnX()).isEqualTo(500.0);
    assertThat(r.centerY()).isEqualTo(375.0);
    assertThat(r.rowSpacing()).isEqualTo(75.0);
    assertThat(r.visibleTargetY()).hasValue(450.0);
    Integer absent = null;
    Double none = null;
    WheelRequest probe =
        WheelRequest.builder()
            .currentValue(9)
            .targetValue(18)
            .cycleSize(absent)
            .valueStep(absent)
            .columnX(500)
            .centerY(375)
            .rowSpacing(75)
            .visibleTargetY(none)
            .build();
    assertThat(probe.cycleSize()).isEmpty();
    assertThat(probe.orderProbe()).isTrue();
    assertThat(probe.visibleTargetY()).isEmpty();
    assertInvalid(WheelRequest.builder().currentValue(9).targetValue(18).columnX(500), "center_y");
  }

  @Test
  void geometryMustBeFiniteAndNormalized() {
    for (double bad : new double[] {-0.001, 1000.001, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertInvalid(minutes(0, 5).columnX(bad), "column_x");
      assertInvalid(minutes(0, 5).centerY(bad), "center_y");
      assertInvalid(minutes(0, 5).visibleTargetY(bad), "visible_target_y");
    }
    assertThat(minutes(0, 5).columnX(0.0).centerY(1000.0).build().centerY()).isEqualTo(1000.0);
  }

  @Test
  void rowSpacingMustBePositiveAndSane() {
    for (double bad :
        new double[] {0.0, -40.0, Double.NaN, Double.NEGATIVE_INFINITY, 3.99, 250.01}) {
      assertInvalid(minutes(0, 5).rowSpacing(bad), "row_spacing");
    }
    assertThat(minutes(0, 5).rowSpacing(4.0).build().rowSpacing()).isEqualTo(4.0);
    assertThat(minutes(0, 5).rowSpacing(250.0).build().rowSpacing()).isEqualTo(250.0);
  }

  @Test
  void visibleTargetMustNotBeTheSelectedRow() {
    assertInvalid(minutes(0, 5).visibleTargetY(500.0), "visible_target_y");
  }

  @Test
  void cycleAndStepRules() {
    assertInvalid(minutes(0, 0).cycleSize(1), "cycle_size");
    assertInvalid(minutes(0, 0).cycleSize(0), "cycle_size");
    assertInvalid(minutes(0, 5).valueStep(0), "value_step");
    assertInvalid(minutes(0, 5).valueStep(-5), "value_step");
    assertInvalid(minutes(0, 5).valueStep(60), "value_step");
    assertInvalid(minutes(0, 5).valueStep(7), "value_step"); // 7 does not divide 60
    assertThat(minutes(0, 15).valueStep(15).build().valueStep()).hasValue(15);
  }

  @Test
  void cyclicValuesMustLieInTheCycle() {
    assertInvalid(minutes(61, 5), "current_value");
    assertInvalid(minutes(-5, 5), "current_value");
    assertInvalid(minutes(0, 65), "target_value");
    assertThat(minutes(55, 0).build().currentValue()).isEqualTo(55);
  }

  @Test
  void theTopOfACycleIsItsZero() {
    // a 12-hour clock counts 1 to 12: its 12 is the row a count from 0 calls 0
    WheelRequest r = minutes(12, 11).cycleSize(12).valueStep(1).build();
    assertThat(r.currentValue()).isZero();
    assertThat(r.targetValue()).isEqualTo(11);
    assertThat(minutes(50, 60).build().targetValue()).isZero();
  }

  @Test
  void linearValuesAreBounded() {
    assertThat(years(-1_000_000, 1_000_000).build().targetValue()).isEqualTo(1_000_000);
    assertInvalid(years(1_000_001, 0), "current_value");
    assertInvalid(years(0, -1_000_001), "target_value");
  }

  @Test
  void stepAbsentMeansOrderProbe() {
    WheelRequest r = minutes(10, 40).valueStep(null).build();
    assertThat(r.orderProbe()).isTrue();
    assertThat(r.valueStep()).isEmpty();
  }
}

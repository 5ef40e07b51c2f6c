package dev.swipe.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.SwipeException;
import java.util.List;
import org.junit.jupiter.api.Test;

class WholeReportsTest {

  @Test
  void everyReportIsOneStepAlongTheLongerAxisAndTheRestIsUnderOneStep() {
    qt().forAll(
            integers().between(-5000, 5000),
            integers().between(-5000, 5000),
            integers().between(1, 127))
        .checkAssert(
            (dx, dy, step) -> {
              List<RelativePointing.Counts> reports = RelativePointing.wholeReports(dx, dy, step);
              long sumX = 0;
              long sumY = 0;
              for (RelativePointing.Counts c : reports) {
                assertThat(Math.max(Math.abs(c.dx()), Math.abs(c.dy()))).isEqualTo(step);
                assertThat(Math.abs(c.dx())).isLessThanOrEqualTo(127);
                assertThat(Math.abs(c.dy())).isLessThanOrEqualTo(127);
                sumX += c.dx();
                sumY += c.dy();
              }
              assertThat(Math.max(Math.abs(dx - sumX), Math.abs(dy - sumY))).isLessThan(step);
              // never overshoots an axis: the sums keep the sign and stay within the move
              assertThat(Math.abs(sumX)).isLessThanOrEqualTo(Math.abs(dx));
              assertThat(Math.abs(sumY)).isLessThanOrEqualTo(Math.abs(dy));
            });
  }

  @Test
  void aMoveUnderOneStepSendsNothing() {
    assertThat(RelativePointing.wholeReports(7, -7, 8)).isEmpty();
    assertThat(RelativePointing.wholeReports(0, 0, 1)).isEmpty();
  }

  @Test
  void aStepOutsideTheReportRangeIsNamed() {
    assertThatThrownBy(() -> RelativePointing.wholeReports(10, 10, 0))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("max_step");
    assertThatThrownBy(() -> RelativePointing.wholeReports(10, 10, 128))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("max_step");
  }
}

package dev.swipe.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

import org.junit.jupiter.api.Test;

class NormSpaceTest {
  @Test
  void theEdgesMapToTheFirstAndLastPixel() {
    qt().forAll(integers().between(2, 20_000))
        .checkAssert(
            size -> {
              assertThat(NormSpace.toPixel(0, size)).isZero();
              assertThat(NormSpace.toPixel(NormSpace.MAX, size)).isEqualTo(size - 1.0);
              assertThat(NormSpace.toNorm(size - 1.0, size)).isEqualTo(NormSpace.MAX);
            });
  }

  @Test
  void aOnePixelAxisDoesNotDivideByZero() {
    assertThat(NormSpace.span(1)).isEqualTo(1.0);
    assertThat(NormSpace.toNorm(0, 1)).isZero();
    assertThat(NormSpace.toPixel(NormSpace.MAX, 1)).isEqualTo(1.0);
  }

  @Test
  void toNormUndoesToPixel() {
    qt().forAll(doubles().between(0, NormSpace.MAX), integers().between(1, 20_000))
        .checkAssert(
            (n, size) ->
                assertThat(NormSpace.toNorm(NormSpace.toPixel(n, size), size))
                    .isCloseTo(n, within(1e-9)));
  }

  @Test
  void theConversionKeepsOrderAndIsLinear() {
    qt().forAll(
            doubles().between(0, NormSpace.MAX),
            doubles().between(0, NormSpace.MAX),
            integers().between(2, 20_000))
        .checkAssert(
            (a, b, size) -> {
              double pa = NormSpace.toPixel(a, size);
              double pb = NormSpace.toPixel(b, size);
              if (a <= b) {
                assertThat(pa).isLessThanOrEqualTo(pb);
              }
              assertThat(pb - pa).isCloseTo((b - a) / 1000 * (size - 1), within(1e-6));
            });
  }
}

package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.PixelPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.HidCapabilities;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoordinatesTest {

  @Test
  void endpointsMapToFirstAndLastPixel() {
    PixelPoint p = NormPoint.of(1000, 1000).toPixel(1080, 2400);
    assertThat(p.x()).isEqualTo(1079);
    assertThat(p.y()).isEqualTo(2399);
    assertThat(NormPoint.of(0, 0).toPixel(1080, 2400)).isEqualTo(new PixelPoint(0, 0));
    assertThat(NormPoint.CENTER.toPixel(1081, 2401)).isEqualTo(new PixelPoint(540, 1200));
  }

  @Test
  void oneByOneImageUsesTheMaxOneRule() {
    assertThat(NormPoint.of(1000, 500).toPixel(1, 1)).isEqualTo(new PixelPoint(1000.0 / 1000, 0.5));
    assertThat(NormPoint.fromPixel(0, 0, 1, 1)).isEqualTo(NormPoint.of(0, 0));
  }

  @Test
  void normalizedToPixelAndBackStaysWithinOneUnit() {
    qt().forAll(
            doubles().between(0, 1000),
            doubles().between(0, 1000),
            integers().between(1, 4000),
            integers().between(1, 4000))
        .checkAssert(
            (x, y, w, h) -> {
              PixelPoint px = NormPoint.of(x, y).toPixel(w, h);
              // rounding to whole pixels, as a screenshot does, still lands within one normalized
              // unit
              // whenever a pixel is at most one unit wide
              NormPoint exact = NormPoint.fromPixel(px.x(), px.y(), w, h);
              assertThat(exact.x()).isCloseTo(x, within(1e-6));
              assertThat(exact.y()).isCloseTo(y, within(1e-6));
              if (w > 1000 && h > 1000) {
                NormPoint rounded =
                    NormPoint.fromPixel(Math.round(px.x()), Math.round(px.y()), w, h);
                assertThat(Math.abs(rounded.x() - x)).isLessThanOrEqualTo(1.0);
                assertThat(Math.abs(rounded.y() - y)).isLessThanOrEqualTo(1.0);
              }
            });
  }

  @Test
  void hidRoundTripStaysWithinOneUnit() {
    List<HidCapabilities.Range> ranges =
        List.of(
            HidCapabilities.Range.CH9329_ABSOLUTE,
            HidCapabilities.Range.USB_ABSOLUTE,
            HidCapabilities.Range.SIGNED_INT16);
    qt().forAll(doubles().between(0, 1000), integers().between(0, 2))
        .checkAssert(
            (n, r) -> {
              HidCapabilities.Range range = ranges.get(r);
              int logical = range.toLogical(n);
              assertThat(logical).isBetween(range.min(), range.max());
              assertThat(range.toNorm(logical)).isCloseTo(n, within(1.0));
              // and within half a logical unit, the best the link allows
              assertThat(Math.abs(range.toNorm(logical) - n))
                  .isLessThanOrEqualTo(range.normPerUnit() / 2 + 1e-9);
            });
  }

  @Test
  void clampingNeverWraps() {
    List<HidCapabilities.Range> ranges =
        List.of(
            HidCapabilities.Range.CH9329_ABSOLUTE,
            HidCapabilities.Range.USB_ABSOLUTE,
            HidCapabilities.Range.SIGNED_INT16);
    qt().forAll(doubles().any(), doubles().any(), integers().between(0, 2))
        .assuming((a, b, r) -> !Double.isNaN(a) && !Double.isNaN(b))
        .checkAssert(
            (a, b, r) -> {
              HidCapabilities.Range range = ranges.get(r);
              int la = range.toLogical(a);
              int lb = range.toLogical(b);
              assertThat(la).isBetween(range.min(), range.max());
              // monotonic: a larger coordinate never maps to a smaller logical value (no
              // wrap-around)
              if (a <= b) {
                assertThat(la).isLessThanOrEqualTo(lb);
              }
            });
    assertThat(HidCapabilities.Range.CH9329_ABSOLUTE.toLogical(1e9)).isEqualTo(4095);
    assertThat(HidCapabilities.Range.SIGNED_INT16.toLogical(-5)).isEqualTo(-32768);
    assertThat(HidCapabilities.Range.SIGNED_INT16.toLogical(1000)).isEqualTo(32767);
    assertThat(HidCapabilities.Range.USB_ABSOLUTE.toNorm(Integer.MAX_VALUE)).isEqualTo(1000);
    assertThat(HidCapabilities.Range.USB_ABSOLUTE.toNorm(-7)).isEqualTo(0);
  }

  @Test
  void badPointsNameTheField() {
    assertInvalid(() -> NormPoint.of(Double.NaN, 1), "x");
    assertInvalid(() -> NormPoint.of(1, 1000.5), "y");
    assertInvalid(() -> NormPoint.of(-0.1, 1), "x");
    assertInvalid(() -> NormPoint.of(5, Double.POSITIVE_INFINITY), "y");
    assertInvalid(() -> NormPoint.fromPixel(1080, 10, 1080, 2400), "px");
    assertInvalid(() -> NormPoint.CENTER.toPixel(0, 10), "width");
    assertInvalid(() -> HidCapabilities.Range.USB_ABSOLUTE.toLogical(Double.NaN), "norm");
  }

  @Test
  void regionsValidateAndConvertCorners() {
    NormRegion r = NormRegion.fromCorners(0, 112, 999, 177);
    assertThat(r.w()).isEqualTo(999);
    assertThat(r.h()).isEqualTo(65);
    assertThat(r.x2()).isEqualTo(999);
    assertThat(r.containsStrictly(NormPoint.of(878.7, 144.2))).isTrue();
    assertThat(r.containsStrictly(NormPoint.of(0, 144.2))).isFalse();
    assertThat(r.contains(NormPoint.of(0, 144.2))).isTrue();
    assertInvalid(() -> NormRegion.of(900, 0, 200, 10), "w");
    assertInvalid(() -> NormRegion.of(0, 0, 0, 10), "w");
    assertInvalid(() -> NormRegion.of(0, 0, 10, Double.NaN), "h");
    assertInvalid(() -> NormRegion.fromCorners(10, 10, 5, 20), "x2");
  }

  static void assertInvalid(Runnable r, String field) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo(field);
              assertThat(e.getMessage()).startsWith(field + ":");
            });
  }
}

package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.diff.RowPitchResult;
import java.util.Optional;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Each limit of the module's value types, from both sides: the last value accepted and the first
 * refused, with the refusal an {@code invalid_argument} {@link SwipeException} naming the field.
 */
class DiffValuesEdgesTest {

  /** The call fails with {@code invalid_argument} whose message holds {@code messagePart}. */
  static void refused(ThrowingCallable call, String messagePart) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT))
        .hasMessageContaining(messagePart);
  }

  @Test
  void rowPitchResultTakesZeroAndOneAndRefusesWhatLiesBeyond() {
    assertThatCode(() -> new RowPitchResult(0, 0, 0)).doesNotThrowAnyException();
    assertThatCode(() -> new RowPitchResult(12, 0.01, 1)).doesNotThrowAnyException();
    refused(() -> new RowPitchResult(-0.001, 0, 0), "pitchPx");
    refused(() -> new RowPitchResult(Double.POSITIVE_INFINITY, 0, 0), "pitchPx");
    refused(() -> new RowPitchResult(Double.NaN, 0, 0), "pitchPx");
    refused(() -> new RowPitchResult(1, -0.001, 0), "pitchNorm");
    refused(() -> new RowPitchResult(1, Double.POSITIVE_INFINITY, 0), "pitchNorm");
    refused(() -> new RowPitchResult(1, 1, -0.001), "confidence");
    refused(() -> new RowPitchResult(1, 1, 1.001), "confidence");
    refused(() -> new RowPitchResult(1, 1, Double.NaN), "confidence");
  }

  @Test
  void aPitchIsConfidentFromItsThresholdOnAndOnlyWhenFound() {
    RowPitchResult r = new RowPitchResult(40, 0.05, 0.6);
    assertThat(r.isConfident(0.6)).isTrue();
    assertThat(r.isConfident(0.61)).isFalse();
    assertThat(r.isConfident(0.0)).isTrue();
    assertThat(new RowPitchResult(0, 0, 0.9).isConfident(0.1)).as("no pitch").isFalse();
    assertThat(RowPitchResult.NOT_FOUND.found()).isFalse();
  }

  @Test
  void stabilityResultTakesRatiosZeroToOneAndAnOptionalBounds() {
    assertThatCode(() -> new StabilityResult(true, 0.0, Optional.empty()))
        .doesNotThrowAnyException();
    assertThatCode(() -> new StabilityResult(false, 1.0, Optional.of(new PixelRect(0, 0, 1, 1))))
        .doesNotThrowAnyException();
    refused(() -> new StabilityResult(true, -0.001, Optional.empty()), "changedRatio");
    refused(() -> new StabilityResult(true, 1.001, Optional.empty()), "changedRatio");
    refused(() -> new StabilityResult(true, 0.5, null), "changedBounds");
  }

  @Test
  void aChangeIsWithinAnAreaOnlyWhenTheyShareAPixel() {
    PixelRect area = new PixelRect(10, 20, 10, 10); // columns 10..19, rows 20..29
    // a change touching each edge of the area from outside by one pixel shares a pixel
    assertThat(changedAt(new PixelRect(0, 20, 11, 1)).changedWithin(area)).isTrue();
    assertThat(changedAt(new PixelRect(19, 20, 5, 1)).changedWithin(area)).isTrue();
    assertThat(changedAt(new PixelRect(10, 0, 1, 21)).changedWithin(area)).isTrue();
    assertThat(changedAt(new PixelRect(10, 29, 1, 5)).changedWithin(area)).isTrue();
    // a change ending where the area begins, or beginning where it ends, does not
    assertThat(changedAt(new PixelRect(0, 20, 10, 1)).changedWithin(area)).isFalse();
    assertThat(changedAt(new PixelRect(20, 20, 5, 1)).changedWithin(area)).isFalse();
    assertThat(changedAt(new PixelRect(10, 0, 1, 20)).changedWithin(area)).isFalse();
    assertThat(changedAt(new PixelRect(10, 30, 1, 5)).changedWithin(area)).isFalse();
    assertThat(new StabilityResult(true, 0, Optional.empty()).changedWithin(area)).isFalse();
  }

  private static StabilityResult changedAt(PixelRect bounds) {
    return new StabilityResult(false, 0.1, Optional.of(bounds));
  }

  @Test
  void pixelRectStartsAtZeroAndHoldsAtLeastOnePixel() {
    assertThatCode(() -> new PixelRect(0, 0, 1, 1)).doesNotThrowAnyException();
    refused(() -> new PixelRect(-1, 0, 1, 1), "origin");
    refused(() -> new PixelRect(0, -1, 1, 1), "origin");
    refused(() -> new PixelRect(0, 0, 0, 1), "1x1");
    refused(() -> new PixelRect(0, 0, 1, 0), "1x1");
  }

  @Test
  void pixelRectContainsItsPixelsAndNoneBeyondItsEdges() {
    PixelRect r = new PixelRect(2, 3, 4, 5); // columns 2..5, rows 3..7
    assertThat(r.contains(2, 3)).isTrue();
    assertThat(r.contains(5, 7)).isTrue();
    assertThat(r.contains(1, 3)).isFalse();
    assertThat(r.contains(6, 3)).isFalse();
    assertThat(r.contains(2, 2)).isFalse();
    assertThat(r.contains(2, 8)).isFalse();
    assertThat(r.contains(r)).isTrue();
    assertThat(r.contains(new PixelRect(2, 3, 5, 5))).isFalse();
    assertThat(r.contains(new PixelRect(2, 3, 4, 6))).isFalse();
    assertThat(r.contains(new PixelRect(1, 3, 2, 2))).isFalse();
  }

  @Test
  void clippingKeepsTheLastPixelInsideAndRefusesARectJustOutside() {
    assertThat(new PixelRect(9, 4, 5, 5).clipTo(10, 5)).isEqualTo(new PixelRect(9, 4, 1, 1));
    assertThat(new PixelRect(0, 0, 30, 30).clipTo(10, 5)).isEqualTo(PixelRect.full(10, 5));
    refused(() -> new PixelRect(10, 0, 3, 3).clipTo(10, 5), "outside");
    refused(() -> new PixelRect(0, 5, 3, 3).clipTo(10, 5), "outside");
  }

  @Test
  void aRegionCoversFromTheFloorOfItsStartToTheCeilingOfItsEnd() {
    // 1001 columns: one normalized unit is one pixel; 2001 rows: two pixels
    PixelRect r = PixelRect.covering(new NormRegion(100.5, 200.5, 50, 100), 1001, 2001);
    assertThat(r).isEqualTo(PixelRect.ofCorners(100, 401, 151, 601));
    // far from the origin, the scale shows: 900 units are pixel 900 on 1001 columns
    assertThat(PixelRect.covering(new NormRegion(900, 900, 10, 10), 1001, 1001))
        .isEqualTo(PixelRect.ofCorners(900, 900, 910, 910));
    // a region running past 1000 stops at the raster's last pixel
    assertThat(PixelRect.covering(new NormRegion(990, 990, 10, 10), 1001, 1001))
        .isEqualTo(PixelRect.ofCorners(990, 990, 1000, 1000));
    // a one-pixel raster is all there is
    assertThat(PixelRect.covering(new NormRegion(0, 0, 1000, 1000), 1, 1))
        .isEqualTo(PixelRect.full(1, 1));
    refused(() -> PixelRect.covering(new NormRegion(0, 0, 10, 10), 0, 5), "raster size");
    refused(() -> PixelRect.covering(new NormRegion(0, 0, 10, 10), 5, 0), "raster size");
  }

  @Test
  void aRegionIsTheBasesOneRegionTypeAndLiesOnTheScreen() {
    GreyRaster a = GreyRaster.of(10, 10, new byte[100]);
    assertThatCode(() -> ImageDiff.compare(a, a, 0, 0, 1000, 1000)).doesNotThrowAnyException();
    refused(() -> ImageDiff.compare(a, a, 0, 0, 0, 10), "w");
    refused(() -> ImageDiff.compare(a, a, 0, 0, 10, 1000.001), "h");
    refused(() -> ImageDiff.compare(a, a, 0, 0, Double.NaN, 10), "w");
    refused(() -> ImageDiff.compare(a, a, -0.001, 0, 10, 10), "x");
    refused(() -> ImageDiff.compare(a, a, 0, 1000.001, 10, 10), "y");
    refused(() -> ImageDiff.compare(a, a, 995, 0, 10, 10), "x + w");
  }

  @Test
  void aDiffResultHoldsItsRatioAndAnAxisFromMotionOnlyWithAChange() {
    assertThat(DiffResult.of(DiffResult.CHANGED_THRESHOLD, PrimaryAxis.NONE).changed()).isFalse();
    assertThat(DiffResult.of(Math.nextUp(DiffResult.CHANGED_THRESHOLD), PrimaryAxis.NONE).changed())
        .isTrue();
    assertThatCode(() -> new DiffResult(true, 1.0, PrimaryAxis.VERTICAL))
        .doesNotThrowAnyException();
    assertThatCode(() -> new DiffResult(false, 0.0, PrimaryAxis.NONE)).doesNotThrowAnyException();
    refused(() -> new DiffResult(true, 1.001, PrimaryAxis.VERTICAL), "diffRatio");
    refused(() -> new DiffResult(true, -0.001, PrimaryAxis.VERTICAL), "diffRatio");
    refused(() -> new DiffResult(true, 0.5, null), "primaryAxis");
    refused(() -> new DiffResult(true, 0.5, PrimaryAxis.VERTICAL, null), "axisEvidence");
    assertThatCode(
            () ->
                new DiffResult(
                    true, 0.5, PrimaryAxis.VERTICAL, DiffResult.AxisEvidence.MOTION_BETWEEN))
        .doesNotThrowAnyException();
    refused(
        () ->
            new DiffResult(
                false, 0.5, PrimaryAxis.VERTICAL, DiffResult.AxisEvidence.MOTION_BETWEEN),
        "motion");
    refused(
        () -> new DiffResult(true, 0.5, PrimaryAxis.NONE, DiffResult.AxisEvidence.MOTION_BETWEEN),
        "motion");
  }

  @Test
  void axesAndEvidenceGoToTheirJsonIdsAndBack() {
    for (PrimaryAxis a : PrimaryAxis.values()) {
      assertThat(PrimaryAxis.fromId(a.id())).isSameAs(a);
    }
    assertThat(PrimaryAxis.VERTICAL.id()).isEqualTo("vertical");
    refused(() -> PrimaryAxis.fromId("Vertical"), "primary_axis");
    refused(() -> PrimaryAxis.fromId(null), "primary_axis");
    assertThat(DiffResult.AxisEvidence.MOTION_BETWEEN.id()).isEqualTo("motion_between");
    assertThat(DiffResult.AxisEvidence.FRAME_PAIR.id()).isEqualTo("frame_pair");
  }

  @Test
  void decodeOptionsTakeOnePixelAndTheFourReductions() {
    assertThatCode(() -> new DecodeOptions(1, 1)).doesNotThrowAnyException();
    refused(() -> new DecodeOptions(0, 1), "maxPixels");
    for (int r : new int[] {1, 2, 4, 8}) {
      assertThat(DecodeOptions.DEFAULT.withReduction(r).reduction()).isEqualTo(r);
    }
    refused(() -> DecodeOptions.DEFAULT.withReduction(3), "reduction");
    assertThat(DecodeOptions.FOR_DIFF.withMaxPixels(7)).isEqualTo(new DecodeOptions(7, 2));
  }
}

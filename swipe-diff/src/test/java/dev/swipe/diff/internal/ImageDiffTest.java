package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.PrimaryAxis;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ImageDiffTest {

  private static final int W = ScreenRenderer.PHONE_W;
  private static final int H = ScreenRenderer.PHONE_H;
  private static final float[] QUALITIES = {0.5f, 0.6f, 0.7f, 0.8f, 0.9f, 0.95f};

  private static BufferedImage list;
  private static GreyRaster listQ80;

  @BeforeAll
  static void render() {
    list = ScreenRenderer.listScreen(W, H, 0);
    listQ80 = ScreenRenderer.viaJpeg(list, 0.8f);
  }

  @Test
  void sameListScreenAtAnyQualityIsUnchanged() {
    GreyRaster[] q = new GreyRaster[QUALITIES.length];
    for (int i = 0; i < q.length; i++) {
      q[i] = ScreenRenderer.viaJpeg(list, QUALITIES[i]);
    }
    for (int i = 0; i < q.length; i++) {
      for (int j = i + 1; j < q.length; j++) {
        DiffResult d = ImageDiff.compare(q[i], q[j]);
        assertThat(d.diffRatio()).as("q%s vs q%s", QUALITIES[i], QUALITIES[j]).isLessThan(0.005);
        assertThat(d.changed()).isFalse();
        assertThat(d.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
      }
    }
  }

  @Test
  void sameCarouselAndFormScreensAtAnyQualityAreUnchanged() {
    for (BufferedImage screen :
        new BufferedImage[] {
          ScreenRenderer.carouselScreen(W, H, 0), ScreenRenderer.textFieldScreen(W, H, true)
        }) {
      GreyRaster q50 = ScreenRenderer.viaJpeg(screen, 0.5f);
      GreyRaster q95 = ScreenRenderer.viaJpeg(screen, 0.95f);
      assertThat(ImageDiff.compare(q50, q95).diffRatio()).isLessThan(0.005);
      // Regions whose cells do not line up with the JPEG 8x8 grid are just as robust.
      assertThat(ImageDiff.compare(q50, q95, 3.3, 101.7, 611.1, 777.7).diffRatio())
          .isLessThan(0.005);
    }
  }

  @Test
  void reducedRastersOfReencodedScreensAreUnchanged() {
    byte[] q50 = ScreenRenderer.jpeg(list, 0.5f);
    byte[] q95 = ScreenRenderer.jpeg(list, 0.95f);
    DiffResult d = ImageDiff.compareImages(q50, q95);
    assertThat(d.diffRatio()).isLessThan(0.005);
    assertThat(d.changed()).isFalse();
  }

  @Test
  void base64PairsAreComparedOnTheDiffingPath() {
    java.util.Base64.Encoder b64 = java.util.Base64.getEncoder();
    String before = b64.encodeToString(ScreenRenderer.jpeg(list, 0.8f));
    String after =
        b64.encodeToString(ScreenRenderer.jpeg(ScreenRenderer.listScreen(W, H, 300), 0.8f));
    DiffResult d = ImageDiff.compareBase64(before, after);
    assertThat(d.changed()).isTrue();
    assertThat(d.primaryAxis()).isEqualTo(PrimaryAxis.VERTICAL);
    assertThat(ImageDiff.compareBase64(before, before).changed()).isFalse();
    assertThatThrownBy(() -> ImageDiff.compareBase64(before, "%%%"))
        .isInstanceOf(SwipeException.class)
        .satisfies(
            e -> assertThat(((SwipeException) e).code().id()).isEqualTo("image_decode_failed"));
  }

  @Test
  void listScrolledByOneRowIsVerticalChange() {
    GreyRaster scrolled =
        ScreenRenderer.viaJpeg(ScreenRenderer.listScreen(W, H, ScreenRenderer.ROW_H), 0.8f);
    DiffResult d = ImageDiff.compare(listQ80, scrolled);
    assertThat(d.changed()).isTrue();
    assertThat(d.diffRatio()).isGreaterThan(0.05); // the seed's "scroll confirmed" bar
    assertThat(d.primaryAxis()).isEqualTo(PrimaryAxis.VERTICAL);
  }

  @Test
  void aReplacedCarouselPageHasNoAxisInTheScrollBand() throws Exception {
    // Two simulator frames (ios, seed 5000 of the honesty benchmark): page 3 and, after a
    // switch, page 2 drawn in the same place; no translation is visible. A vertical profile
    // shift of 308 rows with a quarter overlap once "explained" two thirds of the change.
    GreyRaster before = frame("ios-carousel-page3.jpg");
    GreyRaster after = frame("ios-carousel-page2.jpg");
    DiffResult band = ImageDiff.compare(before, after, 0, 200, 1000, 700);
    assertThat(band.changed()).isTrue();
    assertThat(band.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
    assertThat(ImageDiff.compare(before, after).primaryAxis()).isEqualTo(PrimaryAxis.NONE);
  }

  @Test
  void aReplacedPageOverAStaticBlankIsNoShiftEither() throws Exception {
    // The next switch of the same session (page 1 to page 0): a 308-row shift lays the old
    // card over the static blank below it, which matches better than the new card does but
    // not within noise; it once passed the pixel check and read as vertical.
    DiffResult band =
        ImageDiff.compare(
            frame("ios-carousel-page1.jpg"), frame("ios-carousel-page0.jpg"), 0, 200, 1000, 700);
    assertThat(band.changed()).isTrue();
    assertThat(band.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
  }

  @Test
  void aLongListScrollIsVerticalOnTheWholeScreen() throws Exception {
    // Simulator frames (ios, seed 5009) around a 0.8 scroll: the list moved about 662 px of the
    // 1200 px frame, 331.x rows of the diff raster. The true shift has to be found among
    // row-height aliases and matched half a row off; both failed once (axis none).
    assertAxisBothWays(
        "ios-list-before-long-scroll.jpg", "ios-list-after-long-scroll.jpg", PrimaryAxis.VERTICAL);
    // ios seed 5014, a 0.8 scroll up (657 px): the true shift ranked 26th among row-height
    // aliases when 24 were kept, and 34 of 800 such scrolls came back unobserved
    assertAxisBothWays(
        "ios-list-before-scroll-up.jpg", "ios-list-after-scroll-up.jpg", PrimaryAxis.VERTICAL);
  }

  @Test
  void aMapPannedAtAnAngleHasTheAxisOfItsLargerComponent() throws Exception {
    // Simulator frames around a 200-unit map pan: android seed 5000 at 72 degrees (32 px across,
    // 219 px down) and ios seed 5001 at 10 degrees (91 px across, 36 px down). Neither axis alone
    // explains a move along both, and both read none once (the honesty benchmark: 181 of 400
    // android pans).
    assertAxisBothWays(
        "android-map-pan-72deg-before.jpg",
        "android-map-pan-72deg-after.jpg",
        PrimaryAxis.VERTICAL);
    assertAxisBothWays(
        "ios-map-pan-10deg-before.jpg", "ios-map-pan-10deg-after.jpg", PrimaryAxis.HORIZONTAL);
  }

  /** The pair's axis is {@code expected} whichever frame comes first. */
  private static void assertAxisBothWays(String before, String after, PrimaryAxis expected)
      throws Exception {
    GreyRaster a = frame(before);
    GreyRaster b = frame(after);
    assertThat(ImageDiff.compare(a, b).primaryAxis()).as(before).isEqualTo(expected);
    assertThat(ImageDiff.compare(b, a).primaryAxis()).as(after + " first").isEqualTo(expected);
  }

  private static GreyRaster frame(String name) throws java.io.IOException {
    try (java.io.InputStream in = ImageDiffTest.class.getResourceAsStream("/frames/" + name)) {
      return ImageDecoder.decode(in.readAllBytes(), DecodeOptions.FOR_DIFF);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 6, 12, 40, 100, 400, 900, 1500, -5, -300})
  void listScrolledBySmallAndLargeAmountsIsVertical(int scroll) {
    GreyRaster base =
        scroll < 0 ? ScreenRenderer.viaJpeg(ScreenRenderer.listScreen(W, H, 2000), 0.8f) : listQ80;
    int to = scroll < 0 ? 2000 + scroll : scroll;
    GreyRaster moved = ScreenRenderer.viaJpeg(ScreenRenderer.listScreen(W, H, to), 0.8f);
    DiffResult d = ImageDiff.compare(base, moved);
    assertThat(d.changed()).isTrue();
    assertThat(d.primaryAxis())
        .as("scroll %d ratio %s", scroll, d.diffRatio())
        .isEqualTo(PrimaryAxis.VERTICAL);
    // Also on reduced rasters (the diffing decode path).
    DiffResult r = ImageDiff.compare(base.reduce(2), moved.reduce(2));
    assertThat(r.primaryAxis()).isEqualTo(PrimaryAxis.VERTICAL);
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 8, 20, 120, 540, 800})
  void carouselSwipedPartwayIsHorizontal(int offset) {
    GreyRaster a = ScreenRenderer.viaJpeg(ScreenRenderer.carouselScreen(W, H, 0), 0.8f);
    GreyRaster b = ScreenRenderer.viaJpeg(ScreenRenderer.carouselScreen(W, H, offset), 0.8f);
    DiffResult d = ImageDiff.compare(a, b);
    assertThat(d.changed()).isTrue();
    assertThat(d.primaryAxis())
        .as("offset %d ratio %s", offset, d.diffRatio())
        .isEqualTo(PrimaryAxis.HORIZONTAL);
  }

  @Test
  void carouselPageChangeIsAChangeAboveTheSeedsBar() {
    GreyRaster a = ScreenRenderer.viaJpeg(ScreenRenderer.carouselScreen(W, H, 0), 0.8f);
    GreyRaster b = ScreenRenderer.viaJpeg(ScreenRenderer.carouselScreen(W, H, W), 0.8f);
    DiffResult d = ImageDiff.compare(a, b);
    assertThat(d.changed()).isTrue();
    assertThat(d.diffRatio()).isGreaterThan(0.3);
    assertThat(d.primaryAxis()).isNotEqualTo(PrimaryAxis.VERTICAL);
  }

  @Test
  void caretBlinkIsAChangeInsideItsRegionOnly() {
    GreyRaster on = ScreenRenderer.viaJpeg(ScreenRenderer.textFieldScreen(W, H, true), 0.8f);
    GreyRaster off = ScreenRenderer.viaJpeg(ScreenRenderer.textFieldScreen(W, H, false), 0.8f);
    // Region around the text field (normalized): x 30..970, y 185..255.
    DiffResult field = ImageDiff.compare(on, off, 300, 200, 150, 40);
    assertThat(field.changed()).isTrue();
    assertThat(field.primaryAxis()).isEqualTo(PrimaryAxis.NONE); // appearing, not moving
    DiffResult whole = ImageDiff.compare(on, off);
    assertThat(whole.diffRatio()).isGreaterThan(0.0).isLessThan(0.01);
    assertThat(whole.changed()).isFalse();
    DiffResult elsewhere = ImageDiff.compare(on, off, 0, 500, 1000, 500);
    assertThat(elsewhere.diffRatio()).isZero();
  }

  /** A flat screen with one small textured badge (under 1% of the screen) at {@code x, y}. */
  private static GreyRaster badgeAt(int x, int y) {
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    java.awt.Graphics2D g = img.createGraphics();
    g.setColor(java.awt.Color.WHITE);
    g.fillRect(0, 0, W, H);
    for (int i = 0; i < 6; i++) {
      g.setColor(i % 2 == 0 ? new java.awt.Color(0x3F51B5) : new java.awt.Color(0xE57373));
      g.fillRect(x + i * 14, y, 14, 30 + 9 * (i % 3));
    }
    g.dispose();
    return ScreenRenderer.viaJpeg(img, 0.8f);
  }

  @Test
  void motionAxisReadsMovesTooSmallToCountAsAChange() {
    // The slow end of a deceleration: two frames of one motion a few pixels apart, changing well
    // under the 1% that changed asks.
    GreyRaster a = badgeAt(300, 900);
    GreyRaster right = badgeAt(304, 900);
    GreyRaster down = badgeAt(300, 904);
    assertThat(ImageDiff.compare(a, right).changed()).isFalse();
    assertThat(ImageDiff.compare(a, right).primaryAxis()).isEqualTo(PrimaryAxis.NONE);
    assertThat(ImageDiff.motionAxis(a, right, null)).isEqualTo(PrimaryAxis.HORIZONTAL);
    assertThat(ImageDiff.motionAxis(right, a, null)).isEqualTo(PrimaryAxis.HORIZONTAL);
    assertThat(ImageDiff.motionAxis(a, down, null)).isEqualTo(PrimaryAxis.VERTICAL);
    double badgeTop = 1000.0 * 880 / H;
    assertThat(ImageDiff.motionAxis(a, down, new NormRegion(0, badgeTop, 1000, 200)))
        .isEqualTo(PrimaryAxis.VERTICAL);
    assertThat(ImageDiff.motionAxis(a, down, new NormRegion(0, 0, 1000, badgeTop)))
        .as("nothing moved above the badge")
        .isEqualTo(PrimaryAxis.NONE);
    assertThat(ImageDiff.motionAxis(a, a, null)).isEqualTo(PrimaryAxis.NONE);
    // a caret appearing is a change but no translation
    GreyRaster on = ScreenRenderer.viaJpeg(ScreenRenderer.textFieldScreen(W, H, true), 0.8f);
    GreyRaster off = ScreenRenderer.viaJpeg(ScreenRenderer.textFieldScreen(W, H, false), 0.8f);
    assertThat(ImageDiff.motionAxis(on, off, null)).isEqualTo(PrimaryAxis.NONE);
  }

  @Test
  void anAxisFromTheMotionBetweenNeedsAChangeAndAnAxis() {
    DiffResult replaced = DiffResult.of(0.4, PrimaryAxis.NONE);
    DiffResult seen = replaced.withAxisFromMotionBetween(PrimaryAxis.HORIZONTAL);
    assertThat(seen.primaryAxis()).isEqualTo(PrimaryAxis.HORIZONTAL);
    assertThat(seen.axisEvidence()).isEqualTo(DiffResult.AxisEvidence.MOTION_BETWEEN);
    assertThat(seen.diffRatio()).isEqualTo(0.4);
    assertThat(replaced.axisEvidence()).isEqualTo(DiffResult.AxisEvidence.FRAME_PAIR);
    assertThatThrownBy(() -> replaced.withAxisFromMotionBetween(PrimaryAxis.NONE))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("needs a change and an axis");
    assertThatThrownBy(
            () ->
                DiffResult.of(0.005, PrimaryAxis.NONE)
                    .withAxisFromMotionBetween(PrimaryAxis.VERTICAL))
        .isInstanceOf(SwipeException.class);
    assertThatThrownBy(() -> new DiffResult(true, 0.4, PrimaryAxis.NONE, null))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("axisEvidence");
  }

  @Test
  void identicalRastersAreUnchanged() {
    DiffResult d = ImageDiff.compare(listQ80, listQ80);
    assertThat(d).isEqualTo(new DiffResult(false, 0.0, PrimaryAxis.NONE));
  }

  @Test
  void differentSizesAreAClearError() {
    GreyRaster small = GreyRaster.of(2, 2, new byte[4]);
    assertThatThrownBy(() -> ImageDiff.compare(listQ80, small))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("1080x2400 vs 2x2")
        .satisfies(
            e -> assertThat(((SwipeException) e).code().id()).isEqualTo("image_size_mismatch"));
    assertThatThrownBy(() -> ImageDiff.compare(listQ80.reduce(2), listQ80))
        .isInstanceOf(SwipeException.class)
        .satisfies(
            e -> assertThat(((SwipeException) e).code().id()).isEqualTo("image_size_mismatch"));
    assertThatThrownBy(() -> ImageDiff.compare(null, small))
        .isInstanceOf(SwipeException.class)
        .satisfies(e -> assertThat(((SwipeException) e).code().id()).isEqualTo("invalid_argument"));
  }

  @Test
  void aSizeMismatchNamesTheImagesSizesNotTheReducedRasters() {
    GreyRaster other =
        GreyRaster.fromImage(new BufferedImage(720, 1280, BufferedImage.TYPE_INT_RGB));
    // diffing works on rasters reduced by 2: the message must still speak of the screenshots' sizes
    assertThatThrownBy(() -> ImageDiff.compare(listQ80.reduce(2), other.reduce(2)))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("1080x2400 vs 720x1280")
        .hasMessageNotContaining("540x1200")
        .satisfies(
            e -> assertThat(((SwipeException) e).code().id()).isEqualTo("image_size_mismatch"));
    assertThatThrownBy(() -> ImageDiff.compare(listQ80.reduce(2), listQ80.reduce(4)))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("1080x2400")
        .satisfies(
            e -> assertThat(((SwipeException) e).code().id()).isEqualTo("image_size_mismatch"));
  }

  @Test
  void regionFieldsAreValidatedByName() {
    expectField(() -> ImageDiff.compare(listQ80, listQ80, Double.NaN, 0, 10, 10), "x");
    expectField(() -> ImageDiff.compare(listQ80, listQ80, 0, -1, 10, 10), "y");
    expectField(() -> ImageDiff.compare(listQ80, listQ80, 0, 0, 0, 10), "w");
    expectField(() -> ImageDiff.compare(listQ80, listQ80, 0, 0, 10, Double.POSITIVE_INFINITY), "h");
    expectField(() -> ImageDiff.compare(listQ80, listQ80, 1000.5, 0, 10, 10), "x");
    expectField(() -> ImageDiff.compare(listQ80, listQ80, 0, 0, 1001, 10), "w");
    expectInvalid(() -> ImageDiff.compare(listQ80, listQ80, (NormRegion) null), "region");
  }

  /** Refused as {@code invalid_argument} naming {@code field}, as the region's record names it. */
  private static void expectField(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String field) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code().id()).isEqualTo("invalid_argument");
              assertThat(e.field()).isEqualTo(field);
            });
  }

  @Test
  void aRegionLiesOnTheScreenAndCoversTheWholePixelsItTouches() {
    GreyRaster scrolled = ScreenRenderer.viaJpeg(ScreenRenderer.listScreen(W, H, 50), 0.8f);
    expectInvalid(() -> ImageDiff.compare(listQ80, scrolled, 900, 900, 1000, 1000), "w");
    expectInvalid(() -> ImageDiff.compare(listQ80, scrolled, 900, 900, 100, 101), "h");
    assertThat(ImageDiff.compare(listQ80, scrolled, 900, 900, 100, 100).diffRatio())
        .isBetween(0.0, 1.0);
    assertThat(PixelRect.covering(new NormRegion(900, 900, 100, 100), W, H))
        .isEqualTo(PixelRect.ofCorners(971, 2159, 1079, 2399));
    assertThat(PixelRect.covering(NormRegion.FULL, W, H)).isEqualTo(PixelRect.full(W, H));
    assertThat(PixelRect.covering(new NormRegion(500, 500, 0.001, 0.001), W, H).area())
        .isLessThanOrEqualTo(4);
  }

  private static void expectInvalid(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String field) {
    assertThatThrownBy(call)
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining(field)
        .satisfies(e -> assertThat(((SwipeException) e).code().id()).isEqualTo("invalid_argument"));
  }
}

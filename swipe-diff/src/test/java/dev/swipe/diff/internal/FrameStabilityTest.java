package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class FrameStabilityTest {

  private static final int W = 540;
  private static final int H = 1200;

  @Test
  void sameScreenReencodedIsStable() {
    BufferedImage list = ScreenRenderer.listScreen(W, H, 0);
    GreyRaster q60 = ScreenRenderer.viaJpeg(list, 0.6f);
    GreyRaster q90 = ScreenRenderer.viaJpeg(list, 0.9f);
    StabilityResult r = FrameStability.STRICT.compare(q60, q90);
    assertThat(r.stable()).isTrue();
    assertThat(FrameStability.isStable(q60, q90)).isTrue();
  }

  @Test
  void identicalFramesHaveNoChangedBox() {
    GreyRaster a = ScreenRenderer.viaJpeg(ScreenRenderer.listScreen(W, H, 0), 0.8f);
    StabilityResult r = FrameStability.STRICT.compare(a, a);
    assertThat(r.stable()).isTrue();
    assertThat(r.changedRatio()).isZero();
    assertThat(r.changedBounds()).isEmpty();
    assertThat(r.changedWithin(PixelRect.full(W, H))).isFalse();
  }

  @Test
  void blinkingCaretIsUnstableAndLocalised() {
    GreyRaster on = ScreenRenderer.viaJpeg(ScreenRenderer.textFieldScreen(W, H, true), 0.8f);
    GreyRaster off = ScreenRenderer.viaJpeg(ScreenRenderer.textFieldScreen(W, H, false), 0.8f);
    StabilityResult r = FrameStability.STRICT.compare(on, off);
    assertThat(r.stable()).isFalse();
    assertThat(FrameStability.isStable(on, off)).isFalse();
    PixelRect box = r.changedBounds().orElseThrow();
    int caretX = ScreenRenderer.caretX(W);
    // The caret is 2 px wide, 40 px tall at y 245..285 (scaled); allow JPEG/cell slack of a few px.
    assertThat(box.x()).isBetween(caretX - 8, caretX);
    assertThat(box.right()).isBetween(caretX + 2, caretX + 10);
    assertThat(box.y()).isBetween(235, 250);
    assertThat(box.bottom()).isBetween(280, 295);
    assertThat(r.changedWithin(new PixelRect(0, 600, W, 600))).isFalse();
    assertThat(r.changedWithin(new PixelRect(0, 200, W, 200))).isTrue();
    // Excluding the caret's area makes the same pair stable (e.g. settling on a list below a
    // field).
    assertThat(FrameStability.STRICT.compare(on, off, new PixelRect(0, 400, W, 800)).stable())
        .isTrue();
    // A tolerance above the caret's share accepts it.
    assertThat(new FrameStability(0.001).compare(on, off).stable()).isTrue();
    // The tolerance is inclusive: exactly the changed share passes, anything less does not.
    FrameStability exact = new FrameStability(r.changedRatio());
    assertThat(exact.tolerance()).isEqualTo(r.changedRatio());
    assertThat(exact.compare(on, off).stable()).isTrue();
    assertThat(new FrameStability(Math.nextDown(r.changedRatio())).compare(on, off).stable())
        .isFalse();
  }

  @Test
  void scrolledListIsUnstableWithBoxInsideTheList() {
    GreyRaster a = ScreenRenderer.viaJpeg(ScreenRenderer.listScreen(W, H, 0), 0.8f);
    GreyRaster b = ScreenRenderer.viaJpeg(ScreenRenderer.listScreen(W, H, 30), 0.8f);
    StabilityResult r = FrameStability.STRICT.compare(a, b);
    assertThat(r.stable()).isFalse();
    PixelRect box = r.changedBounds().orElseThrow();
    // status + app bar (132 px at this scale) unchanged; the avatars' colour changes reach 4 px
    // beyond them through JPEG's chroma ringing (a 4:2:0 chroma block covers 16x16 pixels)
    assertThat(box.y()).isGreaterThanOrEqualTo(128);
    assertThat(r.changedRatio()).isGreaterThan(0.01);
    assertThat(FrameStability.STRICT.compare(a, b, new NormRegion(0, 0, 1000, 50)).stable())
        .isTrue();
  }

  @Test
  void invalidArgumentsAreRefused() {
    assertThatThrownBy(() -> new FrameStability(-0.1))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("tolerance");
    assertThatThrownBy(() -> new FrameStability(Double.NaN)).isInstanceOf(SwipeException.class);
    assertThatThrownBy(() -> new FrameStability(1.0))
        .isInstanceOf(SwipeException.class)
        .satisfies(e -> assertThat(((SwipeException) e).code().id()).isEqualTo("invalid_argument"));
    assertThat(new FrameStability(0.0).tolerance()).isZero();
    GreyRaster a = GreyRaster.of(4, 4, new byte[16]);
    GreyRaster b = GreyRaster.of(4, 5, new byte[20]);
    assertThatThrownBy(() -> FrameStability.STRICT.compare(a, b))
        .isInstanceOf(SwipeException.class)
        .satisfies(
            e -> assertThat(((SwipeException) e).code().id()).isEqualTo("image_size_mismatch"));
    assertThatThrownBy(() -> FrameStability.STRICT.compare(a, a, new PixelRect(10, 10, 2, 2)))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("outside");
  }
}

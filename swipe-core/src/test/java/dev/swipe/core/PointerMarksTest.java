package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.testkit.Jpegs;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.internal.ImageDiff;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Screens of a device that steers a drawn pointer compare without the pointer's image: where the
 * device says the pointer may be in either frame, the later frame shows the earlier one's pixels.
 */
class PointerMarksTest {
  private static final int W = 360;
  private static final int H = 640;

  /** A pale screen with a dark pointer-sized square at each given top-left corner. */
  private static Frame screen(long captureNanos, int... corners) {
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(new Color(236, 238, 242));
    g.fillRect(0, 0, W, H);
    g.setColor(new Color(30, 30, 40));
    for (int i = 0; i < corners.length; i += 2) {
      g.fillOval(corners[i], corners[i + 1], 24, 24);
    }
    g.dispose();
    byte[] jpeg = Jpegs.encode(img);
    return new Frame(jpeg, W, H, captureNanos);
  }

  /** The pointer sat at (40, 100) until 2 s, then at (250, 400). */
  private static List<PixelRect> pointerAt(long captureNanos) {
    return captureNanos < 2_000_000_000L
        ? List.of(new PixelRect(30, 90, 44, 44))
        : List.of(new PixelRect(240, 390, 44, 44));
  }

  /** The share of cells that differ (a pointer is under the 1% that {@code changed} asks). */
  private static double changed(Observation a, Observation b) {
    return ImageDiff.compare(a.greyToCompareWith(b), b.greyToCompareWith(a)).diffRatio();
  }

  @Test
  void thePointerMovingIsNoChangeButAnythingElseIs() {
    AttachmentRegistry run = new AttachmentRegistry();
    run.markPointerWith(PointerMarksTest::pointerAt);
    Observation before = run.register(screen(1_000_000_000L, 40, 100), true);
    Observation after = run.register(screen(3_000_000_000L, 250, 400), true);
    assertThat(ImageDiff.compare(before.greyForDiff(), after.greyForDiff()).diffRatio())
        .as("the frames as captured differ where the pointer was and is")
        .isPositive();
    assertThat(changed(before, after)).isZero();
    // something else appearing is still a change, however the pair is put
    Observation other = run.register(screen(3_100_000_000L, 250, 400, 150, 250), true);
    assertThat(changed(before, other)).isPositive();
    assertThat(changed(other, before)).isPositive();
  }

  @Test
  void theEarlierFrameIsComparedAsCaptured() {
    AttachmentRegistry run = new AttachmentRegistry();
    run.markPointerWith(PointerMarksTest::pointerAt);
    Observation before = run.register(screen(1_000_000_000L, 40, 100), true);
    Observation after = run.register(screen(3_000_000_000L, 250, 400), true);
    GreyRaster reference = before.greyToCompareWith(after);
    assertThat(reference).isSameAs(before.greyForDiff());
    assertThat(after.greyToCompareWith(before)).isNotSameAs(after.greyForDiff());
    assertThat(after.greyToCompareWith(after)).isSameAs(after.greyForDiff());
  }

  @Test
  void withoutASteeredPointerScreensCompareAsCaptured() {
    AttachmentRegistry run = new AttachmentRegistry();
    Observation before = run.register(screen(1_000_000_000L, 40, 100), true);
    Observation after = run.register(screen(3_000_000_000L, 250, 400), true);
    assertThat(before.greyToCompareWith(after)).isSameAs(before.greyForDiff());
    assertThat(after.greyToCompareWith(before)).isSameAs(after.greyForDiff());
    assertThat(changed(before, after)).isPositive();
  }

  @Test
  void badArgumentsAreRefusedByName() {
    AttachmentRegistry run = new AttachmentRegistry();
    Observation shot = run.register(screen(1, 40, 100), true);
    assertThatThrownBy(() -> shot.greyToCompareWith(null))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.getMessage()).contains("other");
            });
    assertThatThrownBy(() -> run.markPointerWith(null))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.getMessage()).contains("marks"));
  }
}

package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormRegion;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.diff.internal.ImageDiff;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MotionTrailTest {
  private static final int W = 180;
  private static final int H = 300;

  /**
   * A strip of pages, each a different random pattern of blocks, seen through the screen at offset
   * {@code x}.
   */
  private static GreyRaster pages(int x) {
    byte[] px = new byte[W * H];
    for (int y = 0; y < H; y++) {
      for (int c = 0; c < W; c++) {
        int sx = c + x;
        int page = Math.floorDiv(sx, W);
        Random cell = new Random(page * 1_000_003L + (Math.floorMod(sx, W) / 12) * 131L + y / 12);
        px[y * W + c] = (byte) (40 + cell.nextInt(180));
      }
    }
    return GreyRaster.of(W, H, px);
  }

  /** The same screen at one brightness, a fade with no translation. */
  private static GreyRaster fade(GreyRaster base, int add) {
    byte[] src = base.toByteArray();
    byte[] px = new byte[W * H];
    for (int i = 0; i < px.length; i++) {
      px[i] = (byte) Math.min(255, (src[i] & 0xff) + add);
    }
    return GreyRaster.of(W, H, px);
  }

  @Test
  void aPageSwitchShowsNoAxisBetweenItsEndsButItsFramesShowHorizontal() {
    GreyRaster before = pages(0);
    GreyRaster after = pages(W);
    assertThat(ImageDiff.compare(before, after).primaryAxis())
        .as("no overlap: the pair alone cannot tell")
        .isEqualTo(PrimaryAxis.NONE);
    MotionTrail trail = new MotionTrail();
    int[] xs = {0, 60, 110, 145, 165, 175, W};
    for (int i = 1; i < xs.length; i++) {
      trail.add(pages(xs[i - 1]), pages(xs[i]));
    }
    assertThat(trail.size()).isEqualTo(xs.length - 1);
    assertThat(trail.axis(null)).isEqualTo(PrimaryAxis.HORIZONTAL);
    assertThat(trail.axis(NormRegion.of(0, 200, 1000, 600))).isEqualTo(PrimaryAxis.HORIZONTAL);
  }

  @Test
  void aLongMotionKeepsItsFirstAndItsLastPairs() {
    // The fast start is readable, the slow end moves too little to be: a decelerating page whose
    // last frames shift by under a pixel must still show its axis through its first pairs.
    MotionTrail trail = new MotionTrail();
    int[] xs = {0, 40, 75, 105, 130, 150, 165, 172, 176, 178, 179, W};
    for (int i = 1; i < xs.length; i++) {
      trail.add(pages(xs[i - 1]), pages(xs[i]));
    }
    assertThat(trail.size()).isEqualTo(2 * MotionTrail.PAIRS);
    assertThat(trail.axis(null)).isEqualTo(PrimaryAxis.HORIZONTAL);

    // and a late move along the other axis still vetoes, even after many agreeing pairs
    GreyRaster a = pages(W);
    byte[] down = new byte[W * H];
    System.arraycopy(a.toByteArray(), 0, down, W * 24, W * (H - 24));
    trail.add(a, GreyRaster.of(W, H, down));
    assertThat(trail.axis(null)).isEqualTo(PrimaryAxis.NONE);
  }

  @Test
  void aTrailFollowedByAnotherVotesWithBoth() {
    MotionTrail during = new MotionTrail();
    during.add(pages(0), pages(20));
    MotionTrail after = new MotionTrail();
    after.add(pages(20), pages(30));
    assertThat(during.axis(null)).as("one pair alone").isEqualTo(PrimaryAxis.NONE);
    assertThat(during.then(after).size()).isEqualTo(2);
    assertThat(during.then(after).axis(null)).isEqualTo(PrimaryAxis.HORIZONTAL);
    assertThat(during.then(MotionTrail.NONE)).isSameAs(during);
    GreyRaster a = pages(30);
    byte[] down = new byte[W * H];
    System.arraycopy(a.toByteArray(), 0, down, W * 24, W * (H - 24));
    MotionTrail vertical = new MotionTrail();
    vertical.add(a, GreyRaster.of(W, H, down));
    assertThat(during.then(after).then(vertical).axis(null)).isEqualTo(PrimaryAxis.NONE);
  }

  @Test
  void aFadeOrASingleMovingPairNamesNoAxis() {
    GreyRaster base = pages(0);
    MotionTrail fading = new MotionTrail();
    for (int k = 0; k < 4; k++) {
      fading.add(fade(base, 30 * k), fade(base, 30 * (k + 1)));
    }
    assertThat(fading.axis(null)).isEqualTo(PrimaryAxis.NONE);

    MotionTrail one = new MotionTrail();
    one.add(pages(0), pages(20));
    assertThat(one.axis(null)).as("one pair is not enough").isEqualTo(PrimaryAxis.NONE);
    assertThat(MotionTrail.NONE.axis(null)).isEqualTo(PrimaryAxis.NONE);
  }

  @Test
  void pairsThatDisagreeNameNoAxis() {
    MotionTrail mixed = new MotionTrail();
    mixed.add(pages(0), pages(20));
    mixed.add(pages(20), pages(40));
    GreyRaster a = pages(0);
    byte[] down = new byte[W * H];
    System.arraycopy(a.toByteArray(), 0, down, W * 24, W * (H - 24));
    mixed.add(a, GreyRaster.of(W, H, down));
    assertThat(mixed.axis(null)).isEqualTo(PrimaryAxis.NONE);
  }
}

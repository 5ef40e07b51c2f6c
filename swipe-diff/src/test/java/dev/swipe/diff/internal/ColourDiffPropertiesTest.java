package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.diff.DiffResult;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random changes of hue at equal luma (issue 32 item 4): detected in proportion to the area they
 * cover, through real JPEG encoding at differing qualities.
 */
class ColourDiffPropertiesTest {

  private static final int W = 320;
  private static final int H = 480;

  /** A pastel of luma 170..235 with a random hue. */
  private static Color pastel(Random r, double luma) {
    while (true) {
      Color c = ColourScreens.withLuma(150 + r.nextInt(106), 150 + r.nextInt(106), luma);
      if (c != null) {
        return c;
      }
    }
  }

  /** Another colour of the same luma whose Cb or Cr differs by at least 20 levels. */
  private static Color otherHue(Random r, Color base, double luma) {
    while (true) {
      Color c = ColourScreens.withLuma(110 + r.nextInt(146), 110 + r.nextInt(146), luma);
      if (c != null
          && Math.max(
                  Math.abs(ColourScreens.cb(c) - ColourScreens.cb(base)),
                  Math.abs(ColourScreens.cr(c) - ColourScreens.cr(base)))
              >= 20) {
        return c;
      }
    }
  }

  /** Background, optionally a rectangle of another hue, then the same dark text-like dashes. */
  private static BufferedImage page(long seed, Color bg, Color patch, int[] rect) {
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(bg);
    g.fillRect(0, 0, W, H);
    if (patch != null) {
      g.setColor(patch);
      g.fillRect(rect[0], rect[1], rect[2], rect[3]);
    }
    Random r = new Random(seed);
    g.setColor(new Color(40, 40, 48));
    for (int i = 0; i < 30; i++) {
      g.fillRect(r.nextInt(W - 40), r.nextInt(H - 6), 10 + r.nextInt(60), 3 + r.nextInt(4));
    }
    g.dispose();
    return img;
  }

  @Test
  void equalLumaHueChangesAreDetectedInProportionToTheirArea() {
    qt().withExamples(40)
        .forAll(
            longs().all(),
            integers().between(0, 1_000_000),
            integers().between(64, W),
            integers().between(64, H))
        .checkAssert(
            (seed, position, rw, rh) -> {
              int fx = position / 1000;
              int fy = position % 1000;
              Random r = new Random(seed);
              double luma = 170 + r.nextInt(66);
              Color bg = pastel(r, luma);
              Color patch = otherHue(r, bg, luma);
              int x = fx * (W - rw) / 1000;
              int y = fy * (H - rh) / 1000;
              int[] rect = {x, y, rw, rh};
              float qa = 0.6f + 0.35f * r.nextFloat();
              float qb = 0.6f + 0.35f * r.nextFloat();
              byte[] a = ScreenRenderer.jpeg(page(seed, bg, null, rect), qa);
              byte[] b = ScreenRenderer.jpeg(page(seed, bg, patch, rect), qb);
              double area = rw * (double) rh / (W * H);
              // the chroma is judged per 8x8 block: blocks the rectangle's edge crosses, and
              // JPEG's chroma ringing one block beyond, may go either way
              double border = 2.0 * (rw + rh) * 12 / (W * H);
              for (DecodeOptions o :
                  new DecodeOptions[] {DecodeOptions.DEFAULT, DecodeOptions.FOR_DIFF}) {
                DiffResult d =
                    ImageDiff.compare(ImageDecoder.decode(a, o), ImageDecoder.decode(b, o));
                assertThat(d.diffRatio())
                    .as(
                        "bg %s patch %s rect %dx%d at %d,%d, area %.3f, %s",
                        bg, patch, rw, rh, x, y, area, o)
                    .isBetween(area - border - 0.005, area + border + 0.005);
                assertThat(d.changed()).isTrue();
              }
            });
  }

  @Test
  void theSamePastelPageAtTwoQualitiesIsUnchanged() {
    qt().withExamples(30)
        .forAll(longs().all())
        .checkAssert(
            seed -> {
              Random r = new Random(seed);
              double luma = 170 + r.nextInt(66);
              Color bg = pastel(r, luma);
              Color patch = otherHue(r, bg, luma);
              int[] rect = {
                r.nextInt(W / 2), r.nextInt(H / 2), 40 + r.nextInt(W / 2), 40 + r.nextInt(H / 2)
              };
              BufferedImage img = page(seed, bg, patch, rect);
              byte[] a = ScreenRenderer.jpeg(img, 0.6f);
              byte[] b = ScreenRenderer.jpeg(img, 0.95f);
              assertThat(ImageDiff.compareImages(a, b).diffRatio()).isLessThan(0.005);
              assertThat(ImageDiff.compareImages(a, b).changed()).isFalse();
            });
  }
}

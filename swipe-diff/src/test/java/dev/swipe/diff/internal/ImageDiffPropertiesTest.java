package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.base.NormRegion;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.PrimaryAxis;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Properties of image_diff over generated rasters (small, so the suite stays fast). */
class ImageDiffPropertiesTest {

  /**
   * A random "UI-like" scene: flat background, sharp rectangles and bars, a few text-like dashes.
   */
  static BufferedImage scene(long seed, int width, int height) {
    Random r = new Random(seed);
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(new Color(200 + r.nextInt(56), 200 + r.nextInt(56), 200 + r.nextInt(56)));
    g.fillRect(0, 0, width, height);
    int shapes = 6 + (width * height) / 900;
    for (int i = 0; i < shapes; i++) {
      int v = r.nextInt(256);
      g.setColor(new Color(v, (v * 7 + 40) % 256, (v * 3 + 90) % 256));
      int w = 3 + r.nextInt(Math.max(1, width / 4));
      int h = 3 + r.nextInt(Math.max(1, height / 4));
      if (r.nextBoolean()) {
        g.fillRect(r.nextInt(width), r.nextInt(height), w, h);
      } else {
        g.fillOval(r.nextInt(width), r.nextInt(height), w, h);
      }
    }
    g.dispose();
    return img;
  }

  static GreyRaster raster(long seed, int width, int height) {
    return GreyRaster.fromImage(scene(seed, width, height));
  }

  private static GreyRaster noisyCopy(GreyRaster a, long seed, PixelRect keep) {
    Random r = new Random(seed);
    byte[] px = a.toByteArray();
    for (int y = 0; y < a.height(); y++) {
      for (int x = 0; x < a.width(); x++) {
        if (!keep.contains(x, y)) {
          px[y * a.width() + x] = (byte) r.nextInt(256);
        }
      }
    }
    return GreyRaster.of(a.width(), a.height(), px);
  }

  @Test
  void aRasterEqualsItself() {
    qt().withExamples(60)
        .forAll(longs().all(), integers().between(8, 160), integers().between(8, 160))
        .checkAssert(
            (seed, w, h) -> {
              GreyRaster a = raster(seed, w, h);
              assertThat(ImageDiff.compare(a, a))
                  .isEqualTo(new DiffResult(false, 0.0, PrimaryAxis.NONE));
              assertThat(ImageDiff.compare(a, GreyRaster.of(w, h, a.toByteArray())).diffRatio())
                  .isZero();
            });
  }

  @Test
  void diffIsSymmetricAndARatio() {
    qt().withExamples(60)
        .forAll(
            longs().all(), longs().all(), integers().between(8, 160), integers().between(8, 160))
        .checkAssert(
            (s1, s2, w, h) -> {
              GreyRaster a = raster(s1, w, h);
              GreyRaster b = raster(s2, w, h);
              DiffResult ab = ImageDiff.compare(a, b);
              DiffResult ba = ImageDiff.compare(b, a);
              assertThat(ab.diffRatio()).isEqualTo(ba.diffRatio());
              assertThat(ab.changed()).isEqualTo(ba.changed());
              assertThat(ab.primaryAxis()).isEqualTo(ba.primaryAxis());
              assertThat(ab.diffRatio()).isBetween(0.0, 1.0);
              assertThat(ab.changed()).isEqualTo(ab.diffRatio() > 0.01);
            });
  }

  @Test
  void normalizedRegionRatioIsARatioForAnyValidRegion() {
    qt().withExamples(80)
        .forAll(
            longs().all(),
            integers().between(0, 999),
            integers().between(0, 999),
            integers().between(1, 1000))
        .checkAssert(
            (seed, x, y, wanted) -> {
              GreyRaster a = raster(seed, 90, 70);
              GreyRaster b = raster(seed + 1, 90, 70);
              // a region lies on the screen: as wide as wanted, up to its edge
              int size = Math.min(wanted, 1000 - Math.max(x, y));
              DiffResult d = ImageDiff.compare(a, b, x, y, size, size);
              assertThat(d.diffRatio()).isBetween(0.0, 1.0);
              assertThat(ImageDiff.compare(b, a, x, y, size, size).diffRatio())
                  .isEqualTo(d.diffRatio());
            });
  }

  @Test
  void aRegionNeverCountsPixelsOutsideIt() {
    qt().withExamples(80)
        .forAll(
            longs().all(),
            integers().between(0, 999),
            integers().between(0, 999),
            integers().between(1, 400))
        .checkAssert(
            (seed, nx, ny, extent) -> {
              int w = 120;
              int h = 96;
              // luminance only: the scribbles below are grey (chroma is judged per 8x8 block,
              // which may reach over a region's edge)
              GreyRaster a = GreyRaster.of(w, h, raster(seed, w, h).toByteArray());
              GreyRaster b = GreyRaster.of(w, h, raster(seed ^ 0x5DEECE66DL, w, h).toByteArray());
              double side = Math.min(extent, 1000 - Math.max(nx, ny));
              NormRegion region = new NormRegion(nx, ny, side, side);
              PixelRect px = PixelRect.covering(region, w, h);
              // Scribble over everything outside the region in both images: the ratio must not
              // move.
              GreyRaster a2 = noisyCopy(a, seed + 7, px);
              GreyRaster b2 = noisyCopy(b, seed + 9, px);
              double before = ImageDiff.compare(a, b, region).diffRatio();
              assertThat(ImageDiff.compare(a2, b2, region).diffRatio()).isEqualTo(before);
              assertThat(ImageDiff.compare(a2, b2, px).diffRatio()).isEqualTo(before);
              assertThat(FrameStability.STRICT.compare(a2, b2, px).changedRatio())
                  .isEqualTo(before);
              // And the changed box, if any, lies inside the region.
              FrameStability.STRICT
                  .compare(a2, b2, px)
                  .changedBounds()
                  .ifPresent(
                      box -> assertThat(px.contains(box)).as("%s inside %s", box, px).isTrue());
            });
  }

  @Test
  void axisFollowsTheDirectionOfSyntheticShifts() {
    qt().withExamples(80)
        .forAll(
            longs().all(),
            integers().between(64, 192),
            integers().between(1, 40),
            integers().between(0, 3))
        .checkAssert(
            (seed, size, amount, direction) -> {
              int w = size;
              int h = size + size / 3;
              int margin = 48;
              BufferedImage world = scene(seed, w + 2 * margin, h + 2 * margin);
              int dx = direction == 0 ? amount : direction == 1 ? -amount : 0;
              int dy = direction == 2 ? amount : direction == 3 ? -amount : 0;
              GreyRaster a = GreyRaster.fromImage(world.getSubimage(margin, margin, w, h));
              GreyRaster b =
                  GreyRaster.fromImage(world.getSubimage(margin + dx, margin + dy, w, h));
              DiffResult d = ImageDiff.compare(a, b);
              PrimaryAxis expected = dx != 0 ? PrimaryAxis.HORIZONTAL : PrimaryAxis.VERTICAL;
              if (d.changed()) {
                assertThat(d.primaryAxis())
                    .as("shift (%d, %d) of %dx%d, ratio %s", dx, dy, w, h, d.diffRatio())
                    .isEqualTo(expected);
              } else {
                assertThat(d.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
              }
            });
  }

  /** Straightforward reference for the packed (SWAR) cell comparison: same cells, same rule. */
  private static long[] referenceCells(GreyRaster a, GreyRaster b, PixelRect region) {
    int c = ChangedCells.cellSize(a);
    int nx = Math.max(1, region.width() / c);
    int ny = Math.max(1, region.height() / c);
    long changed = 0;
    long minX = Long.MAX_VALUE;
    long minY = Long.MAX_VALUE;
    long maxX = -1;
    long maxY = -1;
    for (int j = 0; j < ny; j++) {
      int y0 = region.y() + j * c;
      int y1 = j == ny - 1 ? region.bottom() : y0 + c;
      for (int i = 0; i < nx; i++) {
        int x0 = region.x() + i * c;
        int x1 = i == nx - 1 ? region.right() : x0 + c;
        long d = 0;
        for (int y = y0; y < y1; y++) {
          for (int x = x0; x < x1; x++) {
            d += a.get(x, y) - b.get(x, y);
          }
        }
        long n = (long) (x1 - x0) * (y1 - y0);
        if (Math.abs(d) > ChangedCells.MEAN_THRESHOLD * n) {
          changed += n;
          minX = Math.min(minX, x0);
          minY = Math.min(minY, y0);
          maxX = Math.max(maxX, x1 - 1);
          maxY = Math.max(maxY, y1 - 1);
        }
      }
    }
    return new long[] {changed, minX, minY, maxX, maxY};
  }

  @Test
  void packedCellComparisonMatchesTheReference() {
    qt().withExamples(150)
        .forAll(
            longs().all(),
            integers().between(1, 70),
            integers().between(1, 50),
            integers().between(0, 30))
        .checkAssert(
            (seed, w, h, spread) -> {
              Random r = new Random(seed);
              byte[] pa = new byte[w * h];
              byte[] pb = new byte[w * h];
              for (int i = 0; i < pa.length; i++) {
                int v = r.nextInt(256);
                // Differences straddle the threshold (24 levels of a cell mean) from both sides.
                int delta =
                    r.nextInt(4) == 0
                        ? 0
                        : (r.nextBoolean() ? 1 : -1) * (24 - spread + r.nextInt(2 * spread + 1));
                pa[i] = (byte) v;
                pb[i] = (byte) Math.max(0, Math.min(255, v + delta));
              }
              assertCellsLikeTheReference(GreyRaster.of(w, h, pa), GreyRaster.of(w, h, pb), r);
            });
  }

  /**
   * Two-pixel cells (the rasters as given) and single-pixel cells (reduced by 2), each on the whole
   * raster and on a region anywhere in it: the same changed pixels and bounds as the reference.
   */
  private static void assertCellsLikeTheReference(GreyRaster a, GreyRaster b, Random r) {
    GreyRaster ra = a.reduce(2);
    GreyRaster rb = b.reduce(2);
    GreyRaster[][] pairs = {{a, b}, {a, b}, {ra, rb}, {ra, rb}};
    PixelRect[] regions = {
      PixelRect.full(a.width(), a.height()),
      randomRegion(r, a.width(), a.height()),
      PixelRect.full(ra.width(), ra.height()),
      randomRegion(r, ra.width(), ra.height())
    };
    for (int k = 0; k < pairs.length; k++) {
      ChangedCells got = ChangedCells.compare(pairs[k][0], pairs[k][1], regions[k]);
      long[] want = referenceCells(pairs[k][0], pairs[k][1], regions[k]);
      assertThat(got.changedPixels).as("region %s", regions[k]).isEqualTo(want[0]);
      if (want[0] > 0) {
        assertThat(new long[] {got.minX, got.minY, got.maxX, got.maxY})
            .as("region %s", regions[k])
            .containsExactly(want[1], want[2], want[3], want[4]);
      }
    }
  }

  private static PixelRect randomRegion(Random r, int w, int h) {
    int x = r.nextInt(w);
    int y = r.nextInt(h);
    return new PixelRect(x, y, 1 + r.nextInt(w - x), 1 + r.nextInt(h - y));
  }

  /**
   * A few changed pixels on a still screen, brighter or darker: wherever they fall (a packed lane,
   * the scalar tail, the last cell of a row, the last row), the cells and their bounds are the
   * reference's exactly. Dense random changes hide a lost direction or a wrong bound; these do not.
   */
  @Test
  void sparseChangesEitherWayAreFoundAndBoundedLikeTheReference() {
    qt().withExamples(300)
        .forAll(
            longs().all(),
            integers().between(1, 70),
            integers().between(1, 40),
            integers().between(1, 3))
        .checkAssert(
            (seed, w, h, count) -> {
              Random r = new Random(seed);
              byte[] pa = new byte[w * h];
              java.util.Arrays.fill(pa, (byte) 128);
              byte[] pb = pa.clone();
              for (int k = 0; k < count; k++) {
                int delta = (r.nextBoolean() ? 1 : -1) * (100 + r.nextInt(27));
                pb[r.nextInt(pb.length)] = (byte) (128 + delta);
              }
              assertCellsLikeTheReference(GreyRaster.of(w, h, pa), GreyRaster.of(w, h, pb), r);
            });
  }

  @Test
  void packedRegionReductionMatchesTheReference() {
    qt().withExamples(100)
        .forAll(
            longs().all(),
            integers().between(1, 90),
            integers().between(1, 60),
            integers().between(0, 3))
        .checkAssert(
            (seed, w, h, power) -> {
              int f = 1 << (power + 1);
              Random r = new Random(seed);
              byte[] px = new byte[w * h];
              r.nextBytes(px);
              GreyRaster g = GreyRaster.of(w, h, px);
              PixelRect region = randomRegion(r, w, h);
              GreyRaster got = MotionAxisEstimator.reduceRegion(g, region, f);
              int bw = Math.min(f, region.width());
              int bh = Math.min(f, region.height());
              assertThat(got.width()).isEqualTo(Math.max(1, region.width() / f));
              assertThat(got.height()).isEqualTo(Math.max(1, region.height() / f));
              for (int oy = 0; oy < got.height(); oy++) {
                for (int ox = 0; ox < got.width(); ox++) {
                  int s = 0;
                  for (int y = 0; y < bh; y++) {
                    for (int x = 0; x < bw; x++) {
                      s += g.get(region.x() + ox * bw + x, region.y() + oy * bh + y);
                    }
                  }
                  int n = bw * bh;
                  assertThat(got.get(ox, oy)).isEqualTo((s + n / 2) / n);
                }
              }
            });
  }

  @Test
  void rasterReductionMatchesTheReference() {
    qt().withExamples(100)
        .forAll(
            longs().all(),
            integers().between(1, 90),
            integers().between(1, 40),
            integers().between(0, 3))
        .checkAssert(
            (seed, w, h, power) -> {
              int f = 1 << power;
              byte[] px = new byte[w * h];
              new Random(seed).nextBytes(px);
              GreyRaster g = GreyRaster.of(w, h, px);
              GreyRaster got = g.reduce(f);
              assertThat(got.width()).isEqualTo((w + f - 1) / f);
              assertThat(got.height()).isEqualTo((h + f - 1) / f);
              assertThat(got.sourceWidth()).isEqualTo(w);
              for (int oy = 0; oy < got.height(); oy++) {
                for (int ox = 0; ox < got.width(); ox++) {
                  int s = 0;
                  int n = 0;
                  for (int y = oy * f; y < Math.min(h, oy * f + f); y++) {
                    for (int x = ox * f; x < Math.min(w, ox * f + f); x++) {
                      s += g.get(x, y);
                      n++;
                    }
                  }
                  assertThat(got.get(ox, oy)).isEqualTo((s + n / 2) / n);
                }
              }
            });
  }
}

package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.diff.GreyRaster;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pointer is found by its motion alone, whatever it looks like, and not mistaken for an
 * animation.
 */
class CursorFinderTest {
  private static final int W = 200;
  private static final int H = 160;

  /** A textured background, as a page or map is. */
  private static byte[] background() {
    byte[] px = new byte[W * H];
    for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
        px[y * W + x] = (byte) (150 + ((x / 7 + y / 5) % 3) * 4);
      }
    }
    return px;
  }

  private static void disc(byte[] px, double cx, double cy, double r, int grey, double alpha) {
    for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
        if (Math.hypot(x - cx, y - cy) <= r) {
          int under = px[y * W + x] & 0xFF;
          px[y * W + x] = (byte) Math.round(under * (1 - alpha) + grey * alpha);
        }
      }
    }
  }

  /** An arrow pointing up-left with its tip at {@code (tx, ty)}: a tall right triangle. */
  private static void arrow(byte[] px, int tx, int ty, int h, int grey) {
    for (int y = ty; y < ty + h; y++) {
      int reach = (y - ty) * 6 / 10;
      for (int x = tx; x <= tx + reach; x++) {
        px[y * W + x] = (byte) grey;
      }
    }
  }

  private static GreyRaster raster(byte[] px) {
    return GreyRaster.of(W, H, px.clone());
  }

  @Test
  void aFaintCircleIsFoundAtBothPlacesWithItsCentre() {
    byte[] there = background();
    disc(there, 120, 80, 9, 60, 0.35);
    byte[] back = background();
    disc(back, 60, 80, 9, 60, 0.35);
    List<CursorFinder.Blob> blobs =
        CursorFinder.moved(raster(back), raster(there), raster(there), 6, 40);
    assertThat(blobs).hasSize(2);
    CursorFinder.Blob right = blobs.get(0).cx() > blobs.get(1).cx() ? blobs.get(0) : blobs.get(1);
    assertThat(right.hotX()).isCloseTo(120, within(1.0));
    assertThat(right.hotY()).isCloseTo(80, within(1.0));
  }

  @Test
  void anArrowPointsWithItsTipAndALightOneIsFoundToo() {
    byte[] before = background();
    byte[] after = background();
    arrow(after, 100, 40, 30, 250);
    List<CursorFinder.Blob> blobs =
        CursorFinder.moved(raster(before), raster(after), raster(after), 6, 40);
    assertThat(blobs).hasSize(1);
    assertThat(blobs.get(0).hotX()).isEqualTo(100);
    assertThat(blobs.get(0).hotY()).isEqualTo(40);
  }

  @Test
  void somethingThatKeepsChangingIsNotThePointer() {
    byte[] before = background();
    byte[] moved = background();
    byte[] rested = background();
    disc(moved, 50, 50, 8, 40, 1.0); // the pointer, still in the later frame
    disc(rested, 50, 50, 8, 40, 1.0);
    disc(moved, 150, 110, 8, 240, 1.0); // a spinner that blinks: on, then off again
    List<CursorFinder.Blob> blobs =
        CursorFinder.moved(raster(before), raster(moved), raster(rested), 6, 40);
    assertThat(blobs).hasSize(1);
    assertThat(blobs.get(0).cx()).isCloseTo(50, within(1.0));
  }

  @Test
  void changesOfTheWrongSizeOrShapeAreNotAPointer() {
    byte[] before = background();
    byte[] after = background();
    disc(after, 100, 80, 45, 30, 1.0); // a sheet sliding in: far larger than a pointer
    for (int x = 10; x < 60; x++) {
      after[20 * W + x] = (byte) 0; // a thin line: no solid shape
    }
    assertThat(CursorFinder.moved(raster(before), raster(after), raster(after), 6, 40)).isEmpty();
  }

  @Test
  void framesOfDifferentSizesFindNothing() {
    GreyRaster small = GreyRaster.of(10, 10, new byte[100]);
    assertThat(CursorFinder.moved(small, raster(background()), raster(background()), 1, 40))
        .isEmpty();
  }
}

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

  /** A text caret: a bar a few pixels wide, as tall as a line of text. */
  private static void caret(byte[] px, int x, int y, int w, int h) {
    for (int yy = y; yy < y + h; yy++) {
      for (int xx = x; xx < x + w; xx++) {
        px[yy * W + xx] = (byte) 20;
      }
    }
  }

  @Test
  void aCaretThatBlinkedOnIsNotAPointer() {
    // the caret is off before the move and on in both later frames: a blink between the first two
    byte[] before = background();
    byte[] moved = background();
    byte[] rested = background();
    disc(before, 100, 80, 9, 40, 1.0);
    disc(moved, 140, 80, 9, 40, 1.0);
    disc(rested, 140, 80, 9, 40, 1.0);
    caret(moved, 30, 20, 3, 18);
    caret(rested, 30, 20, 3, 18);
    List<CursorFinder.Blob> blobs =
        CursorFinder.moved(raster(before), raster(moved), raster(rested), 6, 40);
    assertThat(blobs).hasSize(2).allSatisfy(b -> assertThat(b.cy()).isCloseTo(80, within(1.0)));
  }

  /** An iPhone's pointer: a dark disc in a light ring, its middle at {@code (cx, cy)}. */
  private static void ringed(byte[] px, double cx, double cy) {
    disc(px, cx, cy, 9, 235, 1.0);
    disc(px, cx, cy, 7, 50, 1.0);
  }

  @Test
  void aMoveShorterThanThePointerBesideABlinkingCaretIsNoSight() {
    // The pointer moved less than its size, so its old and new images merge into one change around
    // where it was, which is no sight of its new place; a caret that blinked on meanwhile is no
    // sight either. Found on an iPhone rig: the loop took such a caret for the pointer, put it
    // where the caret was and drove the real pointer into the bottom edge (the Home screen).
    byte[] before = background();
    byte[] moved = background();
    byte[] rested = background();
    ringed(before, 100, 80);
    ringed(moved, 106, 84);
    ringed(rested, 106, 84);
    caret(moved, 30, 20, 3, 18);
    caret(rested, 30, 20, 3, 18);
    PointerLoop.Look look =
        PointerLoop.Look.of(new CursorFinder.Blob(91, 71, 109, 89, 250, 100, 80), 1);
    List<CursorFinder.Blob> blobs =
        CursorFinder.moved(
            raster(before),
            raster(moved),
            raster(rested),
            (int) (0.6 * look.size()),
            (int) Math.ceil(1.6 * look.size()) + 2);
    assertThat(PointerLoop.pointerAmong(blobs, 1, look, 100, 80, 105, 84)).isNull();
  }

  @Test
  void aChangeFartherFromThePredictionThanTheGainCouldMissIsNoSight() {
    // Text of a list still coasting changes everywhere while the pointer moves: a glyph's blob far
    // from where the move should have put the pointer is not it, however near it is of all blobs.
    PointerLoop.Look look =
        PointerLoop.Look.of(new CursorFinder.Blob(91, 71, 109, 89, 250, 100, 80), 1);
    CursorFinder.Blob glyph = new CursorFinder.Blob(20, 150, 36, 166, 200, 28, 158);
    double move = 60; // from (100, 80) predicted to (160, 80)
    double plausible = PointerLoop.GAIN_DOUBT * move + 2 * look.size();
    assertThat(Math.hypot(28 - 160, 158 - 80)).isGreaterThan(plausible);
    assertThat(PointerLoop.pointerAmong(List.of(glyph), 1, look, 100, 80, 160, 80)).isNull();
    // the pointer itself, landed a third short of the prediction, is still seen beside the glyph
    CursorFinder.Blob pointer = new CursorFinder.Blob(131, 71, 149, 89, 250, 140, 80);
    assertThat(PointerLoop.pointerAmong(List.of(glyph, pointer), 1, look, 100, 80, 160, 80))
        .isEqualTo(pointer);
  }

  @Test
  void aPointerPushedAgainstTheEdgeIsFoundAsASliver() {
    byte[] before = background();
    byte[] after = background();
    disc(after, W + 6, 80, 9, 40, 1.0); // all but its left edge beyond the screen's right edge
    List<CursorFinder.Blob> blobs =
        CursorFinder.moved(raster(before), raster(after), raster(after), 6, 40);
    assertThat(blobs).hasSize(1);
    assertThat(blobs.get(0).cut(W, H)).isTrue();
  }

  @Test
  void framesOfDifferentSizesFindNothing() {
    GreyRaster small = GreyRaster.of(10, 10, new byte[100]);
    assertThat(CursorFinder.moved(small, raster(background()), raster(background()), 1, 40))
        .isEmpty();
  }
}

package dev.swipe.diff.internal;

import java.util.Arrays;

/**
 * Builds the chroma of a {@code w x h} image row by row: Cb and Cr means per 2x2 pixels (JPEG's
 * 4:2:0 grid, the diff's cells) and per 8x8 block (JPEG's block grid); trailing samples and blocks
 * are averaged over what exists. Shared by {@code GreyRaster.fromImage} and the JPEG decoder.
 */
public final class Chroma {
  /** Edge of a chroma block in source pixels: a JPEG block, a quarter of a 4:2:0 chroma block. */
  public static final int BLOCK = 8;

  public final byte[] cb;
  public final byte[] cr;
  public final byte[] blockCb;
  public final byte[] blockCr;

  /** Sums over the current row pair, per 2x2 sample: add to these, then call endRow. */
  public final int[] pairB;

  public final int[] pairR;
  private final int w;
  private final int h;
  private final int cw;
  private final int bw;
  private final int[] blockB;
  private final int[] blockR;

  public Chroma(int w, int h) {
    this.w = w;
    this.h = h;
    this.cw = (w + 1) / 2;
    this.bw = (w + BLOCK - 1) / BLOCK;
    int chh = (h + 1) / 2;
    int bh = (h + BLOCK - 1) / BLOCK;
    cb = new byte[cw * chh];
    cr = new byte[cw * chh];
    blockCb = new byte[bw * bh];
    blockCr = new byte[bw * bh];
    pairB = new int[cw];
    pairR = new int[cw];
    blockB = new int[bw];
    blockR = new int[bw];
  }

  /** A copy of the finished planes (for masking). */
  public Chroma copy() {
    Chroma c = new Chroma(w, h);
    System.arraycopy(cb, 0, c.cb, 0, cb.length);
    System.arraycopy(cr, 0, c.cr, 0, cr.length);
    System.arraycopy(blockCb, 0, c.blockCb, 0, blockCb.length);
    System.arraycopy(blockCr, 0, c.blockCr, 0, blockCr.length);
    return c;
  }

  /** Sets the samples and blocks touching source pixels [x0, x1) x [y0, y1) to 128 (no hue). */
  public void neutral(int x0, int y0, int x1, int y1) {
    x1 = Math.min(x1, w);
    y1 = Math.min(y1, h);
    for (int cy = y0 / 2; cy < (y1 + 1) / 2; cy++) {
      Arrays.fill(cb, cy * cw + x0 / 2, cy * cw + (x1 + 1) / 2, (byte) 128);
      Arrays.fill(cr, cy * cw + x0 / 2, cy * cw + (x1 + 1) / 2, (byte) 128);
    }
    int b = BLOCK;
    for (int by = y0 / b; by < (y1 + b - 1) / b; by++) {
      Arrays.fill(blockCb, by * bw + x0 / b, by * bw + (x1 + b - 1) / b, (byte) 128);
      Arrays.fill(blockCr, by * bw + x0 / b, by * bw + (x1 + b - 1) / b, (byte) 128);
    }
  }

  /**
   * Takes {@code from}'s samples and blocks touching source pixels [x0, x1) x [y0, y1); both planes
   * are of one image size.
   */
  public void copyFrom(Chroma from, int x0, int y0, int x1, int y1) {
    x1 = Math.min(x1, w);
    y1 = Math.min(y1, h);
    int l = x0 / 2;
    int n = (x1 + 1) / 2 - l;
    for (int cy = y0 / 2; cy < (y1 + 1) / 2 && n > 0; cy++) {
      System.arraycopy(from.cb, cy * cw + l, cb, cy * cw + l, n);
      System.arraycopy(from.cr, cy * cw + l, cr, cy * cw + l, n);
    }
    int b = BLOCK;
    int bl = x0 / b;
    int bn = (x1 + b - 1) / b - bl;
    for (int by = y0 / b; by < (y1 + b - 1) / b && bn > 0; by++) {
      System.arraycopy(from.blockCb, by * bw + bl, blockCb, by * bw + bl, bn);
      System.arraycopy(from.blockCr, by * bw + bl, blockCr, by * bw + bl, bn);
    }
  }

  /** Call after each row {@code y}: closes a row of samples after every odd row and the last. */
  public void endRow(int y) {
    if ((y & 1) == 0 && y != h - 1) {
      return;
    }
    int rows = (y & 1) + 1;
    int o = (y >> 1) * cw;
    int full = rows == 2 ? w >> 1 : 0;
    for (int cx = 0; cx < full; cx++) {
      int u = pairB[cx];
      int v = pairR[cx];
      cb[o + cx] = (byte) ((u + 2) >> 2);
      cr[o + cx] = (byte) ((v + 2) >> 2);
      blockB[cx >> 2] += u;
      blockR[cx >> 2] += v;
    }
    for (int cx = full; cx < cw; cx++) {
      int n = rows * Math.min(2, w - 2 * cx);
      int u = pairB[cx];
      int v = pairR[cx];
      cb[o + cx] = (byte) ((u + n / 2) / n);
      cr[o + cx] = (byte) ((v + n / 2) / n);
      blockB[cx >> 2] += u;
      blockR[cx >> 2] += v;
    }
    Arrays.fill(pairB, 0);
    Arrays.fill(pairR, 0);
    if ((y & 7) != 7 && y != h - 1) {
      return;
    }
    int blockRows = (y & 7) + 1;
    int bo = (y >> 3) * bw;
    for (int bx = 0; bx < bw; bx++) {
      int n = blockRows * (Math.min(w, (bx + 1) * BLOCK) - bx * BLOCK);
      blockCb[bo + bx] = (byte) ((blockB[bx] + n / 2) / n);
      blockCr[bo + bx] = (byte) ((blockR[bx] + n / 2) / n);
    }
    Arrays.fill(blockB, 0);
    Arrays.fill(blockR, 0);
  }
}

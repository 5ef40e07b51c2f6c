package dev.swipe.text.tesseract;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;

/**
 * The luminance of one rectangle of an image, one byte per pixel, row by row; {@code (x0, y0)} is
 * where the rectangle sits in the whole image.
 */
final class GreyImage {
  final byte[] px;
  final int width;
  final int height;
  final int x0;
  final int y0;

  GreyImage(byte[] px, int width, int height, int x0, int y0) {
    this.px = px;
    this.width = width;
    this.height = height;
    this.x0 = x0;
    this.y0 = y0;
  }

  /** The luminance of {@code (x, y, w, h)} of {@code image} (a rectangle inside it). */
  static GreyImage of(BufferedImage image, int x, int y, int w, int h) {
    byte[] out = new byte[w * h];
    boolean whole =
        image.getRaster().getParent() == null
            && image.getRaster().getSampleModelTranslateX() == 0
            && image.getRaster().getSampleModelTranslateY() == 0;
    int iw = image.getWidth();
    switch (whole ? image.getType() : BufferedImage.TYPE_CUSTOM) {
      case BufferedImage.TYPE_3BYTE_BGR -> {
        byte[] d = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        for (int r = 0; r < h; r++) {
          int s = ((y + r) * iw + x) * 3;
          int o = r * w;
          for (int c = 0; c < w; c++, s += 3) {
            out[o + c] =
                (byte)
                    ((29 * (d[s] & 0xFF) + 150 * (d[s + 1] & 0xFF) + 77 * (d[s + 2] & 0xFF)) >> 8);
          }
        }
      }
      case BufferedImage.TYPE_BYTE_GRAY -> {
        byte[] d = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        for (int r = 0; r < h; r++) {
          System.arraycopy(d, (y + r) * iw + x, out, r * w, w);
        }
      }
      case BufferedImage.TYPE_INT_RGB,
          BufferedImage.TYPE_INT_ARGB,
          BufferedImage.TYPE_INT_ARGB_PRE -> {
        int[] d = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        for (int r = 0; r < h; r++) {
          int s = (y + r) * iw + x;
          int o = r * w;
          for (int c = 0; c < w; c++) {
            out[o + c] = luma(d[s + c]);
          }
        }
      }
      default -> {
        int[] row = new int[w];
        for (int r = 0; r < h; r++) {
          image.getRGB(x, y + r, w, 1, row, 0, w);
          int o = r * w;
          for (int c = 0; c < w; c++) {
            out[o + c] = luma(row[c]);
          }
        }
      }
    }
    return new GreyImage(out, w, h, x, y);
  }

  private static byte luma(int rgb) {
    return (byte)
        ((77 * ((rgb >> 16) & 0xFF) + 150 * ((rgb >> 8) & 0xFF) + 29 * (rgb & 0xFF)) >> 8);
  }

  int at(int x, int y) {
    return px[y * width + x] & 0xFF;
  }
}

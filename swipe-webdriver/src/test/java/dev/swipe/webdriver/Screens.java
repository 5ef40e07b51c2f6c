package dev.swipe.webdriver;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Compares two PNG screenshots the way a client would: what changed and how content moved. */
final class Screens {
  private Screens() {}

  /**
   * How two screenshots relate.
   *
   * @param changedFraction fraction of pixels whose luminance differs by more than JPEG noise
   * @param shiftUp rows the content moved up (negative: down) that best explain the change
   * @param residual mean luminance difference left after that shift (0..255)
   */
  record Motion(double changedFraction, int shiftUp, double residual) {}

  static Motion compare(byte[] beforePng, byte[] afterPng) {
    int[][] a = grey(beforePng);
    int[][] b = grey(afterPng);
    int h = a.length;
    int w = a[0].length;
    int changed = 0;
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        if (Math.abs(a[y][x] - b[y][x]) > 24) {
          changed++;
        }
      }
    }
    int bestShift = 0;
    double best = Double.MAX_VALUE;
    int x0 = w / 5;
    int x1 = w - w / 5;
    for (int s = -h / 2; s <= h / 2; s++) {
      long sum = 0;
      long n = 0;
      for (int y = Math.max(0, -s); y < Math.min(h, h - s); y++) {
        for (int x = x0; x < x1; x++) {
          sum += Math.abs(b[y][x] - a[y + s][x]);
          n++;
        }
      }
      double mean = (double) sum / n;
      if (mean < best) {
        best = mean;
        bestShift = s;
      }
    }
    return new Motion((double) changed / (w * h), bestShift, best);
  }

  private static int[][] grey(byte[] png) {
    try {
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
      int[][] g = new int[img.getHeight()][img.getWidth()];
      for (int y = 0; y < img.getHeight(); y++) {
        for (int x = 0; x < img.getWidth(); x++) {
          int rgb = img.getRGB(x, y);
          g[y][x] =
              (((rgb >> 16) & 0xFF) * 299 + ((rgb >> 8) & 0xFF) * 587 + (rgb & 0xFF) * 114) / 1000;
        }
      }
      return g;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

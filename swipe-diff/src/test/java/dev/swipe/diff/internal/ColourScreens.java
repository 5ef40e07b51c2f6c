package dev.swipe.diff.internal;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.Random;

/** Colour screens for the chroma tests: pastel pages of equal luma, saturated colour on white. */
final class ColourScreens {

  private ColourScreens() {}

  /** Rec.601 luma of a colour, 0-255 (not rounded). */
  static double luma(Color c) {
    return 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue();
  }

  /** JFIF Cb of a colour. */
  static double cb(Color c) {
    return 128 - 0.168736 * c.getRed() - 0.331264 * c.getGreen() + 0.5 * c.getBlue();
  }

  /** JFIF Cr of a colour. */
  static double cr(Color c) {
    return 128 + 0.5 * c.getRed() - 0.418688 * c.getGreen() - 0.081312 * c.getBlue();
  }

  /**
   * The colour with this red and blue whose green gives it {@code luma} (within half a level), or
   * null when no green in 0..255 does.
   */
  static Color withLuma(int red, int blue, double luma) {
    long g = Math.round((luma - 0.299 * red - 0.114 * blue) / 0.587);
    return g < 0 || g > 255 ? null : new Color(red, (int) g, blue);
  }

  /** Pastel pink and pastel mint of the same luma (225). */
  static final Color PINK = withLuma(255, 230, 225);

  static final Color MINT = withLuma(185, 210, 225);

  /**
   * A full-screen onboarding page on a pastel background: a soft illustration in a lighter tint of
   * the same hue, a title and two lines of dark text.
   */
  static BufferedImage pastelPage(int width, int height, Color bg, String title) {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = ScreenRenderer.graphics(img);
    double s = width / 1080.0;
    g.setColor(bg);
    g.fillRect(0, 0, width, height);
    g.setColor(blend(bg, Color.WHITE, 0.45));
    g.fillOval((int) (240 * s), (int) (420 * s), (int) (600 * s), (int) (600 * s));
    g.setColor(new Color(40, 40, 48));
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, (int) (100 * s)));
    g.drawString(title, (int) (120 * s), (int) (1300 * s));
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) (44 * s)));
    g.drawString("Everything you need, one page at a time.", (int) (120 * s), (int) (1420 * s));
    g.drawString("Swipe to continue", (int) (120 * s), (int) (1500 * s));
    g.setColor(new Color(90, 90, 100));
    for (int p = 0; p < 4; p++) {
      g.fillOval((int) ((440 + p * 60) * s), (int) (2100 * s), (int) (24 * s), (int) (24 * s));
    }
    g.dispose();
    return img;
  }

  /**
   * Saturated colour on white: coloured text, thin coloured lines and blocks of pure red, green and
   * blue, where JPEG's chroma subsampling and quantization err the most.
   */
  static BufferedImage saturatedScreen(int width, int height) {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = ScreenRenderer.graphics(img);
    double s = width / 1080.0;
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    Color[] inks = {
      Color.RED, new Color(0, 160, 0), Color.BLUE, Color.MAGENTA, new Color(255, 140, 0), Color.CYAN
    };
    Random r = new Random(5);
    for (int i = 0; i < 24; i++) {
      g.setColor(inks[i % inks.length]);
      int y = (int) ((120 + i * 92) * s);
      g.setFont(new Font(Font.SANS_SERIF, i % 2 == 0 ? Font.BOLD : Font.PLAIN, (int) (40 * s)));
      g.drawString("Coloured label " + i + " with link text", (int) (40 * s), y);
      g.fillRect((int) (760 * s), y - (int) (30 * s), (int) ((40 + r.nextInt(200)) * s), 3);
      g.fillOval((int) (900 * s), y - (int) (50 * s), (int) (60 * s), (int) (60 * s));
    }
    for (int i = 0; i < inks.length; i++) {
      g.setColor(inks[i]);
      g.fillRect((int) ((40 + i * 170) * s), (int) (2300 * s), (int) (150 * s), (int) (80 * s));
    }
    g.dispose();
    return img;
  }

  static Color blend(Color a, Color b, double t) {
    return new Color(
        (int) Math.round(a.getRed() + (b.getRed() - a.getRed()) * t),
        (int) Math.round(a.getGreen() + (b.getGreen() - a.getGreen()) * t),
        (int) Math.round(a.getBlue() + (b.getBlue() - a.getBlue()) * t));
  }
}

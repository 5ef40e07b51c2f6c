package dev.swipe.diff.internal;

import dev.swipe.diff.GreyRaster;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/**
 * Renders phone-like screens with Java2D and encodes real JPEGs, so tests need no binary fixtures.
 */
final class ScreenRenderer {

  static final int PHONE_W = 1080;
  static final int PHONE_H = 2400;
  static final int ROW_H = 168;
  private static final int STATUS_H = 96;
  private static final int APP_BAR_H = 168;

  private ScreenRenderer() {}

  static Graphics2D graphics(BufferedImage img) {
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
    return g;
  }

  /**
   * A contacts-like list whose content is scrolled up by {@code scrollY} pixels (status/app bar
   * fixed).
   */
  static BufferedImage listScreen(int width, int height, int scrollY) {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = graphics(img);
    double s = width / 1080.0;
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    int top = (int) (STATUS_H * s + APP_BAR_H * s);
    int rowH = (int) Math.round(ROW_H * s);
    g.setClip(0, top, width, height - top);
    int first = Math.max(0, scrollY / rowH - 1);
    for (int i = first; i < first + height / rowH + 3; i++) {
      int y = top + i * rowH - scrollY;
      Random r = new Random(1000 + i);
      g.setColor(new Color(60 + r.nextInt(180), 60 + r.nextInt(180), 60 + r.nextInt(180)));
      g.fillOval((int) (40 * s), y + (int) (24 * s), (int) (116 * s), (int) (116 * s));
      g.setColor(Color.WHITE);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, (int) (52 * s)));
      g.drawString(String.valueOf((char) ('A' + i % 26)), (int) (80 * s), y + (int) (100 * s));
      g.setColor(new Color(20, 20, 20));
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) (46 * s)));
      g.drawString(NAMES[i % NAMES.length] + " " + (i + 1), (int) (190 * s), y + (int) (74 * s));
      g.setColor(new Color(110, 110, 110));
      g.setFont(new Font(Font.SERIF, Font.PLAIN, (int) (34 * s)));
      g.drawString(
          "+1 555 01" + (10 + i) + "  mobile  " + (i * 7 % 60) + " min ago",
          (int) (190 * s),
          y + (int) (130 * s));
      g.setColor(new Color(225, 225, 225));
      g.fillRect((int) (190 * s), y + rowH - 2, width, Math.max(1, (int) (2 * s)));
    }
    g.setClip(null);
    g.setColor(new Color(245, 245, 250));
    g.fillRect(0, (int) (STATUS_H * s), width, (int) (APP_BAR_H * s));
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, (int) (60 * s)));
    g.drawString("Contacts", (int) (40 * s), (int) ((STATUS_H + 110) * s));
    statusBar(g, width, s);
    g.dispose();
    return img;
  }

  /** A carousel of full-width cards; {@code offsetX} pixels of horizontal travel (page = width). */
  static BufferedImage carouselScreen(int width, int height, int offsetX) {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = graphics(img);
    double s = width / 1080.0;
    g.setColor(new Color(250, 250, 250));
    g.fillRect(0, 0, width, height);
    int top = (int) (400 * s);
    int cardH = (int) (1300 * s);
    int page = width;
    for (int p = 0; p < 6; p++) {
      int x = p * page - offsetX + (int) (60 * s);
      if (x > width || x + page < 0) {
        continue;
      }
      int cw = page - (int) (120 * s);
      Random r = new Random(77 + p);
      Color c1 = new Color(r.nextInt(200), r.nextInt(200), r.nextInt(200));
      Color c2 = new Color(55 + r.nextInt(200), 55 + r.nextInt(200), 55 + r.nextInt(200));
      g.setPaint(new GradientPaint(x, top, c1, x + cw, top + cardH, c2));
      g.fillRoundRect(x, top, cw, cardH, (int) (60 * s), (int) (60 * s));
      g.setColor(Color.WHITE);
      for (int k = 0; k < 8; k++) {
        g.fillOval(
            x + r.nextInt(Math.max(1, cw - 200)),
            top + r.nextInt(Math.max(1, cardH - 200)),
            (int) ((60 + r.nextInt(140)) * s),
            (int) ((60 + r.nextInt(140)) * s));
      }
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, (int) (90 * s)));
      g.drawString("Page " + (p + 1), x + (int) (80 * s), top + (int) (200 * s));
      g.setColor(Color.DARK_GRAY);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) (44 * s)));
      g.drawString(
          "Swipe to see what is new on page " + (p + 1),
          x + (int) (30 * s),
          top + cardH + (int) (90 * s));
    }
    g.setColor(Color.GRAY);
    for (int p = 0; p < 6; p++) {
      g.fillOval(
          width / 2 - (int) (150 * s) + (int) (p * 60 * s),
          (int) (1950 * s),
          (int) (24 * s),
          (int) (24 * s));
    }
    statusBar(g, width, s);
    g.dispose();
    return img;
  }

  /** A form with a text field; the caret is drawn or not (blink). */
  static BufferedImage textFieldScreen(int width, int height, boolean caret) {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = graphics(img);
    double s = width / 1080.0;
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    statusBar(g, width, s);
    g.setColor(new Color(30, 30, 30));
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) (48 * s)));
    g.drawString("Name", (int) (60 * s), (int) (420 * s));
    g.setColor(new Color(120, 120, 200));
    g.setStroke(new BasicStroke((float) (4 * s)));
    g.drawRoundRect((int) (50 * s), (int) (460 * s), (int) (980 * s), (int) (140 * s), 20, 20);
    g.setColor(Color.BLACK);
    g.drawString("Ada Lovelace", (int) (90 * s), (int) (555 * s));
    if (caret) {
      g.fillRect(caretX(width), (int) (490 * s), Math.max(2, (int) (4 * s)), (int) (80 * s));
    }
    g.dispose();
    return img;
  }

  static int caretX(int width) {
    return (int) (400 * width / 1080.0);
  }

  private static void statusBar(Graphics2D g, int width, double s) {
    g.setColor(new Color(240, 240, 240));
    g.fillRect(0, 0, width, (int) (STATUS_H * s));
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) (38 * s)));
    g.drawString("12:45", (int) (40 * s), (int) (64 * s));
    g.fillRect(width - (int) (120 * s), (int) (30 * s), (int) (70 * s), (int) (36 * s));
  }

  /** How the selected row of a wheel is marked. */
  enum Selection {
    LINES,
    TINT,
    NONE
  }

  /**
   * A picker wheel: {@code visibleRows} rows of {@code pitch} pixels centred on {@code centerY},
   * showing numbers starting at {@code firstValue}; optional selection overlay.
   */
  static BufferedImage wheel(
      int width,
      int height,
      int centerX,
      int centerY,
      int visibleRows,
      double pitch,
      String fontName,
      int fontSize,
      Selection selection,
      int firstValue) {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = graphics(img);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    int half = visibleRows / 2;
    double wheelTop = centerY - (half + 0.5) * pitch;
    double wheelH = visibleRows * pitch;
    int colW = Math.min(width, Math.max(fontSize * 4, 120));
    int colX = centerX - colW / 2;
    if (selection == Selection.TINT) {
      g.setColor(new Color(228, 232, 240));
      g.fillRect(0, (int) Math.round(centerY - pitch / 2), width, (int) Math.round(pitch));
    }
    g.setFont(new Font(fontName, Font.PLAIN, fontSize));
    java.awt.FontMetrics fm = g.getFontMetrics();
    for (int i = -half; i <= half; i++) {
      double rowCenter = centerY + i * pitch;
      int v = firstValue + i + half;
      String text = String.format("%02d", ((v % 60) + 60) % 60);
      int grey = i == 0 ? 0 : Math.min(170, 60 + 35 * Math.abs(i));
      g.setColor(new Color(grey, grey, grey));
      float baseline = (float) (rowCenter + (fm.getAscent() - fm.getDescent()) / 2.0);
      g.drawString(text, (float) (centerX - fm.stringWidth(text) / 2.0), baseline);
    }
    if (selection == Selection.LINES) {
      g.setColor(new Color(150, 150, 150));
      int y1 = (int) Math.round(centerY - pitch / 2);
      int y2 = (int) Math.round(centerY + pitch / 2);
      g.fillRect(colX - 40, y1, colW + 80, 2);
      g.fillRect(colX - 40, y2, colW + 80, 2);
    }
    // Keep the wheel within its visible window, like a real picker.
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, (int) Math.max(0, Math.floor(wheelTop)));
    g.fillRect(0, (int) Math.ceil(wheelTop + wheelH), width, height);
    g.dispose();
    return img;
  }

  /**
   * A picker wheel drawn on a cylinder (as UIPickerView draws it): the row {@code j} rows from the
   * selected one is centred {@code radius sin(j pitch / radius)} from {@code centerY}, its text
   * squashed by the cosine of that angle and faded towards the background; rows past a quarter turn
   * are not drawn.
   */
  static BufferedImage cylinderWheel(
      int width,
      int height,
      int centerX,
      int centerY,
      double pitch,
      double radius,
      String fontName,
      int fontSize,
      int firstValue) {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = graphics(img);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    g.setFont(new Font(fontName, Font.PLAIN, fontSize));
    java.awt.FontMetrics fm = g.getFontMetrics();
    int half = (int) Math.floor(radius * Math.PI / 2 / pitch);
    for (int i = -half; i <= half; i++) {
      double theta = i * pitch / radius;
      if (Math.abs(theta) >= Math.PI / 2 - 0.05) {
        continue;
      }
      double rowCenter = centerY + radius * Math.sin(theta);
      double squash = Math.cos(theta);
      int grey = (int) Math.round(255 * (1 - Math.max(0.1, squash * squash)));
      g.setColor(new Color(grey, grey, grey));
      String text = String.format("%02d", (((firstValue + i) % 60) + 60) % 60);
      java.awt.geom.AffineTransform flat = g.getTransform();
      g.translate(0, rowCenter);
      g.scale(1, squash);
      float baseline = (float) ((fm.getAscent() - fm.getDescent()) / 2.0);
      g.drawString(text, (float) (centerX - fm.stringWidth(text) / 2.0), baseline);
      g.setTransform(flat);
    }
    g.dispose();
    return img;
  }

  static byte[] jpeg(BufferedImage img, float quality) {
    try {
      ImageWriter w = ImageIO.getImageWritersByFormatName("jpeg").next();
      ImageWriteParam p = w.getDefaultWriteParam();
      p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      p.setCompressionQuality(quality);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (ImageOutputStream o = ImageIO.createImageOutputStream(out)) {
        w.setOutput(o);
        w.write(null, new IIOImage(img, null, null), p);
      } finally {
        w.dispose();
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] png(BufferedImage img) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ImageIO.write(img, "png", out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Render, encode as a real JPEG, decode full size. */
  static GreyRaster viaJpeg(BufferedImage img, float quality) {
    return ImageDecoder.decode(jpeg(img, quality));
  }

  private static final String[] NAMES = {
    "Alice Martin", "Bruno Keller", "Chen Wei", "Dana Okafor", "Emil Novak", "Fatima Zahra",
    "Giulia Rossi", "Hiro Tanaka", "Ines Duarte", "Jonas Berg", "Kofi Mensah", "Lena Fischer",
    "Mateo Silva", "Nora Lind", "Omar Haddad", "Priya Nair"
  };
}

package dev.swipe.bench.diff;

import java.awt.Color;
import java.awt.Font;
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

/** Phone-like benchmark inputs rendered with Java2D and encoded as real JPEGs. */
final class PhoneScreens {

  static final int WIDTH = 1080;
  static final int HEIGHT = 2400;
  private static final int ROW_H = 168;
  private static final String[] NAMES = {
    "Alice Martin", "Bruno Keller", "Chen Wei", "Dana Okafor", "Emil Novak", "Fatima Zahra",
    "Giulia Rossi", "Hiro Tanaka", "Ines Duarte", "Jonas Berg", "Kofi Mensah", "Lena Fischer"
  };

  private PhoneScreens() {}

  private static Graphics2D graphics(BufferedImage img) {
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    return g;
  }

  /** A contacts list with status and app bar; content scrolled up by {@code scrollY} pixels. */
  static BufferedImage list(int scrollY) {
    BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = graphics(img);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, WIDTH, HEIGHT);
    int top = 264;
    g.setClip(0, top, WIDTH, HEIGHT - top);
    for (int i = Math.max(0, scrollY / ROW_H - 1); i < scrollY / ROW_H + HEIGHT / ROW_H + 2; i++) {
      int y = top + i * ROW_H - scrollY;
      Random r = new Random(1000 + i);
      g.setColor(new Color(60 + r.nextInt(180), 60 + r.nextInt(180), 60 + r.nextInt(180)));
      g.fillOval(40, y + 24, 116, 116);
      g.setColor(new Color(20, 20, 20));
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 46));
      g.drawString(NAMES[i % NAMES.length] + " " + (i + 1), 190, y + 74);
      g.setColor(new Color(110, 110, 110));
      g.setFont(new Font(Font.SERIF, Font.PLAIN, 34));
      g.drawString("+1 555 01" + (10 + i) + "  mobile  " + (i * 7 % 60) + " min ago", 190, y + 130);
      g.setColor(new Color(225, 225, 225));
      g.fillRect(190, y + ROW_H - 2, WIDTH, 2);
    }
    g.setClip(null);
    g.setColor(new Color(245, 245, 250));
    g.fillRect(0, 96, WIDTH, 168);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 60));
    g.drawString("Contacts", 40, 206);
    g.setColor(new Color(240, 240, 240));
    g.fillRect(0, 0, WIDTH, 96);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 38));
    g.drawString("12:45", 40, 64);
    g.dispose();
    return img;
  }

  /** A full screen with a 5-row time-picker wheel (pitch 130 px) centred at (540, 1200). */
  static BufferedImage wheel() {
    BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = graphics(img);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, WIDTH, HEIGHT);
    g.setColor(new Color(228, 232, 240));
    g.fillRect(0, 1200 - 65, WIDTH, 130);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 64));
    for (int i = -3; i <= 3; i++) {
      int grey = i == 0 ? 0 : 60 + 30 * Math.abs(i);
      g.setColor(new Color(grey, grey, grey));
      String text = String.format("%02d", 30 + i);
      g.drawString(text, 540 - g.getFontMetrics().stringWidth(text) / 2, 1200 + i * 130 + 22);
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
}

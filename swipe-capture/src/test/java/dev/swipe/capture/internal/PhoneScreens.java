package dev.swipe.capture.internal;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/** Test pictures: a phone-like screen (status bar, text rows) and HDMI frames that letterbox it. */
final class PhoneScreens {
  private PhoneScreens() {}

  /** A light phone screen with a status bar and list rows; {@code number} changes the content. */
  static BufferedImage screen(int width, int height, int number) {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(new Color(250, 250, 250));
    g.fillRect(0, 0, width, height);
    g.setColor(new Color(30, 90, 200));
    g.fillRect(0, 0, width, Math.max(8, height / 20));
    g.setColor(Color.WHITE);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, Math.max(8, height / 50)));
    g.drawString(
        "12:" + String.format("%02d", number % 60), width / 20, Math.max(8, height / 20) - 4);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, Math.max(8, height / 40)));
    int rowHeight = Math.max(12, height / 14);
    for (int i = 0; i * rowHeight + height / 10 < height; i++) {
      int y = height / 10 + i * rowHeight;
      g.setColor(new Color(225, 225, 225));
      g.drawLine(0, y, width, y);
      g.setColor(new Color(40, 40, 40));
      g.drawString("Item " + (i + number) + "  lorem ipsum", width / 12, y + rowHeight * 2 / 3);
    }
    g.dispose();
    return img;
  }

  /**
   * A capture frame of {@code frameW x frameH} with {@code screen} scaled to full height (or width)
   * and centred, the bars filled with black noise in [0, maxNoise].
   */
  static BufferedImage letterboxed(
      BufferedImage screen, int frameW, int frameH, int maxNoise, long seed) {
    BufferedImage frame = new BufferedImage(frameW, frameH, BufferedImage.TYPE_INT_RGB);
    Random random = new Random(seed);
    int[] px = new int[frameW * frameH];
    for (int i = 0; i < px.length; i++) {
      int v = maxNoise == 0 ? 0 : random.nextInt(maxNoise + 1);
      px[i] = (v << 16) | (v << 8) | v;
    }
    frame.setRGB(0, 0, frameW, frameH, px, 0, frameW);
    Placement p = placement(screen.getWidth(), screen.getHeight(), frameW, frameH);
    Graphics2D g = frame.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    g.drawImage(screen, p.x, p.y, p.w, p.h, null);
    g.dispose();
    return frame;
  }

  /** Where a screen of the given size lands when scaled to fit and centred. */
  record Placement(int x, int y, int w, int h) {}

  static Placement placement(int screenW, int screenH, int frameW, int frameH) {
    double scale = Math.min((double) frameW / screenW, (double) frameH / screenH);
    int w = (int) Math.round(screenW * scale);
    int h = (int) Math.round(screenH * scale);
    return new Placement((frameW - w) / 2, (frameH - h) / 2, w, h);
  }

  static byte[] jpeg(BufferedImage img, float quality) {
    BufferedImage rgb = img;
    if (img.getType() != BufferedImage.TYPE_INT_RGB
        && img.getType() != BufferedImage.TYPE_3BYTE_BGR) {
      rgb = new BufferedImage(img.getWidth(), img.getHeight(), BufferedImage.TYPE_INT_RGB);
      Graphics2D g = rgb.createGraphics();
      g.drawImage(img, 0, 0, null);
      g.dispose();
    }
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
      writer.setOutput(out);
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(quality);
      writer.write(null, new IIOImage(rgb, null, null), param);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      writer.dispose();
    }
    return bytes.toByteArray();
  }

  private static final Map<Integer, byte[]> HDMI = new ConcurrentHashMap<>();
  private static final Map<Integer, byte[]> SMALL = new ConcurrentHashMap<>();

  /**
   * A 1920x1080 HDMI frame (JPEG, quality 0.85) showing a 1080x2340 phone screen, pillarboxed.
   * Eight distinct pictures cycle, rendered once.
   */
  static byte[] hdmiFrame(int number) {
    return HDMI.computeIfAbsent(
        Math.floorMod(number, 8),
        n -> jpeg(letterboxed(screen(540, 1170, n), 1920, 1080, 20, n), 0.85f));
  }

  /** A small frame for fast streaming tests: 320x180 showing a portrait screen (30 cycle). */
  static byte[] smallFrame(int number) {
    return SMALL.computeIfAbsent(
        Math.floorMod(number, 30),
        n -> jpeg(letterboxed(screen(90, 195, n), 320, 180, 20, n), 0.85f));
  }
}

package dev.swipe.video.internal;

import dev.swipe.base.NormPoint;
import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;
import org.jspecify.annotations.Nullable;

/**
 * Turns a captured JPEG into the picture a video shows: scaled to even dimensions, with the
 * finger's recent path, where it touches now, and the current step's label drawn over it.
 */
public final class FramePainter {
  /** A finger position in normalized space at a time (ms on the video's clock). */
  public record Touch(double x, double y, boolean pressed, long atMs) {}

  private final double scale;

  /** A painter scaling frames by {@code scale} (0.1..1). */
  public FramePainter(double scale) {
    this.scale = scale;
  }

  /** The video size for a frame of {@code width} x {@code height}: scaled, rounded down to even. */
  public int[] size(int width, int height) {
    int w = Math.max(2, ((int) Math.round(width * scale)) & ~1);
    int h = Math.max(2, ((int) Math.round(height * scale)) & ~1);
    return new int[] {w, h};
  }

  /** Decodes and scales a JPEG frame. */
  public BufferedImage decode(byte[] jpeg, int width, int height) throws IOException {
    BufferedImage src = ImageIO.read(new ByteArrayInputStream(jpeg));
    if (src == null) {
      throw new IOException("not an image");
    }
    int[] s = size(width, height);
    BufferedImage out = new BufferedImage(s[0], s[1], BufferedImage.TYPE_3BYTE_BGR);
    Graphics2D g = out.createGraphics();
    try {
      g.setRenderingHint(
          RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
      g.drawImage(src, 0, 0, s[0], s[1], null);
    } finally {
      g.dispose();
    }
    return out;
  }

  /**
   * Draws the finger path (the touches given, oldest first: a fading blue line, a green dot where
   * the finger is down now) and the step label with its time.
   */
  public void overlay(BufferedImage img, List<Touch> trail, @Nullable String label, long atMs) {
    Graphics2D g = img.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      int w = img.getWidth();
      int h = img.getHeight();
      float stroke = Math.max(2f, w / 120f);
      g.setStroke(new BasicStroke(stroke, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
      Touch prev = null;
      for (Touch t : trail) {
        if (prev != null && prev.pressed()) {
          float age = Math.min(1f, Math.max(0f, (atMs - t.atMs()) / 1000f));
          g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, 0.85f - 0.6f * age));
          g.setColor(new Color(30, 111, 255));
          g.drawLine(px(prev.x(), w), px(prev.y(), h), px(t.x(), w), px(t.y(), h));
        }
        prev = t;
      }
      g.setComposite(AlphaComposite.SrcOver);
      if (prev != null && prev.pressed()) {
        int r = Math.max(6, w / 30);
        g.setColor(new Color(44, 160, 44, 200));
        g.fillOval(px(prev.x(), w) - r, px(prev.y(), h) - r, 2 * r, 2 * r);
      }
      if (label != null) {
        int fs = Math.max(10, w / 28);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, fs));
        String text = label + String.format(java.util.Locale.ROOT, "  %.1f s", atMs / 1000.0);
        int tw = g.getFontMetrics().stringWidth(text);
        g.setColor(new Color(0, 0, 0, 160));
        g.fillRect(0, h - fs * 2, Math.min(w, tw + fs), fs * 2);
        g.setColor(Color.WHITE);
        g.drawString(text, fs / 2, h - fs / 2 - 2);
      }
    } finally {
      g.dispose();
    }
  }

  private static int px(double n, int size) {
    return (int) Math.round(NormPoint.toPixel(n, size));
  }
}

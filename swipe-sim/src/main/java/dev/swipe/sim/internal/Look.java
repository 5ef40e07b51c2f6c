package dev.swipe.sim.internal;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Colours and fonts of one platform's look (light or dark), and the text-drawing helpers every
 * scene paints text with (layout pixels), which also note what they draw for the oracle.
 */
final class Look {
  final Color background;
  final Color surface;
  final Color text;
  final Color secondaryText;
  final Color accent;

  /** Text on an accent-coloured button. */
  final Color onAccent;

  final Color divider;
  final Color fieldFill;
  final Color keyboard;
  final Color key;
  final Color specialKey;
  private final String family;
  private final double fontScale;
  private final Map<Long, Font> fonts = new HashMap<>();
  private @Nullable TextRecorder recorder;

  Look(DeviceProfile profile, boolean dark) {
    this.family = profile.fontFamily();
    this.fontScale = profile.fontScale();
    if (profile.ios() && !dark) {
      background = new Color(0xF2F2F7);
      surface = Color.WHITE;
      text = Color.BLACK;
      secondaryText = new Color(0x8A8A8E);
      accent = new Color(0x007AFF);
      onAccent = Color.WHITE;
      divider = new Color(0xC6C6C8);
      fieldFill = new Color(0xE3E3E8);
      keyboard = new Color(0xD1D3D9);
      key = Color.WHITE;
      specialKey = new Color(0xABB0BC);
    } else if (profile.ios()) {
      background = Color.BLACK;
      surface = new Color(0x1C1C1E);
      text = Color.WHITE;
      secondaryText = new Color(0x8D8D93);
      accent = new Color(0x0A84FF);
      onAccent = Color.WHITE;
      divider = new Color(0x38383A);
      fieldFill = new Color(0x2C2C2E);
      keyboard = new Color(0x2B2B2D);
      key = new Color(0x6B6B6E);
      specialKey = new Color(0x46464A);
    } else if (!dark) {
      background = new Color(0xFFFBFE);
      surface = new Color(0xF3EDF7);
      text = new Color(0x1C1B1F);
      secondaryText = new Color(0x625B71);
      accent = new Color(0x6750A4);
      onAccent = Color.WHITE;
      divider = new Color(0xCAC4D0);
      fieldFill = new Color(0xECE6F0);
      keyboard = new Color(0xE8E2EC);
      key = new Color(0xFFFBFE);
      specialKey = new Color(0xD0C8DA);
    } else {
      background = new Color(0x1C1B1F);
      surface = new Color(0x2B2930);
      text = new Color(0xE6E1E5);
      secondaryText = new Color(0xCAC4D0);
      accent = new Color(0xD0BCFF);
      onAccent = new Color(0x381E72);
      divider = new Color(0x49454F);
      fieldFill = new Color(0x36343B);
      keyboard = new Color(0x2B2930);
      key = new Color(0x4A4458);
      specialKey = new Color(0x36343B);
    }
  }

  /** Notes every string drawn from now on (null stops noting). */
  void recorder(@Nullable TextRecorder recorder) {
    this.recorder = recorder;
  }

  /** Tells the recorder that {@code shape} was just painted opaque over what was drawn before. */
  void cover(Graphics2D g, Shape shape) {
    if (recorder != null) {
      recorder.cover(g, shape);
    }
  }

  /** The UI font at {@code px} layout pixels (before the user's font scale). */
  Font font(double px, boolean bold) {
    double size = px * fontScale;
    long key = Math.round(size * 16) * 2 + (bold ? 1 : 0);
    return fonts.computeIfAbsent(
        key, k -> new Font(family, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size));
  }

  /** Draws text with its baseline at {@code y}. */
  void text(Graphics2D g, String s, double x, double y, double px, boolean bold, Color c) {
    Font f = font(px, bold);
    g.setFont(f);
    g.setColor(c);
    g.drawString(s, (float) x, (float) y);
    if (recorder != null) {
      recorder.text(g, s, f, (float) x, (float) y, c);
    }
  }

  /** Draws text centred on {@code (cx, cy)} (the visual middle of its cap height). */
  void centred(Graphics2D g, String s, double cx, double cy, double px, boolean bold, Color c) {
    Font f = font(px, bold);
    g.setFont(f);
    g.setColor(c);
    FontMetrics m = g.getFontMetrics(f);
    double w = m.stringWidth(s);
    double capHalf = m.getAscent() * 0.36;
    float x = (float) (cx - w / 2);
    float y = (float) (cy + capHalf);
    g.drawString(s, x, y);
    if (recorder != null) {
      recorder.text(g, s, f, x, y, c);
    }
  }

  /** Width of a string at a size. */
  double width(Graphics2D g, String s, double px, boolean bold) {
    return g.getFontMetrics(font(px, bold)).stringWidth(s);
  }
}

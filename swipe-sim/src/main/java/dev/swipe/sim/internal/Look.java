package dev.swipe.sim.internal;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.HashMap;
import java.util.Map;

/** Colours and fonts of one platform's look, and small text-drawing helpers (layout pixels). */
final class Look {
  final Color background;
  final Color surface;
  final Color text;
  final Color secondaryText;
  final Color accent;
  final Color divider;
  final Color fieldFill;
  private final String family;
  private final double fontScale;
  private final Map<Long, Font> fonts = new HashMap<>();

  Look(DeviceProfile profile) {
    this.family = profile.fontFamily();
    this.fontScale = profile.fontScale();
    if (profile.ios()) {
      background = new Color(0xF2F2F7);
      surface = Color.WHITE;
      text = Color.BLACK;
      secondaryText = new Color(0x8A8A8E);
      accent = new Color(0x007AFF);
      divider = new Color(0xC6C6C8);
      fieldFill = new Color(0xE3E3E8);
    } else {
      background = new Color(0xFFFBFE);
      surface = new Color(0xF3EDF7);
      text = new Color(0x1C1B1F);
      secondaryText = new Color(0x625B71);
      accent = new Color(0x6750A4);
      divider = new Color(0xCAC4D0);
      fieldFill = new Color(0xECE6F0);
    }
  }

  /** The UI font at {@code px} layout pixels (before the user's font scale). */
  Font font(double px, boolean bold) {
    double size = px * fontScale;
    long key = Math.round(size * 16) * 2 + (bold ? 1 : 0);
    return fonts.computeIfAbsent(key, k -> new Font(family, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size));
  }

  /** Draws text with its baseline at {@code y}. */
  void text(Graphics2D g, String s, double x, double y, double px, boolean bold, Color c) {
    g.setFont(font(px, bold));
    g.setColor(c);
    g.drawString(s, (float) x, (float) y);
  }

  /** Draws text centred on {@code (cx, cy)} (the visual middle of its cap height). */
  void centred(Graphics2D g, String s, double cx, double cy, double px, boolean bold, Color c) {
    Font f = font(px, bold);
    g.setFont(f);
    g.setColor(c);
    FontMetrics m = g.getFontMetrics(f);
    double w = m.stringWidth(s);
    double capHalf = m.getAscent() * 0.36;
    g.drawString(s, (float) (cx - w / 2), (float) (cy + capHalf));
  }

  /** Width of a string at a size. */
  double width(Graphics2D g, String s, double px, boolean bold) {
    return g.getFontMetrics(font(px, bold)).stringWidth(s);
  }
}

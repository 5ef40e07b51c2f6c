package dev.swipe.sim.internal;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.RoundRectangle2D;

/** An editable one-line text field: tapping it focuses it and brings up the keyboard. */
final class TextField {
  final double x;
  final double y;
  final double w;
  final double h;
  final String hint;
  private String text = "";
  private boolean focused;

  TextField(double x, double y, double w, double h, String hint) {
    this.x = x;
    this.y = y;
    this.w = w;
    this.h = h;
    this.hint = hint;
  }

  boolean contains(double px, double py) {
    return px >= x && px <= x + w && py >= y && py <= y + h;
  }

  String text() {
    return text;
  }

  void text(String s) {
    text = s;
  }

  boolean focused() {
    return focused;
  }

  void focused(boolean f) {
    focused = f;
  }

  /**
   * Paints the field; {@code caret} is whether the caret is drawn (solid when focused, or toggled
   * every frame by caret noise).
   */
  void paint(Graphics2D g, Look look, boolean caret, double offsetY) {
    double top = y + offsetY;
    g.setColor(look.fieldFill);
    g.fill(new RoundRectangle2D.Double(x, top, w, h, h * 0.5, h * 0.5));
    if (focused) {
      g.setColor(look.accent);
      g.setStroke(new BasicStroke(6f));
      g.draw(new RoundRectangle2D.Double(x + 3, top + 3, w - 6, h - 6, h * 0.5, h * 0.5));
    }
    double baseline = top + h * 0.5 + 16;
    double textX = x + h * 0.45;
    String shown = text.isEmpty() ? hint : text;
    Color c = text.isEmpty() ? look.secondaryText : look.text;
    look.text(g, shown, textX, baseline, 44, false, c);
    if (caret) {
      double cx = textX + (text.isEmpty() ? 0 : look.width(g, text, 44, false)) + 4;
      g.setColor(look.accent);
      g.fillRect((int) cx, (int) (top + h * 0.22), 5, (int) (h * 0.56));
    }
  }
}

package dev.swipe.sim.internal;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.RoundRectangle2D;

/**
 * The on-screen keyboard: slides up over the bottom of the screen in 250 ms when an editable field
 * is focused, and down again when dismissed. A tap on a key types it.
 */
final class Keyboard {
  static final double HEIGHT = 880;
  static final long SLIDE_NANOS = 250_000_000L;
  private static final String[] ROWS = {"qwertyuiop", "asdfghjkl", "^zxcvbnm<", "#, .>"};

  /** The screen's layout height: the keyboard rises from its bottom. */
  private final double screenHeight;

  private boolean shown;
  private long changedAt = Long.MIN_VALUE / 2;

  Keyboard(double screenHeight) {
    this.screenHeight = screenHeight;
  }

  boolean shown() {
    return shown;
  }

  void show(long t) {
    if (!shown) {
      shown = true;
      changedAt = t;
    }
  }

  void hide(long t) {
    if (shown) {
      shown = false;
      changedAt = t;
    }
  }

  /** Visible fraction at {@code t}, 0 (hidden) to 1 (fully up). */
  double fraction(long t) {
    double p = Math.max(0, Math.min(1, (double) (t - changedAt) / SLIDE_NANOS));
    double eased = 1 - (1 - p) * (1 - p) * (1 - p);
    return shown ? eased : 1 - eased;
  }

  boolean animating(long t) {
    return t < changedAt + SLIDE_NANOS;
  }

  /** Top edge of the keyboard in layout pixels at {@code t}. */
  double top(long t) {
    return screenHeight - HEIGHT * fraction(t);
  }

  boolean covers(long t, double y) {
    return fraction(t) > 0 && y >= top(t);
  }

  /**
   * The key at a point on a fully shown keyboard: a letter, ' ' for space, '\b' for backspace, '\n'
   * for enter, or 0 for none (shift, symbols, gaps).
   */
  char keyAt(long t, double x, double y) {
    double top = top(t) + 110;
    double rowH = (HEIGHT - 140) / 4.0;
    int row = (int) Math.floor((y - top) / rowH);
    if (row < 0 || row >= ROWS.length) {
      return 0;
    }
    double[] xs = keyXs(row);
    String keys = ROWS[row];
    for (int i = 0; i < keys.length(); i++) {
      double w = keyWidth(row, i);
      if (x >= xs[i] && x < xs[i] + w) {
        char c = keys.charAt(i);
        return switch (c) {
          case '<' -> '\b';
          case '>' -> '\n';
          case '^', '#' -> 0;
          default -> c;
        };
      }
    }
    return 0;
  }

  private static double keyWidth(int row, int i) {
    double unit = DeviceProfile.WIDTH / 10.0;
    if (row == 2 && (i == 0 || i == 8)) {
      return unit * 1.5;
    }
    if (row == 3) {
      return switch (i) {
        case 0, 4 -> unit * 1.5;
        case 2 -> unit * 5;
        default -> unit;
      };
    }
    return unit;
  }

  private static double[] keyXs(int row) {
    String keys = ROWS[row];
    double[] xs = new double[keys.length()];
    double total = 0;
    for (int i = 0; i < keys.length(); i++) {
      total += keyWidth(row, i);
    }
    double x = (DeviceProfile.WIDTH - total) / 2;
    for (int i = 0; i < keys.length(); i++) {
      xs[i] = x;
      x += keyWidth(row, i);
    }
    return xs;
  }

  void paint(Graphics2D g, Look look, long t, boolean ios) {
    double f = fraction(t);
    if (f <= 0) {
      return;
    }
    double top = top(t);
    g.setColor(look.keyboard);
    java.awt.geom.Rectangle2D.Double board =
        new java.awt.geom.Rectangle2D.Double(0, top, DeviceProfile.WIDTH, HEIGHT);
    g.fill(board);
    look.cover(g, board);
    look.text(
        g,
        ios ? "\"the\"      \"to\"      \"and\"" : "the        to        and",
        150,
        top + 72,
        40,
        false,
        look.secondaryText);
    double rowH = (HEIGHT - 140) / 4.0;
    double keysTop = top + 110;
    Color keyColor = look.key;
    Color special = look.specialKey;
    for (int row = 0; row < ROWS.length; row++) {
      double[] xs = keyXs(row);
      String keys = ROWS[row];
      for (int i = 0; i < keys.length(); i++) {
        char c = keys.charAt(i);
        double w = keyWidth(row, i);
        double kx = xs[i] + 8;
        double ky = keysTop + row * rowH + 10;
        boolean letter = Character.isLetter(c);
        g.setColor(letter || c == ' ' || c == ',' || c == '.' ? keyColor : special);
        g.fill(new RoundRectangle2D.Double(kx, ky, w - 16, rowH - 20, 24, 24));
        String label =
            switch (c) {
              case '<' -> "\u232B";
              case '>' -> "\u21B5";
              case '^' -> "\u21E7";
              case '#' -> "?123";
              case ' ' -> ios ? "space" : "";
              default -> String.valueOf(c);
            };
        look.centred(
            g, label, kx + (w - 16) / 2, ky + (rowH - 20) / 2, letter ? 56 : 40, false, look.text);
      }
    }
  }
}

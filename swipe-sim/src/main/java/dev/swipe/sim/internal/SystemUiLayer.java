package dev.swipe.sim.internal;

import dev.swipe.sim.SimState;
import dev.swipe.sim.SimState.SystemUi;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.util.ArrayList;
import java.util.List;

/**
 * The iOS system UI a pointer opens at the screen's edges, drawn over the app in layout pixels, and
 * how it is left as on iOS: Notification Center and Control Center close on a swipe up (Control
 * Center also on a tap outside its controls), the App Switcher returns to the app on a tap on its
 * card and goes Home on a tap beside it, the Home screen returns to the app on a tap on its icon.
 * The Home key closes whatever is open.
 */
final class SystemUiLayer {
  private static final String[] OTHER_APPS = {
    "Mail", "Maps", "Music", "Notes", "Camera", "Phone", "Safari", "Wallet", "Books", "Files",
    "News"
  };

  private final double width;
  private final double height;
  private final double swipePx;
  private final double slopPx;
  private final String appName;
  private final List<SimState.SystemUiChange> log = new ArrayList<>();
  private SystemUi shown = SystemUi.NONE;
  private SystemUi before = SystemUi.NONE;
  private long since = Long.MIN_VALUE;
  private boolean down;
  private double downX;
  private double downY;

  /**
   * @param density layout pixels per point
   * @param appName the label of the app's icon and card
   */
  SystemUiLayer(double width, double height, double density, String appName) {
    this.width = width;
    this.height = height;
    this.swipePx = 100 * density;
    this.slopPx = 10 * density;
    this.appName = appName;
  }

  /** What shows at {@code t}. */
  SystemUi at(long t) {
    return t >= since ? shown : before;
  }

  /** Whether system UI is open now. */
  boolean open() {
    return shown != SystemUi.NONE;
  }

  /** Every change so far, oldest first. */
  List<SimState.SystemUiChange> log() {
    return List.copyOf(log);
  }

  /** Shows {@code next} from {@code t} on. */
  void show(SystemUi next, long t) {
    if (next == shown) {
      return;
    }
    before = shown;
    shown = next;
    since = t;
    down = false;
    log.add(new SimState.SystemUiChange(t, next));
  }

  /** The Home key: whatever is open closes, back to the app. */
  void home(long t) {
    show(SystemUi.NONE, t);
  }

  /** A pointer state (layout pixels) while system UI is open. */
  void input(double x, double y, boolean pressed, long t) {
    if (pressed && !down) {
      down = true;
      downX = x;
      downY = y;
      return;
    }
    if (pressed || !down) {
      return;
    }
    down = false;
    boolean swipeUp = downY - y >= swipePx;
    boolean tap = Math.hypot(x - downX, y - downY) <= slopPx;
    switch (shown) {
      case NOTIFICATION_CENTER -> {
        if (swipeUp) {
          show(SystemUi.NONE, t);
        }
      }
      case CONTROL_CENTER -> {
        if (swipeUp || (tap && !controls().contains(downX, downY))) {
          show(SystemUi.NONE, t);
        }
      }
      case APP_SWITCHER -> {
        if (tap) {
          show(card().contains(downX, downY) ? SystemUi.NONE : SystemUi.HOME_SCREEN, t);
        } else if (swipeUp) {
          show(SystemUi.HOME_SCREEN, t);
        }
      }
      case HOME_SCREEN -> {
        if (tap && icon(0).contains(downX, downY)) {
          show(SystemUi.NONE, t);
        }
      }
      case NONE -> {}
    }
  }

  /** Forgets a press in progress (a release-all). */
  void releaseAll() {
    down = false;
  }

  private Rectangle2D controls() {
    return new Rectangle2D.Double(width * 0.06, height * 0.08, width * 0.88, height * 0.38);
  }

  private Rectangle2D card() {
    return new Rectangle2D.Double(width * 0.18, height * 0.2, width * 0.64, height * 0.6);
  }

  /** The Home screen's icon {@code i} (0 is the app's), row by row, four to a row. */
  private Rectangle2D icon(int i) {
    double cell = width / 4;
    double size = cell * 0.62;
    double x = cell * (i % 4) + (cell - size) / 2;
    int row = i / 4;
    double y = height * 0.1 + row * cell * 1.35;
    return new Rectangle2D.Double(x, y, size, size);
  }

  /** Paints what shows at {@code t} over the whole screen (nothing when the app shows). */
  void paint(Graphics2D g, Look look, long t, String clock) {
    SystemUi ui = at(t);
    if (ui == SystemUi.NONE) {
      return;
    }
    Rectangle2D all = new Rectangle2D.Double(0, 0, width, height);
    switch (ui) {
      case NOTIFICATION_CENTER -> {
        g.setPaint(new GradientPaint(0, 0, new Color(34, 40, 62), 0, (float) height, Color.BLACK));
        g.fill(all);
        look.cover(g, all);
        look.centred(g, clock, width / 2, height * 0.14, 190, false, Color.WHITE);
        look.centred(g, "Monday, June 3", width / 2, height * 0.07, 50, false, Color.WHITE);
        look.centred(
            g,
            "No Older Notifications",
            width / 2,
            height * 0.55,
            42,
            false,
            new Color(170, 170, 178));
      }
      case CONTROL_CENTER -> {
        g.setColor(new Color(30, 30, 36));
        g.fill(all);
        look.cover(g, all);
        Rectangle2D r = controls();
        double tile = r.getWidth() / 4;
        for (int i = 0; i < 8; i++) {
          double x = r.getX() + (i % 4) * tile + tile * 0.06;
          int row = i / 4;
          double y = r.getY() + row * tile * 1.05 + tile * 0.06;
          g.setColor(i == 0 ? new Color(0x0A84FF) : new Color(72, 72, 80));
          g.fill(
              new RoundRectangle2D.Double(x, y, tile * 0.88, tile * 0.88, tile * 0.4, tile * 0.4));
        }
        g.setColor(new Color(210, 210, 216));
        g.fill(
            new RoundRectangle2D.Double(
                r.getX() + tile * 0.06,
                r.getY() + tile * 2.25,
                tile * 0.88,
                r.getHeight() - tile * 2.35,
                tile * 0.4,
                tile * 0.4));
      }
      case HOME_SCREEN -> {
        g.setPaint(
            new GradientPaint(
                0, 0, new Color(54, 96, 190), 0, (float) height, new Color(150, 60, 150)));
        g.fill(all);
        look.cover(g, all);
        for (int i = 0; i <= OTHER_APPS.length; i++) {
          Rectangle2D r = icon(i);
          float hue = i == 0 ? 0.58f : (i * 0.13f) % 1f;
          g.setColor(Color.getHSBColor(hue, 0.55f, 0.95f));
          g.fill(
              new RoundRectangle2D.Double(
                  r.getX(),
                  r.getY(),
                  r.getWidth(),
                  r.getHeight(),
                  r.getWidth() * 0.45,
                  r.getWidth() * 0.45));
          String label = i == 0 ? appName : OTHER_APPS[i - 1];
          look.centred(
              g, label, r.getCenterX(), r.getMaxY() + r.getHeight() * 0.2, 34, false, Color.WHITE);
        }
      }
      case APP_SWITCHER -> {
        g.setColor(new Color(22, 22, 26));
        g.fill(all);
        look.cover(g, all);
        Rectangle2D c = card();
        look.centred(g, appName, c.getCenterX(), c.getY() - 50, 44, true, Color.WHITE);
        g.setColor(look.background);
        g.fill(
            new RoundRectangle2D.Double(c.getX(), c.getY(), c.getWidth(), c.getHeight(), 80, 80));
        g.setColor(look.divider);
        for (int i = 1; i < 9; i++) {
          double y = c.getY() + i * c.getHeight() / 9;
          g.fill(new Rectangle2D.Double(c.getX() + 40, y, c.getWidth() - 80, 3));
        }
      }
      case NONE -> {}
    }
  }
}

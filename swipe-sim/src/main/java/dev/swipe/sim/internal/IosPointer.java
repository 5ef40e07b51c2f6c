package dev.swipe.sim.internal;

import dev.swipe.sim.SimConfig.CursorShape;
import dev.swipe.sim.SimState.SystemUi;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import org.jspecify.annotations.Nullable;

/**
 * iOS's pointer on a HID rig, in layout pixels: where a press lands, how a relative report moves it
 * (along the device's acceleration curve), the rounded display corners that clamp it, the edges
 * that open system UI when it pushes past them or rests on them, and the cursor iOS draws for it,
 * which hides a while after the last move and whose tip sits a few pixels below where a press
 * lands.
 */
final class IosPointer {
  /** How far past the top or bottom edge the pointer must push to open system UI, points. */
  static final double PUSH_PT = 30;

  /** How long the pointer must rest on the top or bottom edge to open system UI. */
  static final long DWELL_NANOS = 1_000_000_000L;

  private final InputRules rules;
  private final double width;
  private final double height;
  private final double density;
  private final double radius;
  private final double capturePx;

  private double x;
  private double y;
  private final PointerTrail trail = new PointerTrail();
  private long reportAt = Long.MIN_VALUE;
  private double pushTopPt;
  private double pushBottomPt;
  private SystemUi edge = SystemUi.NONE;
  private long edgeSince = Long.MAX_VALUE;

  /**
   * A pointer in the middle of a {@code width x height} screen.
   *
   * @param density layout pixels per point
   */
  IosPointer(InputRules rules, double width, double height, double density) {
    this.rules = rules;
    this.width = width;
    this.height = height;
    this.density = density;
    this.radius = rules.cornerRadiusPt() * density;
    this.capturePx = height / 1080.0;
    this.x = width / 2;
    this.y = height / 2;
  }

  double x() {
    return x;
  }

  double y() {
    return y;
  }

  /** Layout pixels between where a press lands and the drawn tip below it. */
  double tapOffsetPx() {
    return rules.tapOffset() * capturePx;
  }

  /** Layout pixels of the drawn cursor's size. */
  double cursorSizePx() {
    return rules.cursorSize() * capturePx;
  }

  /** The corner radius in layout pixels. */
  double radiusPx() {
    return radius;
  }

  /**
   * A relative report of {@code dx, dy} counts at {@code now}; returns the system UI its push opens
   * ({@code NONE} for none).
   *
   * @param buttonDown whether the button is held (a drag never opens system UI)
   */
  SystemUi relative(int dx, int dy, long now, boolean buttonDown) {
    long since = reportAt == Long.MIN_VALUE ? -1 : now - reportAt;
    reportAt = now;
    double counts = Math.hypot(dx, dy);
    if (counts == 0) {
      return SystemUi.NONE;
    }
    double k = rules.curve().gain(counts, since) * density;
    double tx = x + dx * k;
    double ty = y + dy * k;
    double[] c = clamp(tx, ty);
    if (!moveTo(c[0], c[1], now)) {
      trail.shown(now, x, y); // a push against an edge shows the cursor too
    }
    double overY = (ty - c[1]) / density;
    SystemUi opens = SystemUi.NONE;
    pushTopPt = overY < -0.01 && zone() == Zone.TOP ? pushTopPt - overY : 0;
    pushBottomPt = overY > 0.01 && zone() == Zone.BOTTOM ? pushBottomPt + overY : 0;
    if (!buttonDown && pushTopPt >= PUSH_PT) {
      opens = topUi();
    } else if (!buttonDown && pushBottomPt >= PUSH_PT) {
      opens = SystemUi.HOME_SCREEN;
    }
    if (opens != SystemUi.NONE) {
      pushTopPt = 0;
      pushBottomPt = 0;
      edgeSince = Long.MAX_VALUE;
    }
    return opens;
  }

  /** An absolute-mouse position at {@code now}, clamped to the rounded screen. */
  void absolute(double ax, double ay, long now) {
    double[] c = clamp(ax, ay);
    moveTo(c[0], c[1], now);
  }

  /** Puts the pointer at {@code nx, ny}; returns whether it moved (and so was shown). */
  private boolean moveTo(double nx, double ny, long now) {
    boolean moved = nx != x || ny != y;
    x = nx;
    y = ny;
    if (moved) {
      trail.shown(now, x, y);
    }
    SystemUi at =
        zone() == Zone.TOP ? topUi() : zone() == Zone.BOTTOM ? SystemUi.APP_SWITCHER : null;
    SystemUi e = at == null ? SystemUi.NONE : at;
    if (e != edge) {
      edge = e;
      edgeSince = e == SystemUi.NONE ? Long.MAX_VALUE : now;
    }
    return moved;
  }

  /**
   * When resting on an edge opens system UI ({@link Long#MAX_VALUE} while the pointer is off the
   * edges or already opened what its edge opens).
   */
  long dwellOpensAt() {
    return edgeSince == Long.MAX_VALUE ? Long.MAX_VALUE : edgeSince + DWELL_NANOS;
  }

  /** What resting where the pointer is opens; stops the dwell clock until the pointer leaves. */
  SystemUi dwellOpened() {
    edgeSince = Long.MAX_VALUE;
    return edge;
  }

  private SystemUi topUi() {
    return x > width * 2 / 3 ? SystemUi.CONTROL_CENTER : SystemUi.NOTIFICATION_CENTER;
  }

  private enum Zone {
    TOP,
    BOTTOM,
    NONE
  }

  /** Whether the pointer rests on the top or bottom boundary (edges and the corners' arcs). */
  private Zone zone() {
    double eps = 1.0;
    boolean inCornerColumn = x < radius || x > width - 1 - radius;
    if (y <= eps) {
      return Zone.TOP;
    }
    if (y >= height - 1 - eps) {
      return Zone.BOTTOM;
    }
    if (inCornerColumn && (y < radius || y > height - 1 - radius)) {
      double cx = x < radius ? radius : width - 1 - radius;
      double cy = y < radius ? radius : height - 1 - radius;
      if (Math.hypot(x - cx, y - cy) >= radius - eps) {
        return y < radius ? Zone.TOP : Zone.BOTTOM;
      }
    }
    return Zone.NONE;
  }

  /** The nearest point of the screen with rounded corners. */
  double[] clamp(double px, double py) {
    double cx = Math.max(0, Math.min(width - 1, px));
    double cy = Math.max(0, Math.min(height - 1, py));
    double ox = cx < radius ? radius : cx > width - 1 - radius ? width - 1 - radius : cx;
    double oy = cy < radius ? radius : cy > height - 1 - radius ? height - 1 - radius : cy;
    double d = Math.hypot(cx - ox, cy - oy);
    if (d > radius) {
      cx = ox + (cx - ox) * radius / d;
      cy = oy + (cy - oy) * radius / d;
    }
    return new double[] {cx, cy};
  }

  /** Whether the cursor is drawn at {@code t}. */
  boolean visible(long t) {
    return shown(t) != null;
  }

  /** The move the cursor is drawn after at {@code t}, or null while it is hidden. */
  private PointerTrail.@Nullable Mark shown(long t) {
    PointerTrail.Mark m = trail.at(t);
    return m != null && t - m.at() < rules.cursorHideNanos() ? m : null;
  }

  /** Everything {@link #paint} draws at {@code t}, as a value. */
  Object key(long t) {
    PointerTrail.Mark m = shown(t);
    return m != null ? Math.round(m.x() * 4) + "," + Math.round(m.y() * 4) : "";
  }

  /**
   * Draws the cursor where it stood at {@code t}, its tip (a circle's centre, an arrow's point)
   * below the landing point.
   */
  void paint(Graphics2D g, long t) {
    PointerTrail.Mark m = shown(t);
    if (m == null) {
      return;
    }
    double tipX = m.x();
    double tipY = m.y() + tapOffsetPx();
    double size = cursorSizePx();
    int a = (int) Math.round(255 * rules.cursorAlpha());
    Graphics2D c = (Graphics2D) g.create();
    try {
      if (rules.cursor() == CursorShape.CIRCLE) {
        Ellipse2D dot = new Ellipse2D.Double(tipX - size / 2, tipY - size / 2, size, size);
        c.setColor(new Color(60, 60, 67, a));
        c.fill(dot);
        c.setColor(new Color(255, 255, 255, a));
        c.setStroke(new BasicStroke((float) Math.max(1, size / 20)));
        c.draw(dot);
        return;
      }
      double s = size / 70.0;
      Path2D arrow = new Path2D.Double();
      arrow.moveTo(tipX, tipY);
      arrow.lineTo(tipX, tipY + 60 * s);
      arrow.lineTo(tipX + 15 * s, tipY + 46 * s);
      arrow.lineTo(tipX + 26 * s, tipY + 70 * s);
      arrow.lineTo(tipX + 35 * s, tipY + 66 * s);
      arrow.lineTo(tipX + 24 * s, tipY + 43 * s);
      arrow.lineTo(tipX + 43 * s, tipY + 43 * s);
      arrow.closePath();
      c.setColor(new Color(0, 0, 0, a));
      c.fill(arrow);
      c.setColor(new Color(255, 255, 255, a));
      c.setStroke(
          new BasicStroke(
              (float) Math.max(1, 2 * s), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
      c.draw(arrow);
    } finally {
      c.dispose();
    }
  }
}

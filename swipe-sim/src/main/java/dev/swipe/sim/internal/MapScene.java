package dev.swipe.sim.internal;

import dev.swipe.sim.SimConfig;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

/**
 * A street map three screens wide and two and a half screens tall, panned in both axes with the
 * platform's fling physics per axis (Android's OverScroller flings each axis on its own velocity,
 * AOSP {@code OverScroller.fling} with {@code mScrollerX} and {@code mScrollerY}), clamped
 * (Android, Flutter) or rubber-banded (iOS) at its edges. A floating search pill is an editable
 * field.
 *
 * <p>Two fingers zoom it about their centroid: the map point under the centroid when the pinch
 * began stays under the centroid as it moves, the zoom follows the fingers' spread, and the pan
 * follows the centroid. The zoom stays within {@link #MIN_ZOOM} and {@link #MAX_ZOOM}: Android and
 * Flutter stop at the limit, iOS lets the fingers pull past it against a rubber band and springs
 * back to it once they lift. The axes count offsets in pixels of the zoomed map, so a pan or fling
 * after a zoom moves with the finger as before.
 */
final class MapScene extends Scene {
  static final double MAP_W = 3240;
  static final double MAP_H = 6000;
  static final double TOP = 72;
  private static final double BLOCK = 360;
  private static final String[] STREETS = {
    "Elm St",
    "Oak Ave",
    "Pine St",
    "Maple Ave",
    "Cedar St",
    "Birch Rd",
    "Walnut St",
    "Willow Ave",
    "Spruce St",
    "Aspen Rd",
    "Chestnut St",
    "Poplar Ave",
    "Laurel St",
    "Hazel Rd",
    "Juniper St",
    "Linden Ave",
    "Alder St"
  };
  private static final String[] PLACES = {
    "Cafe Aurora", "City Library", "Harbor Market", "Museum of Light", "Green Park",
        "Central Station",
    "Bakery Nord", "Town Hall", "Riverside Gym", "Star Cinema", "Old Mill", "Bike Shop"
  };

  /** The farthest out and in the map zooms, as Maps apps stop a few levels either side. */
  static final double MIN_ZOOM = 0.5;

  static final double MAX_ZOOM = 4;

  /** How hard iOS resists a pinch past a zoom limit: the excess zoom is raised to this power. */
  private static final double RUBBER_BAND = 0.3;

  /** How long iOS takes to spring back to the zoom limit after the fingers lift. */
  private static final long SPRING_BACK_NANOS = 300_000_000L;

  private final ScrollAxis x;
  private final ScrollAxis y;
  private final double viewH;
  private double zoom = 1;
  private boolean pinching;
  private double pinchZoom;
  private double pinchSpread;
  private double anchorX;
  private double anchorY;
  private double centreX;
  private double centreY;
  private long springStart = Long.MIN_VALUE;
  private double springFrom;
  private double springTo;
  private final TextField search = new TextField(48, 120, 984, 132, "Search here");
  private boolean onMap;

  MapScene(VirtualPhone phone) {
    super(phone);
    this.viewH = profile.heightPx() - TOP;
    this.x = new ScrollAxis(profile, DeviceProfile.WIDTH, 0, MAP_W - DeviceProfile.WIDTH, false);
    this.y = new ScrollAxis(profile, viewH, 0, MAP_H - viewH, false);
    x.jump((MAP_W - DeviceProfile.WIDTH) / 2);
    y.jump((MAP_H - viewH) / 2);
  }

  @Override
  void pinch(PinchPhase phase, long t, double cx, double cy, double spread) {
    if (phase == PinchPhase.BEGIN) {
      settleZoom(t);
      x.touchDown(t);
      y.touchDown(t);
      onMap = false;
      pinching = cy >= TOP && spread > 0;
      pinchZoom = zoom;
      pinchSpread = spread;
      anchorX = (x.at(t) + cx) / zoom;
      anchorY = (y.at(t) + cy - TOP) / zoom;
    }
    if (!pinching) {
      return;
    }
    centreX = cx;
    centreY = cy - TOP;
    if (phase != PinchPhase.END) {
      zoomTo(bounded(pinchZoom * spread / pinchSpread));
      return;
    }
    pinching = false;
    double limit = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
    if (limit != zoom) {
      springStart = t;
      springFrom = zoom;
      springTo = limit;
    }
  }

  /** The zoom the fingers ask for, as the platform lets it past the limits. */
  private double bounded(double asked) {
    if (profile.platform() != SimConfig.Platform.IOS) {
      return Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, asked));
    }
    if (asked > MAX_ZOOM) {
      return MAX_ZOOM * Math.pow(asked / MAX_ZOOM, RUBBER_BAND);
    }
    if (asked < MIN_ZOOM) {
      return Math.max(MIN_ZOOM * 0.8, MIN_ZOOM * Math.pow(asked / MIN_ZOOM, RUBBER_BAND));
    }
    return asked;
  }

  /** Shows the map at {@code z} with the anchor under the latest centroid (clamped to the map). */
  private void zoomTo(double z) {
    zoom = z;
    x.reset(0, MAP_W * z - DeviceProfile.WIDTH, anchorX * z - centreX);
    y.reset(0, MAP_H * z - viewH, anchorY * z - centreY);
  }

  /** The zoom at {@code t}: springing back to a limit for a moment after an iOS pinch past it. */
  private double zoomAt(long t) {
    if (springStart == Long.MIN_VALUE) {
      return zoom;
    }
    double p = Math.min(1, (t - springStart) / (double) SPRING_BACK_NANOS);
    double eased = 1 - Math.pow(1 - p, 3);
    return springFrom + (springTo - springFrom) * eased;
  }

  /** Ends a spring-back that is over by {@code t} (or cuts it short there). */
  private void settleZoom(long t) {
    if (springStart != Long.MIN_VALUE) {
      double z = zoomAt(t);
      springStart = Long.MIN_VALUE;
      zoomTo(z);
    }
  }

  @Override
  void advance(long from, long to) {
    if (springStart != Long.MIN_VALUE && to - springStart >= SPRING_BACK_NANOS) {
      settleZoom(to);
    }
  }

  /** The viewport's top-left in zoomed map pixels at {@code t}, and the zoom. */
  private double[] view(long t) {
    if (springStart == Long.MIN_VALUE) {
      return new double[] {x.at(t), y.at(t), zoom};
    }
    double z = zoomAt(t);
    double ox = clamp(anchorX * z - centreX, MAP_W * z - DeviceProfile.WIDTH);
    double oy = clamp(anchorY * z - centreY, MAP_H * z - viewH);
    return new double[] {ox, oy, z};
  }

  private static double clamp(double v, double max) {
    return Math.max(0, Math.min(Math.max(0, max), v));
  }

  @Override
  void down(Touch touch) {
    settleZoom(touch.downTime);
    onMap = !search.contains(touch.downX, touch.downY) && touch.downY >= TOP;
    if (onMap) {
      x.touchDown(touch.downTime);
      y.touchDown(touch.downTime);
    }
  }

  @Override
  void move(Touch touch, boolean crossedSlop) {
    if (!onMap || !touch.dragging) {
      return;
    }
    if (crossedSlop) {
      double dist = Math.hypot(touch.slopX - touch.downX, touch.slopY - touch.downY);
      x.beginDrag(touch.time, touch.downX + touch.slop * (touch.slopX - touch.downX) / dist);
      y.beginDrag(touch.time, touch.downY + touch.slop * (touch.slopY - touch.downY) / dist);
    }
    x.dragTo(touch.x);
    y.dragTo(touch.y);
  }

  @Override
  void up(Touch touch, double vx, double vy) {
    long t = touch.time;
    if (onMap) {
      // OverScroller.fling runs one SplineOverScroller per axis, each on its own velocity.
      x.release(t, touch.dragging ? vx : 0, touch.dragging ? Math.abs(vx) : 0);
      y.release(t, touch.dragging ? vy : 0, touch.dragging ? Math.abs(vy) : 0);
    } else if (search.contains(touch.downX, touch.downY) && touch.withinSlop()) {
      phone.focus(search, t);
    }
    onMap = false;
  }

  @Override
  void paint(Graphics2D g, Look look, long t) {
    double[] v = view(t);
    double ox = Math.floor(0.5 + v[0]);
    double oy = Math.floor(0.5 + v[1]);
    double z = v[2];
    Shape clip = g.getClip();
    g.clip(new Rectangle2D.Double(0, TOP, DeviceProfile.WIDTH, profile.heightPx() - TOP));
    java.awt.geom.AffineTransform saved = g.getTransform();
    g.translate(-ox, TOP - oy);
    g.scale(z, z);
    paintMap(g, look, ox / z, oy / z, (ox + DeviceProfile.WIDTH) / z, (oy + viewH) / z);
    g.setTransform(saved);
    g.setClip(clip);
    g.setColor(new Color(0, 0, 0, 40));
    g.fill(new java.awt.geom.RoundRectangle2D.Double(52, 128, 984, 132, 132, 132));
    g.setColor(Color.WHITE);
    java.awt.geom.RoundRectangle2D.Double pill =
        new java.awt.geom.RoundRectangle2D.Double(48, 120, 984, 132, 132, 132);
    g.fill(pill);
    look.cover(g, pill);
    search.paint(g, look, phone.caret(search), 0);
  }

  private void paintMap(Graphics2D g, Look look, double x0, double y0, double x1, double y1) {
    g.setColor(new Color(0xF2EFE9));
    g.fill(new Rectangle2D.Double(x0 - 2, y0 - 2, x1 - x0 + 4, y1 - y0 + 4));
    // A river across the map.
    Path2D river = new Path2D.Double();
    river.moveTo(-100, 2600);
    river.curveTo(900, 2200, 1700, 3400, 3400, 2900);
    river.lineTo(3400, 3150);
    river.curveTo(1700, 3650, 900, 2450, -100, 2850);
    river.closePath();
    int bx0 = (int) Math.floor(x0 / BLOCK) - 1;
    int by0 = (int) Math.floor(y0 / BLOCK) - 1;
    int bx1 = (int) Math.ceil(x1 / BLOCK) + 1;
    int by1 = (int) Math.ceil(y1 / BLOCK) + 1;
    for (int bx = bx0; bx <= bx1; bx++) {
      for (int by = by0; by <= by1; by++) {
        int h = hash(bx, by);
        if (h % 7 == 0) {
          g.setColor(new Color(0xC8E6C9));
          g.fill(new Rectangle2D.Double(bx * BLOCK + 30, by * BLOCK + 30, BLOCK - 60, BLOCK - 60));
        } else {
          g.setColor(new Color(0xE6E1D8));
          g.fill(new Rectangle2D.Double(bx * BLOCK + 40, by * BLOCK + 40, BLOCK - 80, BLOCK - 80));
        }
      }
    }
    g.setColor(new Color(0xAAD3F5));
    g.fill(river);
    for (int bx = bx0; bx <= bx1; bx++) {
      boolean major = Math.floorMod(bx, 3) == 0;
      g.setColor(major ? new Color(0xFCE08A) : Color.WHITE);
      g.fill(
          new Rectangle2D.Double(
              bx * BLOCK - (major ? 22 : 12), y0 - 2, major ? 44 : 24, y1 - y0 + 4));
    }
    for (int by = by0; by <= by1; by++) {
      boolean major = Math.floorMod(by, 3) == 0;
      g.setColor(major ? new Color(0xFCE08A) : Color.WHITE);
      g.fill(
          new Rectangle2D.Double(
              x0 - 2, by * BLOCK - (major ? 22 : 12), x1 - x0 + 4, major ? 44 : 24));
      if (major) {
        for (int bx = bx0; bx <= bx1; bx++) {
          if (Math.floorMod(bx, 3) == 1) {
            String name = STREETS[Math.floorMod(by * 5 + bx, STREETS.length)];
            look.text(g, name, bx * BLOCK + 40, by * BLOCK + 12, 34, false, new Color(0x5F5A52));
          }
        }
      }
    }
    for (int bx = bx0; bx <= bx1; bx++) {
      for (int by = by0; by <= by1; by++) {
        int h = hash(bx, by);
        if (h % 5 == 1) {
          double px = bx * BLOCK + BLOCK / 2;
          double py = by * BLOCK + BLOCK / 2;
          g.setColor(new Color(0xE5533D));
          g.fill(new Ellipse2D.Double(px - 22, py - 60, 44, 44));
          g.setStroke(new BasicStroke(8f));
          g.draw(new java.awt.geom.Line2D.Double(px, py - 20, px, py));
          look.text(
              g,
              PLACES[Math.floorMod(h / 5, PLACES.length)],
              px - 120,
              py + 44,
              32,
              true,
              new Color(0x3C3A36));
        }
      }
    }
  }

  private static int hash(int a, int b) {
    int h = a * 73856093 ^ b * 19349663;
    h ^= h >>> 13;
    h *= 0x5bd1e995;
    return Math.floorMod(h ^ (h >>> 15), 1_000_003);
  }

  @Override
  Object viewKey(long t) {
    double[] v = view(t);
    return List.of(
        Math.floor(0.5 + v[0]),
        Math.floor(0.5 + v[1]),
        v[2],
        search.text(),
        search.focused(),
        phone.caret(search));
  }

  @Override
  boolean animating(long t) {
    return x.moving(t)
        || y.moving(t)
        || (springStart != Long.MIN_VALUE && t - springStart < SPRING_BACK_NANOS);
  }

  @Override
  double mapX(long t) {
    double[] v = view(t);
    return v[0] / v[2];
  }

  @Override
  double mapY(long t) {
    double[] v = view(t);
    return v[1] / v[2];
  }

  @Override
  double mapZoom(long t) {
    return view(t)[2];
  }
}

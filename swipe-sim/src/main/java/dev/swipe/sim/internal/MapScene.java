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
 * <p>Two fingers zoom it about their centroid ({@link ZoomView}) between {@link #MIN_ZOOM} and
 * {@link #MAX_ZOOM}: Android and Flutter stop at the limit, iOS lets the fingers pull past it
 * against a rubber band and springs back to it once they lift. On every platform it turns with the
 * fingers' twist past a few degrees, as Google Maps, Apple Maps and flutter_map do by default; the
 * search pill stays upright.
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

  private final ZoomView view;
  private final TextField search = new TextField(48, 120, 984, 132, "Search here");
  private boolean onMap;

  MapScene(VirtualPhone phone) {
    super(phone);
    double viewH = profile.heightPx() - TOP;
    this.view =
        new ZoomView(
            profile,
            MAP_W,
            MAP_H,
            DeviceProfile.WIDTH,
            viewH,
            MIN_ZOOM,
            MAX_ZOOM,
            profile.platform() == SimConfig.Platform.IOS,
            true);
    view.x.jump((MAP_W - DeviceProfile.WIDTH) / 2);
    view.y.jump((MAP_H - viewH) / 2);
  }

  @Override
  void pinch(PinchPhase phase, long t, double cx, double cy, double spread, double angle) {
    if (phase == PinchPhase.BEGIN) {
      onMap = false;
    }
    view.pinch(phase, t, cx, cy - TOP, spread, angle, cy >= TOP);
  }

  @Override
  void advance(long from, long to) {
    view.advance(to);
  }

  @Override
  void down(Touch touch) {
    view.settle(touch.downTime);
    onMap = !search.contains(touch.downX, touch.downY) && touch.downY >= TOP;
    if (onMap) {
      view.grab(touch.downTime);
    }
  }

  @Override
  void move(Touch touch, boolean crossedSlop) {
    if (onMap) {
      view.drag(touch, crossedSlop);
    }
  }

  @Override
  void up(Touch touch, double vx, double vy) {
    if (onMap) {
      view.fling(touch, vx, vy);
    } else if (search.contains(touch.downX, touch.downY) && touch.withinSlop()) {
      phone.focus(search, touch.time);
    }
    onMap = false;
  }

  @Override
  void paint(Graphics2D g, Look look, long t) {
    double[] v = view.view(t);
    double ox = Math.floor(0.5 + v[0]);
    double oy = Math.floor(0.5 + v[1]);
    double z = v[2];
    Shape clip = g.getClip();
    g.clip(new Rectangle2D.Double(0, TOP, DeviceProfile.WIDTH, profile.heightPx() - TOP));
    java.awt.geom.AffineTransform saved = g.getTransform();
    g.translate(-ox, TOP - oy);
    g.rotate(v[3]);
    g.scale(z, z);
    double viewH = profile.heightPx() - TOP;
    // the part of the map the view shows: its corners taken back to the map
    double[] bounds = {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
    for (double[] corner :
        new double[][] {
          {0, 0}, {DeviceProfile.WIDTH, 0}, {0, viewH}, {DeviceProfile.WIDTH, viewH}
        }) {
      double[] m = ZoomView.turned(-v[3], (ox + corner[0]) / z, (oy + corner[1]) / z);
      bounds[0] = Math.min(bounds[0], m[0]);
      bounds[1] = Math.min(bounds[1], m[1]);
      bounds[2] = Math.max(bounds[2], m[0]);
      bounds[3] = Math.max(bounds[3], m[1]);
    }
    paintMap(g, look, bounds[0], bounds[1], bounds[2], bounds[3]);
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
    double[] v = view.view(t);
    return List.of(
        Math.floor(0.5 + v[0]),
        Math.floor(0.5 + v[1]),
        v[2],
        v[3],
        search.text(),
        search.focused(),
        phone.caret(search));
  }

  @Override
  boolean animating(long t) {
    return view.animating(t);
  }

  @Override
  double mapX(long t) {
    return view.canvasCorner(t)[0];
  }

  @Override
  double mapY(long t) {
    return view.canvasCorner(t)[1];
  }

  @Override
  double mapZoom(long t) {
    return view.zoom(t);
  }

  @Override
  double mapBearing(long t) {
    return view.bearingDegrees(t);
  }
}

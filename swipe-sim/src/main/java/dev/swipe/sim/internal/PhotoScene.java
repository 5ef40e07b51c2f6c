package dev.swipe.sim.internal;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.Polygon;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A photo viewer: one landscape photo (3:4, as wide as the screen) on black, fitted at zoom 1. Two
 * fingers zoom it about their centroid ({@link ZoomView}) from 1x to {@link #MAX_ZOOM}; past either
 * limit the fingers pull it against a rubber band and it springs back, as the platforms' photo
 * viewers do. Zoomed in, one finger pans it within its edges. It does not turn, and a swipe at 1x
 * does not page to another photo.
 */
final class PhotoScene extends Scene {
  static final double TOP = 72;

  /** The photo at zoom 1: as wide as the screen, three quarters as wide as tall. */
  static final double PHOTO_W = DeviceProfile.WIDTH;

  static final double PHOTO_H = PHOTO_W * 4 / 3;

  static final double MAX_ZOOM = 5;

  /** What the photo shows, drawn once in photo pixels: fixed, so every device sees one photo. */
  private static final List<Mark> MARKS = marks();

  private record Mark(Shape shape, Color colour) {}

  private final ZoomView view;
  private boolean onPhoto;

  PhotoScene(VirtualPhone phone) {
    super(phone);
    this.view =
        new ZoomView(
            profile,
            PHOTO_W,
            PHOTO_H,
            DeviceProfile.WIDTH,
            profile.heightPx() - TOP,
            1,
            MAX_ZOOM,
            true,
            false);
  }

  @Override
  Color statusBarColor(Look look) {
    return Color.BLACK;
  }

  @Override
  void pinch(PinchPhase phase, long t, double cx, double cy, double spread, double angle) {
    if (phase == PinchPhase.BEGIN) {
      onPhoto = false;
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
    onPhoto = touch.downY >= TOP;
    if (onPhoto) {
      view.grab(touch.downTime);
    }
  }

  @Override
  void move(Touch touch, boolean crossedSlop) {
    if (onPhoto) {
      view.drag(touch, crossedSlop);
    }
  }

  @Override
  void up(Touch touch, double vx, double vy) {
    if (onPhoto) {
      view.fling(touch, vx, vy);
    }
    onPhoto = false;
  }

  @Override
  void paint(Graphics2D g, Look look, long t) {
    double[] v = view.view(t);
    double ox = Math.floor(0.5 + v[0]);
    double oy = Math.floor(0.5 + v[1]);
    double z = v[2];
    g.setColor(Color.BLACK);
    g.fill(new Rectangle2D.Double(0, TOP, DeviceProfile.WIDTH, profile.heightPx() - TOP));
    Shape clip = g.getClip();
    g.clip(new Rectangle2D.Double(0, TOP, DeviceProfile.WIDTH, profile.heightPx() - TOP));
    AffineTransform saved = g.getTransform();
    g.translate(-ox, TOP - oy);
    g.scale(z, z);
    g.clip(new Rectangle2D.Double(0, 0, PHOTO_W, PHOTO_H));
    g.setPaint(new GradientPaint(0, 0, new Color(0x6FA8DC), 0, 560, new Color(0xEAF3FB)));
    g.fill(new Rectangle2D.Double(0, 0, PHOTO_W, 600));
    for (Mark m : MARKS) {
      g.setColor(m.colour());
      g.fill(m.shape());
    }
    g.setTransform(saved);
    g.setClip(clip);
  }

  /** The photo: mountains, a lake, a village, trees and grass, from a fixed seed. */
  private static List<Mark> marks() {
    Random r = new Random(20261205L);
    List<Mark> out = new ArrayList<>();
    out.add(new Mark(new Ellipse2D.Double(800, 90, 110, 110), new Color(0xFFF4C2)));
    for (int layer = 0; layer < 2; layer++) {
      Polygon ridge = new Polygon();
      ridge.addPoint(0, 700);
      double base = 430 + 90 * layer;
      for (int x = 0; x <= PHOTO_W; x += 40) {
        ridge.addPoint(x, (int) (base - 160 * r.nextDouble() + (layer == 0 ? 0 : 40)));
      }
      ridge.addPoint((int) PHOTO_W, 700);
      out.add(new Mark(ridge, layer == 0 ? new Color(0x7D8CA3) : new Color(0x58705A)));
      for (int i = 0; i < 12; i++) {
        double px = r.nextDouble() * PHOTO_W;
        double py = base - 120 + 40 * r.nextDouble();
        Path2D snow = new Path2D.Double();
        snow.moveTo(px, py);
        snow.lineTo(px - 25, py + 40);
        snow.lineTo(px + 25, py + 40);
        snow.closePath();
        if (layer == 0) {
          out.add(new Mark(snow, new Color(0xF4F6F8)));
        }
      }
    }
    out.add(new Mark(new Rectangle2D.Double(0, 640, PHOTO_W, PHOTO_H - 640), new Color(0x7FAE5A)));
    out.add(new Mark(new Ellipse2D.Double(120, 660, 760, 210), new Color(0x3D7EA6)));
    for (int i = 0; i < 14; i++) {
      double y = 690 + 12 * i;
      double w = 120 + 300 * r.nextDouble();
      out.add(
          new Mark(
              new Rectangle2D.Double(200 + 300 * r.nextDouble(), y, w, 3), new Color(0x8EC3E0)));
    }
    Path2D path = new Path2D.Double();
    path.moveTo(540, PHOTO_H);
    path.curveTo(420, 1250, 760, 1060, 610, 900);
    path.lineTo(650, 900);
    path.curveTo(820, 1060, 500, 1250, 640, PHOTO_H);
    path.closePath();
    out.add(new Mark(path, new Color(0xD8C7A0)));
    Color[] walls = {
      new Color(0xE8D8C4), new Color(0xF2E3B3), new Color(0xD9B8A3), new Color(0xC9D6DF)
    };
    Color[] roofs = {new Color(0xA0412D), new Color(0x6B4E3D), new Color(0x8C2F39)};
    for (int i = 0; i < 18; i++) {
      double hx = 60 + r.nextDouble() * (PHOTO_W - 180);
      double hy = 900 + r.nextDouble() * 360;
      double w = 70 + 60 * r.nextDouble();
      double h = 50 + 40 * r.nextDouble();
      out.add(new Mark(new Rectangle2D.Double(hx, hy, w, h), walls[r.nextInt(walls.length)]));
      Path2D roof = new Path2D.Double();
      roof.moveTo(hx - 8, hy);
      roof.lineTo(hx + w / 2, hy - 30 - 20 * r.nextDouble());
      roof.lineTo(hx + w + 8, hy);
      roof.closePath();
      out.add(new Mark(roof, roofs[r.nextInt(roofs.length)]));
      for (int wx = 0; wx < 3; wx++) {
        out.add(
            new Mark(
                new Rectangle2D.Double(hx + 8 + wx * (w - 16) / 3, hy + 12, (w - 40) / 3, 14),
                new Color(0x35404A)));
      }
    }
    for (int i = 0; i < 70; i++) {
      double tx = r.nextDouble() * PHOTO_W;
      double ty = 760 + r.nextDouble() * (PHOTO_H - 800);
      double size = 24 + 40 * r.nextDouble();
      out.add(new Mark(new Rectangle2D.Double(tx - 3, ty, 6, size * 0.6), new Color(0x5B4331)));
      int g = 90 + r.nextInt(70);
      out.add(
          new Mark(
              new Ellipse2D.Double(tx - size / 2, ty - size * 0.8, size, size),
              new Color(40, g, 45)));
    }
    for (int i = 0; i < 900; i++) {
      double gx = r.nextDouble() * PHOTO_W;
      double gy = 650 + r.nextDouble() * (PHOTO_H - 650);
      int shade = 120 + r.nextInt(90);
      out.add(
          new Mark(
              new Ellipse2D.Double(gx, gy, 3 + 4 * r.nextDouble(), 3 + 4 * r.nextDouble()),
              new Color(shade / 2, shade, shade / 3)));
    }
    return List.copyOf(out);
  }

  @Override
  Object viewKey(long t) {
    double[] v = view.view(t);
    return List.of(Math.floor(0.5 + v[0]), Math.floor(0.5 + v[1]), v[2]);
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
    return 0; // a photo viewer does not turn
  }
}

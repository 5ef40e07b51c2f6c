package dev.swipe.diff.internal;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ZoomChange;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.TexturePaint;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Synthetic pinches: an endless map-like, photo-like or page-like world, viewed before and after a
 * zoom about a centre (with an optional turn and pan), each view a real JPEG decoded for diffing.
 */
final class ZoomScreens {

  enum Kind {
    MAP,
    PHOTO,
    PAGE,
    /** A month grid: one cell lattice, a day number in each cell, some event bars. */
    CALENDAR,
    /** A sparse street map: flat blocks of several hundred pixels, thin roads, few labels. */
    STREETS;

    /** The kinds the seeded batches have always drawn from, so their cases stay the same. */
    static final Kind[] FIRST = {MAP, PHOTO, PAGE};
  }

  /** A pinch in screen pixels: content at {@code c} stays at {@code c + pan}, scaled and turned. */
  record Pinch(double scale, double turnDegrees, double cx, double cy, double panX, double panY) {

    AffineTransform screenTransform() {
      AffineTransform t = new AffineTransform();
      t.translate(cx + panX, cy + panY);
      t.rotate(Math.toRadians(turnDegrees));
      t.scale(scale, scale);
      t.translate(-cx, -cy);
      return t;
    }
  }

  /** Both frames of one case, decoded as the SDK decodes screenshots for diffing. */
  record Frames(GreyRaster before, GreyRaster after) {}

  private static final int TILE = 600;
  private static final int TEXTURE = 1024;
  private static final BufferedImage[] TEXTURES = new BufferedImage[3];

  private ZoomScreens() {}

  /** A random pinch: log-uniform scale in [lo, hi], centre on screen, small turn and pan. */
  static Pinch randomPinch(Random r, int w, int h, double lo, double hi, boolean turnAndPan) {
    double s = Math.exp(Math.log(lo) + r.nextDouble() * (Math.log(hi) - Math.log(lo)));
    double cx = w * (0.1 + 0.8 * r.nextDouble());
    double cy = h * (0.1 + 0.8 * r.nextDouble());
    double turn = 0;
    double px = 0;
    double py = 0;
    if (turnAndPan) {
      if (r.nextInt(3) == 0) {
        turn = (r.nextBoolean() ? 1 : -1) * (3 + 12 * r.nextDouble());
      }
      if (r.nextBoolean()) {
        px = (r.nextDouble() - 0.5) * 0.1 * w;
        py = (r.nextDouble() - 0.5) * 0.1 * h;
      }
    }
    return new Pinch(s, turn, cx, cy, px, py);
  }

  /** Below this ratio from 1 a true scale may be read as either its direction or none. */
  static final double NEAR_ONE = 1.1;

  /**
   * Whether an answer claims a direction the true scale contradicts: in for a shrink, out for a
   * growth, none for a zoom beyond {@link #NEAR_ONE}. An unobserved answer claims nothing.
   */
  static boolean wrongDirection(ZoomChange z, double truth) {
    if (!z.observed()) {
      return false;
    }
    return switch (z.direction()) {
      case IN -> truth <= 1;
      case OUT -> truth >= 1;
      case NONE -> truth > NEAR_ONE || truth < 1 / NEAR_ONE;
    };
  }

  /** Whether the scale is observed within {@code tolerance} (0.1 for 10%) of the truth. */
  static boolean within(ZoomChange z, double truth, double tolerance) {
    return z.observed() && Math.abs(z.scale() / truth - 1) <= tolerance;
  }

  /** Renders, JPEG-encodes and decodes the views before and after {@code p}. */
  static Frames pinch(Kind kind, long seed, int w, int h, Pinch p, float quality, boolean bar) {
    AffineTransform before = worldView(seed, w);
    AffineTransform after = p.screenTransform();
    after.concatenate(before);
    return new Frames(
        decode(render(kind, seed, before, w, h, bar), quality),
        decode(render(kind, seed, after, w, h, bar), quality));
  }

  /**
   * As {@link #pinch}, with what a tile map draws at one size at every zoom over each frame: the
   * seams of its tiles, which follow the content but keep their size, and a label in each tile
   * naming its zoom level and place, so the labels of the two frames differ.
   */
  static Frames pinchUnderLabels(Kind kind, long seed, int w, int h, Pinch p, float quality) {
    AffineTransform before = worldView(seed, w);
    AffineTransform after = p.screenTransform();
    after.concatenate(before);
    return new Frames(
        decode(labelled(render(kind, seed, before, w, h, false), before), quality),
        decode(labelled(render(kind, seed, after, w, h, false), after), quality));
  }

  /** Screen pixels of a labelled tile's edge, whatever the zoom. */
  private static final int LABELLED_TILE = 384;

  private static BufferedImage labelled(BufferedImage img, AffineTransform view) {
    int w = img.getWidth();
    int h = img.getHeight();
    // the tiles are laid out from the world's origin at the view's whole zoom level
    int level = (int) Math.floor(Math.log(view.getScaleX()) / Math.log(2) * 2);
    double ox = view.getTranslateX();
    double oy = view.getTranslateY();
    Graphics2D g = ScreenRenderer.graphics(img);
    g.setStroke(new BasicStroke(2.5f));
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 20));
    int kx0 = (int) Math.floor(-ox / LABELLED_TILE);
    int ky0 = (int) Math.floor(-oy / LABELLED_TILE);
    for (int ky = ky0; ky * LABELLED_TILE + oy < h; ky++) {
      for (int kx = kx0; kx * LABELLED_TILE + ox < w; kx++) {
        int x = (int) Math.round(kx * LABELLED_TILE + ox);
        int y = (int) Math.round(ky * LABELLED_TILE + oy);
        int hue = Math.floorMod(kx * 47 + ky * 83 + level * 29, 360);
        g.setColor(Color.getHSBColor(hue / 360f, 0.7f, 0.6f));
        g.drawRect(x, y, LABELLED_TILE, LABELLED_TILE);
        String label = level + "/" + kx + "/" + ky;
        g.setColor(new Color(255, 255, 255, 210));
        g.fillRect(x + 6, y + 6, g.getFontMetrics().stringWidth(label) + 12, 28);
        g.setColor(Color.getHSBColor(hue / 360f, 0.6f, 0.3f));
        g.drawString(label, x + 12, y + 27);
      }
    }
    g.dispose();
    return img;
  }

  /**
   * Unrelated pairs of one pattern that once passed every check as a zoom, at 1080x2400: two pages
   * of one typography, two month grids.
   */
  static List<Frames> knownAliases() {
    long[][] pairs = {
      {Kind.PAGE.ordinal(), 5076696437577147979L, -599841642150362705L, 1},
      {Kind.PAGE.ordinal(), -1423918034569534880L, 4382651503527061586L, 1},
      {Kind.CALENDAR.ordinal(), -3913473260969426600L, 2419389633766981140L, 0},
      {Kind.CALENDAR.ordinal(), -4649991116441346961L, -3050674598257852936L, 0}
    };
    List<Frames> out = new ArrayList<>();
    for (long[] p : pairs) {
      Kind kind = Kind.values()[(int) p[0]];
      out.add(
          new Frames(
              decode(render(kind, p[1], worldView(p[1], 1080), 1080, 2400, p[3] == 1), 0.8f),
              decode(render(kind, p[2], worldView(p[2], 1080), 1080, 2400, p[3] == 1), 0.8f)));
    }
    return out;
  }

  /** The world-to-screen transform of the first frame: some zoom and place in the world. */
  static AffineTransform worldView(long seed, int w) {
    Random r = new Random(seed ^ 0x77L);
    double z = (0.8 + 0.7 * r.nextDouble()) * w / 1080.0;
    AffineTransform t = new AffineTransform();
    t.scale(z, z);
    t.translate(-r.nextInt(100_000), -r.nextInt(100_000));
    return t;
  }

  static GreyRaster decode(BufferedImage img, float quality) {
    return ImageDecoder.decode(ScreenRenderer.jpeg(img, quality), DecodeOptions.FOR_DIFF);
  }

  /** The world seen through {@code view}, with a fixed status bar on top when asked. */
  static BufferedImage render(
      Kind kind, long seed, AffineTransform view, int w, int h, boolean bar) {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = ScreenRenderer.graphics(img);
    g.setRenderingHint(
        RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    switch (kind) {
      case MAP -> map(g, seed, view, w, h);
      case PHOTO -> photo(g, seed, view, w, h);
      case PAGE -> page(g, seed, view, w, h);
      case CALENDAR -> calendar(g, seed, view, w, h);
      case STREETS -> streets(g, seed, view, w, h);
    }
    if (bar) {
      g.setTransform(new AffineTransform());
      int bh = h / 25;
      g.setColor(new Color(30, 30, 30));
      g.fillRect(0, 0, w, bh);
      g.setColor(Color.WHITE);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, bh * 6 / 10));
      g.drawString("12:30", bh / 2, bh * 3 / 4);
      g.fillRect(w - 3 * bh, bh / 4, bh, bh / 2);
    }
    g.dispose();
    return img;
  }

  /** World tiles the view shows, as {x0, y0, x1, y1} tile indices. */
  private static int[] tiles(AffineTransform view, int w, int h) {
    return tiles(view, w, h, TILE, TILE);
  }

  private static int[] tiles(AffineTransform view, int w, int h, int tw, int th) {
    try {
      AffineTransform inv = view.createInverse();
      Rectangle2D b = inv.createTransformedShape(new Rectangle(0, 0, w, h)).getBounds2D();
      return new int[] {
        (int) Math.floor(b.getMinX() / tw) - 1,
        (int) Math.floor(b.getMinY() / th) - 1,
        (int) Math.floor(b.getMaxX() / tw) + 1,
        (int) Math.floor(b.getMaxY() / th) + 1
      };
    } catch (java.awt.geom.NoninvertibleTransformException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Random tileRandom(long seed, int tx, int ty) {
    return new Random(seed * 1_000_003L + tx * 7919L + ty * 104_729L);
  }

  private static final Color[] BLOCKS = {
    new Color(236, 232, 222), new Color(200, 226, 180), new Color(170, 205, 240),
    new Color(222, 216, 205), new Color(245, 225, 190), new Color(215, 215, 225)
  };

  private static final String[] WORDS = {
    "Main St", "Park", "Rue Verte", "Oak Ave", "Museum", "Station", "Bakery", "Harbour", "Elm Rd",
    "Library", "Market", "School", "Bridge", "Hotel", "Cafe", "Kings Way", "Mill Ln", "Pharmacy"
  };

  private static void map(Graphics2D g, long seed, AffineTransform view, int w, int h) {
    g.setColor(new Color(240, 236, 228));
    g.fillRect(0, 0, w, h);
    int[] t = tiles(view, w, h);
    g.setTransform(view);
    for (int ty = t[1]; ty <= t[3]; ty++) {
      for (int tx = t[0]; tx <= t[2]; tx++) {
        Random r = tileRandom(seed, tx, ty);
        int x0 = tx * TILE;
        int y0 = ty * TILE;
        int split = 150 + r.nextInt(300);
        boolean vertical = r.nextBoolean();
        for (int b = 0; b < 2; b++) {
          int bx = x0 + (vertical && b == 1 ? split : 0);
          int by = y0 + (!vertical && b == 1 ? split : 0);
          int bw = vertical ? (b == 0 ? split : TILE - split) : TILE;
          int bh = vertical ? TILE : (b == 0 ? split : TILE - split);
          g.setColor(BLOCKS[r.nextInt(BLOCKS.length)]);
          g.fillRect(bx + 14, by + 14, bw - 28, bh - 28);
          int houses = r.nextInt(7);
          for (int i = 0; i < houses; i++) {
            int hw = 30 + r.nextInt(80);
            int hh = 30 + r.nextInt(80);
            g.setColor(new Color(190 + r.nextInt(30), 180 + r.nextInt(30), 170 + r.nextInt(30)));
            g.fillRect(
                bx + 24 + r.nextInt(Math.max(1, bw - 48 - hw)),
                by + 24 + r.nextInt(Math.max(1, bh - 48 - hh)),
                hw,
                hh);
          }
        }
        g.setColor(new Color(255, 255, 255));
        g.setStroke(new BasicStroke(22));
        g.drawLine(x0, y0, x0 + TILE, y0);
        g.drawLine(x0, y0, x0, y0 + TILE);
        g.setStroke(new BasicStroke(10));
        if (vertical) {
          g.drawLine(x0 + split, y0, x0 + split, y0 + TILE);
        } else {
          g.drawLine(x0, y0 + split, x0 + TILE, y0 + split);
        }
        if (r.nextInt(3) == 0) {
          g.setColor(new Color(250, 210, 120));
          g.setStroke(new BasicStroke(16));
          g.drawLine(x0, y0 + r.nextInt(TILE), x0 + TILE, y0 + r.nextInt(TILE));
        }
        int labels = 1 + r.nextInt(3);
        for (int i = 0; i < labels; i++) {
          g.setColor(new Color(60 + r.nextInt(40), 60 + r.nextInt(40), 70 + r.nextInt(40)));
          g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 26 + r.nextInt(16)));
          g.drawString(
              WORDS[r.nextInt(WORDS.length)], x0 + 30 + r.nextInt(400), y0 + 60 + r.nextInt(500));
        }
        if (r.nextInt(2) == 0) {
          g.setColor(new Color(220, 70, 60));
          int px = x0 + 40 + r.nextInt(500);
          int py = y0 + 40 + r.nextInt(500);
          g.fillOval(px, py, 28, 28);
          g.setColor(Color.WHITE);
          g.fillOval(px + 9, py + 9, 10, 10);
        }
      }
    }
  }

  private static void page(Graphics2D g, long seed, AffineTransform view, int w, int h) {
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, w, h);
    int[] t = tiles(view, w, h);
    g.setTransform(view);
    for (int ty = t[1]; ty <= t[3]; ty++) {
      for (int tx = t[0]; tx <= t[2]; tx++) {
        Random r = tileRandom(seed, tx, ty);
        int x0 = tx * TILE;
        int y0 = ty * TILE;
        if (r.nextInt(3) == 0) {
          g.setColor(new Color(r.nextInt(200), r.nextInt(200), r.nextInt(200)));
          g.fillRect(x0 + 30, y0 + 30, 300 + r.nextInt(200), 120 + r.nextInt(200));
        }
        g.setColor(new Color(25, 25, 25));
        int lines = 8 + r.nextInt(6);
        for (int i = 0; i < lines; i++) {
          g.setFont(
              new Font(i == 0 ? Font.SERIF : Font.SANS_SERIF, i == 0 ? Font.BOLD : Font.PLAIN, 28));
          StringBuilder sb = new StringBuilder();
          while (sb.length() < 30) {
            sb.append(WORDS[r.nextInt(WORDS.length)].toLowerCase(java.util.Locale.ROOT))
                .append(' ');
          }
          g.drawString(sb.toString(), x0 + 20, y0 + 200 + i * 40);
        }
      }
    }
  }

  private static final int CELL_W = 150;
  private static final int CELL_H = 130;

  private static void calendar(Graphics2D g, long seed, AffineTransform view, int w, int h) {
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, w, h);
    int[] t = tiles(view, w, h, CELL_W, CELL_H);
    g.setTransform(view);
    Font day = new Font(Font.SANS_SERIF, Font.PLAIN, 30);
    Font event = new Font(Font.SANS_SERIF, Font.PLAIN, 18);
    for (int ty = t[1]; ty <= t[3]; ty++) {
      for (int tx = t[0]; tx <= t[2]; tx++) {
        Random r = tileRandom(seed, tx, ty);
        int x0 = tx * CELL_W;
        int y0 = ty * CELL_H;
        if (r.nextInt(7) == 0) {
          g.setColor(new Color(240, 240, 246));
          g.fillRect(x0, y0, CELL_W, CELL_H);
        }
        g.setColor(new Color(200, 200, 205));
        g.fillRect(x0, y0, CELL_W, 2);
        g.fillRect(x0, y0, 2, CELL_H);
        g.setColor(new Color(40, 40, 50));
        g.setFont(day);
        g.drawString(Integer.toString(1 + r.nextInt(31)), x0 + 10, y0 + 36);
        if (r.nextInt(3) == 0) {
          g.setColor(EVENTS[r.nextInt(EVENTS.length)]);
          g.fillRect(x0 + 6, y0 + 60, CELL_W - 12, 26);
          g.setColor(Color.WHITE);
          g.setFont(event);
          g.drawString(
              WORDS[r.nextInt(WORDS.length)].toLowerCase(java.util.Locale.ROOT), x0 + 10, y0 + 80);
        }
      }
    }
  }

  private static final Color[] EVENTS = {
    new Color(66, 133, 244), new Color(219, 68, 55), new Color(15, 157, 88), new Color(171, 71, 188)
  };

  private static final int STREET_TILE = 1200;

  private static void streets(Graphics2D g, long seed, AffineTransform view, int w, int h) {
    g.setColor(new Color(233, 229, 220));
    g.fillRect(0, 0, w, h);
    int[] t = tiles(view, w, h, STREET_TILE, STREET_TILE);
    g.setTransform(view);
    for (int ty = t[1]; ty <= t[3]; ty++) {
      for (int tx = t[0]; tx <= t[2]; tx++) {
        Random r = tileRandom(seed, tx, ty);
        int x0 = tx * STREET_TILE;
        int y0 = ty * STREET_TILE;
        int sx = 350 + r.nextInt(500);
        int sy = 350 + r.nextInt(500);
        int[][] blocks = {
          {x0, y0, sx, sy},
          {x0 + sx, y0, STREET_TILE - sx, sy},
          {x0, y0 + sy, sx, STREET_TILE - sy},
          {x0 + sx, y0 + sy, STREET_TILE - sx, STREET_TILE - sy}
        };
        for (int[] b : blocks) {
          g.setColor(STREET_BLOCKS[r.nextInt(STREET_BLOCKS.length)]);
          g.fillRect(b[0] + 5, b[1] + 5, b[2] - 10, b[3] - 10);
        }
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(10));
        g.drawLine(x0, y0, x0 + STREET_TILE, y0);
        g.drawLine(x0, y0, x0, y0 + STREET_TILE);
        g.setStroke(new BasicStroke(6));
        g.drawLine(x0 + sx, y0, x0 + sx, y0 + STREET_TILE);
        g.drawLine(x0, y0 + sy, x0 + STREET_TILE, y0 + sy);
        if (r.nextInt(4) == 0) {
          g.setColor(new Color(250, 205, 110));
          g.setStroke(new BasicStroke(14));
          g.drawLine(
              x0, y0 + r.nextInt(STREET_TILE), x0 + STREET_TILE, y0 + r.nextInt(STREET_TILE));
        }
        if (r.nextBoolean()) {
          g.setColor(new Color(90, 90, 100));
          g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 24 + r.nextInt(10)));
          g.drawString(
              WORDS[r.nextInt(WORDS.length)], x0 + 40 + r.nextInt(700), y0 + 60 + r.nextInt(1000));
        }
        if (r.nextInt(3) == 0) {
          int px = x0 + 60 + r.nextInt(1000);
          int py = y0 + 60 + r.nextInt(1000);
          g.setColor(new Color(220, 70, 60));
          g.fillOval(px, py, 30, 30);
          g.setColor(Color.WHITE);
          g.fillOval(px + 10, py + 10, 10, 10);
        }
      }
    }
  }

  private static final Color[] STREET_BLOCKS = {
    new Color(236, 232, 222),
    new Color(205, 228, 190),
    new Color(222, 218, 208),
    new Color(242, 236, 224)
  };

  private static void photo(Graphics2D g, long seed, AffineTransform view, int w, int h) {
    BufferedImage tex = texture(photoOf(seed));
    g.setTransform(view);
    Random r = new Random(seed);
    g.setPaint(
        new TexturePaint(
            tex, new Rectangle2D.Double(r.nextInt(TEXTURE), r.nextInt(TEXTURE), TEXTURE, TEXTURE)));
    g.fill(inverseBounds(view, w, h));
  }

  private static Rectangle2D inverseBounds(AffineTransform view, int w, int h) {
    try {
      return view.createInverse()
          .createTransformedShape(new Rectangle(-2, -2, w + 4, h + 4))
          .getBounds2D();
    } catch (java.awt.geom.NoninvertibleTransformException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Which of the photo textures a seed shows: two seeds with one texture show the same photo. */
  static int photoOf(long seed) {
    return (int) Math.floorMod(seed, (long) TEXTURES.length);
  }

  /** A seamless photo-like texture: periodic value noise in four octaves plus shapes. */
  static synchronized BufferedImage texture(int which) {
    if (TEXTURES[which] != null) {
      return TEXTURES[which];
    }
    Random r = new Random(4242 + which);
    int n = TEXTURE;
    float[] acc = new float[n * n];
    int[] periods = {256, 64, 16, 4};
    float[] amps = {70, 40, 22, 10};
    for (int o = 0; o < periods.length; o++) {
      int cells = n / periods[o];
      float[] grid = new float[cells * cells];
      for (int i = 0; i < grid.length; i++) {
        grid[i] = r.nextFloat() * 2 - 1;
      }
      for (int y = 0; y < n; y++) {
        double gy = y / (double) periods[o];
        int y0 = (int) gy;
        double fy = gy - y0;
        fy = fy * fy * (3 - 2 * fy);
        for (int x = 0; x < n; x++) {
          double gx = x / (double) periods[o];
          int x0 = (int) gx;
          double fx = gx - x0;
          fx = fx * fx * (3 - 2 * fx);
          float v00 = grid[(y0 % cells) * cells + x0 % cells];
          float v10 = grid[(y0 % cells) * cells + (x0 + 1) % cells];
          float v01 = grid[((y0 + 1) % cells) * cells + x0 % cells];
          float v11 = grid[((y0 + 1) % cells) * cells + (x0 + 1) % cells];
          double top = v00 + fx * (v10 - v00);
          double bottom = v01 + fx * (v11 - v01);
          acc[y * n + x] += (float) (amps[o] * (top + fy * (bottom - top)));
        }
      }
    }
    BufferedImage img = new BufferedImage(n, n, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < n; y++) {
      for (int x = 0; x < n; x++) {
        int v = Math.max(0, Math.min(255, (int) (128 + acc[y * n + x])));
        img.setRGB(x, y, new Color(v, Math.min(255, v + 20), Math.max(0, v - 30)).getRGB());
      }
    }
    Graphics2D g = ScreenRenderer.graphics(img);
    for (int i = 0; i < 160; i++) {
      g.setColor(new Color(r.nextInt(256), r.nextInt(256), r.nextInt(256), 160 + r.nextInt(96)));
      int x = r.nextInt(n);
      int y = r.nextInt(n);
      int sw = 8 + r.nextInt(70);
      int sh = 8 + r.nextInt(70);
      boolean oval = r.nextBoolean();
      for (int dy = -n; dy <= 0; dy += n) {
        for (int dx = -n; dx <= 0; dx += n) {
          if (oval) {
            g.fillOval(x + dx, y + dy, sw, sh);
          } else {
            g.fillRect(x + dx, y + dy, sw, sh);
          }
        }
      }
    }
    g.dispose();
    TEXTURES[which] = img;
    return img;
  }
}

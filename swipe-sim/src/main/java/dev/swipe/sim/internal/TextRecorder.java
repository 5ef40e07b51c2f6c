package dev.swipe.sim.internal;

import dev.swipe.sim.SimOracle;
import java.awt.AlphaComposite;
import java.awt.Color;
import java.awt.Composite;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.GlyphVector;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Notes every string painted on a frame with its ink box in device pixels, and what later paint
 * (keyboard, status bar, floating fields) covers: the simulator's truth for text reading.
 */
final class TextRecorder {
  private final List<Entry> entries = new ArrayList<>();
  private final Map<Font, Double> capHeights = new HashMap<>();
  private final double frameWidth;
  private final double frameHeight;
  private boolean statusBar;

  TextRecorder(int frameWidth, int frameHeight) {
    this.frameWidth = frameWidth;
    this.frameHeight = frameHeight;
  }

  /** Starts a new frame. */
  void begin() {
    entries.clear();
    statusBar = false;
  }

  /** Whether what is drawn next belongs to the status bar. */
  void statusBar(boolean on) {
    statusBar = on;
  }

  /** A string drawn with its baseline origin at {@code (x, y)} in user space. */
  void text(Graphics2D g, String s, Font font, double x, double y, Color color) {
    if (s.isBlank()) {
      return;
    }
    FontRenderContext frc = g.getFontRenderContext();
    GlyphVector gv = font.createGlyphVector(frc, s);
    AffineTransform tx = g.getTransform();
    Rectangle2D clip = new Rectangle2D.Double(0, 0, frameWidth, frameHeight);
    Shape userClip = g.getClip();
    if (userClip != null) {
      clip = clip.createIntersection(tx.createTransformedShape(userClip).getBounds2D());
    }
    Composite comp = g.getComposite();
    double alpha = comp instanceof AlphaComposite ac ? ac.getAlpha() : 1;
    alpha *= color.getAlpha() / 255.0;
    List<Part> words = new ArrayList<>();
    int n = gv.getNumGlyphs();
    Rectangle2D[] glyphs = new Rectangle2D[s.length()];
    for (int gi = 0; gi < n; gi++) {
      int ci = gv.getGlyphCharIndex(gi);
      Rectangle2D b = gv.getGlyphVisualBounds(gi).getBounds2D();
      if (ci < 0 || ci >= s.length() || b.isEmpty()) {
        continue;
      }
      Rectangle2D d =
          tx.createTransformedShape(
                  new Rectangle2D.Double(b.getX() + x, b.getY() + y, b.getWidth(), b.getHeight()))
              .getBounds2D();
      glyphs[ci] = glyphs[ci] == null ? d : glyphs[ci].createUnion(d);
    }
    int i = 0;
    while (i < s.length()) {
      if (Character.isWhitespace(s.charAt(i))) {
        i++;
        continue;
      }
      int j = i;
      Rectangle2D ink = null;
      while (j < s.length() && !Character.isWhitespace(s.charAt(j))) {
        if (glyphs[j] != null) {
          ink = ink == null ? glyphs[j] : ink.createUnion(glyphs[j]);
        }
        j++;
      }
      if (ink != null) {
        words.add(new Part(s.substring(i, j), ink, clip));
      }
      i = j;
    }
    if (words.isEmpty()) {
      return;
    }
    Rectangle2D all = words.get(0).ink;
    for (Part p : words) {
      all = all.createUnion(p.ink);
    }
    Entry e = new Entry(s, new Color(color.getRGB() & 0xFFFFFF), new Part(s, all, clip));
    e.alpha = alpha;
    e.statusBar = statusBar;
    e.fontPx = font.getSize2D() * Math.abs(tx.getScaleY());
    e.capPx = capHeight(font, frc) * Math.abs(tx.getScaleY());
    e.words.addAll(words);
    entries.add(e);
  }

  /**
   * Something opaque painted over {@code shape} (user space): text drawn before it is hidden there.
   */
  void cover(Graphics2D g, Shape shape) {
    Rectangle2D c = g.getTransform().createTransformedShape(shape).getBounds2D();
    for (Entry e : entries) {
      e.whole.cover(c);
      for (Part p : e.words) {
        p.cover(c);
      }
    }
  }

  /** The frame's text, backgrounds sampled from the painted raster. */
  List<SimOracle.DrawnText> finish(BufferedImage raster) {
    List<SimOracle.DrawnText> out = new ArrayList<>();
    for (Entry e : entries) {
      if (e.whole.visibleArea <= 0) {
        continue;
      }
      List<SimOracle.DrawnText.Word> words = new ArrayList<>();
      for (Part p : e.words) {
        if (p.visibleArea > 0) {
          words.add(new SimOracle.DrawnText.Word(p.text, pixels(p.visible), p.fraction()));
        }
      }
      Rectangle box = pixels(e.whole.visible);
      out.add(
          new SimOracle.DrawnText(
              e.text,
              box,
              words,
              e.capPx,
              e.fontPx,
              e.color,
              background(raster, box),
              e.alpha,
              e.whole.fraction(),
              e.statusBar));
    }
    return List.copyOf(out);
  }

  /**
   * The same text in a picture where the frame was drawn at {@code (ox, oy)} scaled by {@code (fx,
   * fy)}.
   */
  static List<SimOracle.DrawnText> placed(
      List<SimOracle.DrawnText> texts, double ox, double oy, double fx, double fy) {
    List<SimOracle.DrawnText> out = new ArrayList<>();
    for (SimOracle.DrawnText t : texts) {
      List<SimOracle.DrawnText.Word> words = new ArrayList<>();
      for (SimOracle.DrawnText.Word w : t.words()) {
        words.add(
            new SimOracle.DrawnText.Word(
                w.text(), placed(w.box(), ox, oy, fx, fy), w.visibleFraction()));
      }
      out.add(
          new SimOracle.DrawnText(
              t.text(),
              placed(t.box(), ox, oy, fx, fy),
              words,
              t.capHeightPx() * fy,
              t.fontPx() * fy,
              t.color(),
              t.background(),
              t.alpha(),
              t.visibleFraction(),
              t.statusBar()));
    }
    return List.copyOf(out);
  }

  private static Rectangle placed(Rectangle r, double ox, double oy, double fx, double fy) {
    return pixels(
        new Rectangle2D.Double(ox + r.x * fx, oy + r.y * fy, r.width * fx, r.height * fy));
  }

  private double capHeight(Font font, FontRenderContext frc) {
    return capHeights.computeIfAbsent(
        font, f -> f.createGlyphVector(frc, "H").getVisualBounds().getHeight());
  }

  private static Rectangle pixels(Rectangle2D r) {
    int x1 = (int) Math.floor(r.getMinX());
    int y1 = (int) Math.floor(r.getMinY());
    int x2 = (int) Math.ceil(r.getMaxX());
    int y2 = (int) Math.ceil(r.getMaxY());
    return new Rectangle(x1, y1, Math.max(1, x2 - x1), Math.max(1, y2 - y1));
  }

  /** The median colour (by luminance) of a ring three pixels outside {@code box}. */
  private static Color background(BufferedImage raster, Rectangle box) {
    int x1 = Math.max(0, box.x - 3);
    int y1 = Math.max(0, box.y - 3);
    int x2 = Math.min(raster.getWidth() - 1, box.x + box.width + 2);
    int y2 = Math.min(raster.getHeight() - 1, box.y + box.height + 2);
    if (x2 < x1 || y2 < y1) {
      return Color.BLACK;
    }
    List<Integer> samples = new ArrayList<>();
    int stepX = Math.max(1, (x2 - x1) / 64);
    int stepY = Math.max(1, (y2 - y1) / 16);
    for (int x = x1; x <= x2; x += stepX) {
      samples.add(raster.getRGB(x, y1));
      samples.add(raster.getRGB(x, y2));
    }
    for (int y = y1; y <= y2; y += stepY) {
      samples.add(raster.getRGB(x1, y));
      samples.add(raster.getRGB(x2, y));
    }
    int[] rgb = samples.stream().mapToInt(Integer::intValue).toArray();
    Integer[] order = new Integer[rgb.length];
    for (int k = 0; k < order.length; k++) {
      order[k] = k;
    }
    Arrays.sort(order, (a, b) -> Integer.compare(luma(rgb[a]), luma(rgb[b])));
    return new Color(rgb[order[order.length / 2]] & 0xFFFFFF);
  }

  private static int luma(int rgb) {
    return (299 * ((rgb >> 16) & 0xFF) + 587 * ((rgb >> 8) & 0xFF) + 114 * (rgb & 0xFF)) / 1000;
  }

  private static final class Entry {
    final String text;
    final Color color;
    double alpha;
    boolean statusBar;
    double fontPx;
    double capPx;
    final Part whole;
    final List<Part> words = new ArrayList<>();

    Entry(String text, Color color, Part whole) {
      this.text = text;
      this.color = color;
      this.whole = whole;
    }
  }

  /** An ink box and what of it stays visible. */
  private static final class Part {
    final String text;
    final Rectangle2D ink;
    Rectangle2D visible;
    double visibleArea;

    Part(String text, Rectangle2D ink, Rectangle2D clip) {
      this.text = text;
      this.ink = ink;
      Rectangle2D v = ink.createIntersection(clip);
      this.visible = v;
      this.visibleArea = v.isEmpty() ? 0 : v.getWidth() * v.getHeight();
    }

    double fraction() {
      double a = ink.getWidth() * ink.getHeight();
      return a <= 0 ? 0 : Math.max(0, Math.min(1, visibleArea / a));
    }

    /**
     * Hides what {@code c} covers: a cut along one axis keeps a box; a corner lowers the area only.
     */
    void cover(Rectangle2D c) {
      if (visibleArea <= 0 || !c.intersects(visible)) {
        return;
      }
      Rectangle2D v = visible;
      boolean spansX = c.getMinX() <= v.getMinX() && c.getMaxX() >= v.getMaxX();
      boolean spansY = c.getMinY() <= v.getMinY() && c.getMaxY() >= v.getMaxY();
      if (spansX && spansY) {
        visibleArea = 0;
        return;
      }
      if (spansX || spansY) {
        double a1;
        double a2;
        Rectangle2D r1;
        Rectangle2D r2;
        if (spansX) {
          r1 =
              new Rectangle2D.Double(
                  v.getMinX(), v.getMinY(), v.getWidth(), Math.max(0, c.getMinY() - v.getMinY()));
          r2 =
              new Rectangle2D.Double(
                  v.getMinX(), c.getMaxY(), v.getWidth(), Math.max(0, v.getMaxY() - c.getMaxY()));
        } else {
          r1 =
              new Rectangle2D.Double(
                  v.getMinX(), v.getMinY(), Math.max(0, c.getMinX() - v.getMinX()), v.getHeight());
          r2 =
              new Rectangle2D.Double(
                  c.getMaxX(), v.getMinY(), Math.max(0, v.getMaxX() - c.getMaxX()), v.getHeight());
        }
        a1 = r1.getWidth() * r1.getHeight();
        a2 = r2.getWidth() * r2.getHeight();
        Rectangle2D keep = a1 >= a2 ? r1 : r2;
        double ratio = visibleArea / (v.getWidth() * v.getHeight());
        visible = keep;
        visibleArea = keep.getWidth() * keep.getHeight() * ratio;
        return;
      }
      Rectangle2D i = v.createIntersection(c);
      visibleArea = Math.max(0, visibleArea - i.getWidth() * i.getHeight());
    }
  }
}

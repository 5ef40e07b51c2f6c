package dev.swipe.text.tesseract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Finds where text lines are from pixels alone, cheaply, so the engine recognises only those.
 *
 * <p>Phone screens are mostly flat colour: text shows as dense short edges. Cells of 2x2 pixels
 * that hold a strong step in luminance are marked, runs of marked cells are joined across the gaps
 * between letters, and connected groups of cells become candidate boxes. Outlines (buttons,
 * avatars, cards, keys) are hollow and are dropped, what they hold is kept; boxes side by side on
 * one line within about a line height of each other are joined into one line. Faint text (a
 * picker's faded rows, light grey on white) steps too little to mark: a second pass with a lower
 * step adds the lines it finds where the first found none.
 */
final class LineFinder {
  /** Cell size in pixels. */
  static final int CELL = 2;

  /** Smallest luminance step between neighbouring pixels that counts as an edge of ink. */
  static final int EDGE = 40;

  /**
   * The step that finds faint text (a picker's faded rows, grey on white): lines found only at this
   * step, where no line was found at {@link #EDGE}, are added.
   */
  static final int FAINT_EDGE = 24;

  /**
   * A faint-pass box this many times the area of the strong pass's one box within it replaces it.
   */
  static final double PARTIAL = 1.5;

  /** ... and this many times the area of several boxes within it. */
  static final double PIECES = 3;

  /**
   * Gaps between marked cells in a row that are bridged (letters of a word), in cells of a 1080 px
   * wide screen.
   */
  static final int BRIDGE = 5;

  /** Screen width the pixel constants are set for. */
  static final double REFERENCE_WIDTH = 1080;

  /** Shortest line box kept, pixels (at any screen size: smaller is not legible). */
  static final int MIN_HEIGHT = 7;

  /** Shortest line box kept on a 1080 px wide screen (about 8 sp text); scales with the width. */
  static final int MIN_SCREEN_HEIGHT = 18;

  /** Tallest line box kept, pixels (larger blobs are pictures, not text). */
  static final int MAX_HEIGHT = 260;

  /**
   * Share of a box's middle that its own cells must fill: outlines fill none, the two stems of a
   * serif "11" little.
   */
  static final double MIN_MIDDLE_FILL = 0.06;

  /**
   * A hollow blob holding a hollow blob at least this share of its area is a thick glyph and its
   * counter.
   */
  static final double COUNTER_SHARE = 0.2;

  /** A box inside another at least this share of its height makes the outer one a container. */
  static final double CONTAINED_SHARE = 0.3;

  /** Least share of a blob's edge cells stepping along each axis; below it the blob is a rule. */
  static final double MIN_AXIS_SHARE = 0.1;

  /** Widest gap, in line heights, across which boxes on one line and background are joined. */
  static final double GLYPH_RUN_GAP = 2.5;

  /** Greys within which two backgrounds count as the same. */
  static final int SAME_BACKGROUND = 24;

  /** A row with at most this share of a blob's fullest row's cells separates two lines. */
  static final double SPLIT_VALLEY = 0.12;

  /** Each side of a split holds a row with at least this share of the fullest row's cells. */
  static final double SPLIT_SIDE = 0.35;

  /** Each side of a split is at least this many times wider than tall. */
  static final double SPLIT_ASPECT = 3;

  static final byte ACROSS = 1;
  static final byte DOWN = 2;
  static final byte BRIDGED = 4;

  private LineFinder() {}

  /** A candidate line: its box in the grey image's pixels. */
  /**
   * A candidate line: its box in the grey image's pixels and, left to right, its parts: one for a
   * run of words, several for glyphs spaced wider than words (keys of a keyboard row), which the
   * picture sets at word spacing.
   */
  record Line(int x, int y, int width, int height, List<Line> parts) {
    Line(int x, int y, int width, int height) {
      this(x, y, width, height, List.of());
    }

    int right() {
      return x + width;
    }

    int bottom() {
      return y + height;
    }

    /** The parts; a line of one part is its own part. */
    List<Line> pieces() {
      return parts.isEmpty() ? List.of(this) : parts;
    }

    Line union(Line o) {
      int x1 = Math.min(x, o.x);
      int y1 = Math.min(y, o.y);
      return new Line(
          x1, y1, Math.max(right(), o.right()) - x1, Math.max(bottom(), o.bottom()) - y1);
    }
  }

  /**
   * Candidate lines of {@code g}, top to bottom; lines whose middle is above {@code skipTop} are
   * left out. {@code screenWidth} is the width of the whole screen the grey image was cut from:
   * letter spacing grows with it.
   */
  static List<Line> find(GreyImage g, int skipTop, int screenWidth) {
    List<Line> lines = new ArrayList<>(find(g, skipTop, screenWidth, EDGE));
    boolean added = false;
    for (Line f : find(g, skipTop, screenWidth, FAINT_EDGE)) {
      List<Line> under = lines.stream().filter(l -> overlaps(l, f)).toList();
      if (under.isEmpty()) {
        lines.add(f);
        added = true;
      } else if (wholeOf(f, under)) {
        // the strong pass saw only the darkest strokes of a faint word: read the whole word
        lines.removeAll(under);
        lines.add(f);
        added = true;
      }
    }
    if (added) {
      lines.sort(Comparator.comparingInt(Line::y).thenComparingInt(Line::x));
    }
    return lines;
  }

  /**
   * Whether a faint-pass line is the whole of what the strong pass found in part (the darkest
   * strokes of a faint word): it holds every part, and is {@link #PARTIAL} times larger than one
   * part (a box a pixel wider is the same word, read as before) or {@link #PIECES} times larger
   * than several (words the strong pass kept apart, such as a picker's columns, fill most of a line
   * that joins them; the strokes of a faint word fill little of it).
   */
  private static boolean wholeOf(Line f, List<Line> parts) {
    long area = 0;
    for (Line p : parts) {
      if (p.x < f.x - CELL
          || p.right() > f.right() + CELL
          || p.y < f.y - CELL
          || p.bottom() > f.bottom() + CELL) {
        return false;
      }
      area += (long) p.width * p.height;
    }
    return (long) f.width * f.height > (parts.size() == 1 ? PARTIAL : PIECES) * area;
  }

  private static boolean overlaps(Line a, Line b) {
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
  }

  private static List<Line> find(GreyImage g, int skipTop, int screenWidth, int edge) {
    int cw = (g.width + CELL - 1) / CELL;
    int ch = (g.height + CELL - 1) / CELL;
    if (cw < 2 || ch < 2) {
      return List.of();
    }
    byte[] mark = edges(g, cw, ch, edge);
    bridge(mark, cw, ch, Math.max(1, (int) Math.round(BRIDGE * screenWidth / REFERENCE_WIDTH)));
    Blobs blobs = Blobs.label(mark, cw, ch);
    int minHeight =
        Math.max(MIN_HEIGHT, (int) Math.round(MIN_SCREEN_HEIGHT * screenWidth / REFERENCE_WIDTH));
    List<Integer> candidates = new ArrayList<>();
    for (int b = 0; b < blobs.count; b++) {
      int h = Math.min(g.height, (blobs.y2[b] + 1) * CELL) - blobs.y1[b] * CELL;
      int w = Math.min(g.width, (blobs.x2[b] + 1) * CELL) - blobs.x1[b] * CELL;
      int mid = (blobs.y1[b] + blobs.y2[b] + 1) * CELL / 2;
      // Rules (lines, borders) step in one direction only, text in both.
      if (h >= minHeight && h <= MAX_HEIGHT && w >= 4 && mid >= skipTop && !blobs.oneWay(b)) {
        candidates.add(b);
      }
    }
    boolean[] hollow = new boolean[blobs.count];
    boolean[] gone = new boolean[blobs.count];
    for (int b : candidates) {
      hollow[b] = blobs.middleFill(b) < MIN_MIDDLE_FILL;
    }
    // Outlines (avatars, buttons, keys) are hollow and go. A thick round glyph ("o", "0" in a bold
    // title) is hollow too, but holds its counter close inside: the glyph stays. Counters (hollow
    // and inside another blob) go.
    boolean[] glyph = new boolean[blobs.count];
    for (int o : candidates) {
      for (int i : candidates) {
        if (i != o && hollow[i] && blobs.inside(i, o) && blobs.area(i) < blobs.area(o)) {
          gone[i] = true;
          if (hollow[o] && blobs.area(i) >= COUNTER_SHARE * blobs.area(o)) {
            glyph[o] = true;
          }
        }
      }
    }
    for (int b : candidates) {
      hollow[b] &= !glyph[b];
    }
    List<Line> kept = new ArrayList<>();
    for (int b : candidates) {
      if (hollow[b] || gone[b]) {
        continue;
      }
      for (int[] band : blobs.bands(b)) {
        int by1 = band[1] * CELL;
        int by2 = Math.min(g.height, (band[3] + 1) * CELL);
        if (by2 - by1 >= minHeight) {
          int bx1 = band[0] * CELL;
          kept.add(new Line(bx1, by1, Math.min(g.width, (band[2] + 1) * CELL) - bx1, by2 - by1));
        }
      }
    }
    return join(g, dropInner(kept));
  }

  /**
   * Marks cells with a luminance step: {@link #ACROSS} for a step along x, {@link #DOWN} along y.
   */
  private static byte[] edges(GreyImage g, int cw, int ch, int edge) {
    byte[] mark = new byte[cw * ch];
    byte[] p = g.px;
    int w = g.width;
    // Steps are measured over two pixels: anti-aliasing and JPEG spread a soft edge over two.
    for (int y = 0; y < g.height - 2; y++) {
      int row = y * w;
      int cellRow = (y / CELL) * cw;
      for (int x = 0; x < w - 2; x++) {
        int v = p[row + x] & 0xFF;
        int dx = v - (p[row + x + 2] & 0xFF);
        int dy = v - (p[row + 2 * w + x] & 0xFF);
        if (dx > edge || dx < -edge) {
          mark[cellRow + x / CELL] |= ACROSS;
        }
        if (dy > edge || dy < -edge) {
          mark[cellRow + x / CELL] |= DOWN;
        }
      }
    }
    return mark;
  }

  /** Fills gaps of at most {@code bridge} cells between marked cells of a row. */
  private static void bridge(byte[] mark, int cw, int ch, int bridge) {
    for (int y = 0; y < ch; y++) {
      int row = y * cw;
      int last = -1;
      for (int x = 0; x < cw; x++) {
        if (mark[row + x] != 0) {
          if (last >= 0 && x - last - 1 <= bridge && x - last > 1) {
            Arrays.fill(mark, row + last + 1, row + x, BRIDGED);
          }
          last = x;
        }
      }
    }
  }

  /**
   * Resolves boxes inside others: a box holding a tall one is a container (a key, a button, a
   * field's outline) and goes, its content stays; a short box inside a line (a dot over a letter,
   * an accent) goes, the line stays.
   */
  private static List<Line> dropInner(List<Line> lines) {
    boolean[] gone = new boolean[lines.size()];
    for (int i = 0; i < lines.size(); i++) {
      Line a = lines.get(i);
      for (int j = 0; j < lines.size(); j++) {
        Line b = lines.get(j);
        if (i == j
            || (long) b.width * b.height <= (long) a.width * a.height
            || a.x < b.x
            || a.y < b.y
            || a.right() > b.right()
            || a.bottom() > b.bottom()) {
          continue;
        }
        if (a.height >= CONTAINED_SHARE * b.height) {
          gone[j] = true;
        } else {
          gone[i] = true;
        }
      }
    }
    List<Line> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!gone[i]) {
        out.add(lines.get(i));
      }
    }
    return out;
  }

  /**
   * Joins boxes on one line (overlapping mostly in y, similar height) on the same background: words
   * less than a line height apart, and runs of lone glyphs (keyboard keys, "09 : 30") up to {@link
   * #GLYPH_RUN_GAP} line heights apart, because the recogniser reads letters far better in a row
   * than one by one.
   */
  private static List<Line> join(GreyImage g, List<Line> lines) {
    List<Line> sorted = new ArrayList<>(lines);
    sorted.sort(Comparator.comparingInt(Line::x));
    int[][] tones = new int[sorted.size()][];
    for (int i = 0; i < sorted.size(); i++) {
      tones[i] = tone(g, sorted.get(i));
    }
    List<Line> out = new ArrayList<>();
    boolean[] used = new boolean[sorted.size()];
    for (int i = 0; i < sorted.size(); i++) {
      if (used[i]) {
        continue;
      }
      Line cur = sorted.get(i);
      List<Line> parts = new ArrayList<>(List.of(cur));
      int[] tone = tones[i];
      used[i] = true;
      boolean grown = true;
      while (grown) {
        grown = false;
        for (int j = i + 1; j < sorted.size(); j++) {
          if (used[j]) {
            continue;
          }
          Line n = sorted.get(j);
          int gap = n.x - cur.right();
          int overlap = Math.min(cur.bottom(), n.bottom()) - Math.max(cur.y, n.y);
          int minH = Math.min(cur.height, n.height);
          int maxH = Math.max(cur.height, n.height);
          boolean sameLook =
              Math.abs(tone[0] - tones[j][0]) <= SAME_BACKGROUND && tone[1] == tones[j][1];
          if (sameLook
              && gap <= GLYPH_RUN_GAP * maxH
              && overlap >= 0.6 * minH
              && maxH <= 1.6 * minH) {
            Line last = parts.get(parts.size() - 1);
            if (n.x - last.right() <= maxH) {
              parts.set(parts.size() - 1, last.union(n));
            } else {
              parts.add(n);
            }
            cur = cur.union(n);
            used[j] = true;
            grown = true;
          }
        }
      }
      out.add(
          parts.size() == 1
              ? cur
              : new Line(cur.x, cur.y, cur.width, cur.height, List.copyOf(parts)));
    }
    out.sort(Comparator.comparingInt(Line::y).thenComparingInt(Line::x));
    return out;
  }

  /** The background grey around a box (median of its border) and 1 when its ink is lighter. */
  static int[] tone(GreyImage g, Line l) {
    int[] border = new int[256];
    int n = 0;
    long sum = 0;
    int x2 = Math.min(g.width, l.right()) - 1;
    int y2 = Math.min(g.height, l.bottom()) - 1;
    for (int y = l.y; y <= y2; y++) {
      int row = y * g.width;
      boolean edgeRow = y == l.y || y == y2;
      for (int x = l.x; x <= x2; x++) {
        int v = g.px[row + x] & 0xFF;
        sum += v;
        if (edgeRow || x == l.x || x == x2) {
          border[v]++;
          n++;
        }
      }
    }
    int half = (n + 1) / 2;
    int bg = 0;
    for (int seen = 0; bg < 256; bg++) {
      seen += border[bg];
      if (seen >= half) {
        break;
      }
    }
    double mean = (double) sum / Math.max(1, (x2 - l.x + 1) * (y2 - l.y + 1));
    return new int[] {bg, mean > bg ? 1 : 0};
  }

  /** Connected groups of marked cells (4-neighbours), found run by run. */
  static final class Blobs {
    int count;
    int[] x1;
    int[] y1;
    int[] x2;
    int[] y2;
    private int[] runRow;
    private int[] runStart;
    private int[] runEnd;
    private int[] runLabel;
    private int runs;

    private int[] across;
    private int[] down;
    private int[] edgeCells;

    static Blobs label(byte[] mark, int cw, int ch) {
      return new Blobs(mark, cw, ch);
    }

    private Blobs(byte[] mark, int cw, int ch) {
      collectRuns(mark, cw, ch);
    }

    private void collectRuns(byte[] mark, int cw, int ch) {
      int cap = 1024;
      runRow = new int[cap];
      runStart = new int[cap];
      runEnd = new int[cap];
      int[] parent = new int[cap];
      int prevFrom = 0;
      int prevTo = 0;
      for (int y = 0; y < ch; y++) {
        int row = y * cw;
        int from = runs;
        int x = 0;
        while (x < cw) {
          if (mark[row + x] == 0) {
            x++;
            continue;
          }
          int s = x;
          while (x < cw && mark[row + x] != 0) {
            x++;
          }
          if (runs == runRow.length) {
            int n = runs * 2;
            runRow = Arrays.copyOf(runRow, n);
            runStart = Arrays.copyOf(runStart, n);
            runEnd = Arrays.copyOf(runEnd, n);
            parent = Arrays.copyOf(parent, n);
          }
          runRow[runs] = y;
          runStart[runs] = s;
          runEnd[runs] = x;
          parent[runs] = runs;
          for (int p = prevFrom; p < prevTo; p++) {
            if (runStart[p] < x && runEnd[p] > s) {
              union(parent, p, runs);
            }
          }
          runs++;
        }
        prevFrom = from;
        prevTo = runs;
      }
      int[] id = new int[runs];
      Arrays.fill(id, -1);
      runLabel = new int[runs];
      x1 = new int[runs];
      y1 = new int[runs];
      x2 = new int[runs];
      y2 = new int[runs];
      across = new int[runs];
      down = new int[runs];
      edgeCells = new int[runs];
      for (int r = 0; r < runs; r++) {
        int root = find(parent, r);
        if (id[root] < 0) {
          id[root] = count;
          x1[count] = Integer.MAX_VALUE;
          y1[count] = Integer.MAX_VALUE;
          x2[count] = -1;
          y2[count] = -1;
          count++;
        }
        int l = id[root];
        runLabel[r] = l;
        x1[l] = Math.min(x1[l], runStart[r]);
        x2[l] = Math.max(x2[l], runEnd[r] - 1);
        y1[l] = Math.min(y1[l], runRow[r]);
        y2[l] = Math.max(y2[l], runRow[r]);
        int row = runRow[r] * cw;
        for (int x = runStart[r]; x < runEnd[r]; x++) {
          byte m = mark[row + x];
          if ((m & ACROSS) != 0) {
            across[l]++;
          }
          if ((m & DOWN) != 0) {
            down[l]++;
          }
          if ((m & (ACROSS | DOWN)) != 0) {
            edgeCells[l]++;
          }
        }
      }
      fillCache = null;
    }

    private double @Nullable [] fillCache;

    private int @Nullable [] order;
    private int @Nullable [] firstRun;

    /**
     * Blob {@code b} split into lines where its row profile (marked cells per row) drops to a
     * valley, for lines that touch (tight line spacing, small text): boxes {x1, y1, x2, y2} in
     * cells.
     */
    List<int[]> bands(int b) {
      List<int[]> out = new ArrayList<>();
      split(b, y1[b], y2[b], out, 0);
      return out;
    }

    private void split(int b, int top, int bottom, List<int[]> out, int depth) {
      int h = bottom - top + 1;
      int[] count = new int[h];
      int minX = Integer.MAX_VALUE;
      int maxX = -1;
      runsOf();
      int[] firstRun = Objects.requireNonNull(this.firstRun, "firstRun");
      int[] order = Objects.requireNonNull(this.order, "order");
      for (int k = firstRun[b]; k < firstRun[b + 1]; k++) {
        int r = order[k];
        if (runRow[r] < top || runRow[r] > bottom) {
          continue;
        }
        count[runRow[r] - top] += runEnd[r] - runStart[r];
        minX = Math.min(minX, runStart[r]);
        maxX = Math.max(maxX, runEnd[r] - 1);
      }
      if (maxX < 0) {
        return;
      }
      int peak = 0;
      for (int c : count) {
        peak = Math.max(peak, c);
      }
      int cut = -1;
      // Valleys in the middle of a box at least two short lines tall; each side keeps a line.
      int margin = Math.max(3, MIN_HEIGHT / CELL);
      if (depth < 4 && h >= 2 * margin + 1) {
        int best = Integer.MAX_VALUE;
        for (int i = margin; i < h - margin; i++) {
          if (count[i] < best) {
            best = count[i];
            cut = i;
          }
        }
        int above = 0;
        int below = 0;
        for (int i = 0; i < h; i++) {
          if (i < cut) {
            above = Math.max(above, count[i]);
          } else if (i > cut) {
            below = Math.max(below, count[i]);
          }
        }
        // Both sides must hold a line of their own, not just ascenders or descenders, and be
        // line-shaped: a single bold glyph ("c") has a valley too.
        boolean wide = maxX - minX + 1 >= SPLIT_ASPECT * Math.max(cut, h - cut);
        if (best > SPLIT_VALLEY * peak || Math.min(above, below) < SPLIT_SIDE * peak || !wide) {
          cut = -1;
        }
      }
      if (cut < 0) {
        out.add(new int[] {minX, top, maxX, bottom});
        return;
      }
      split(b, top, top + cut - 1, out, depth + 1);
      split(b, top + cut + 1, bottom, out, depth + 1);
    }

    /** Groups run indices by blob (once). */
    private void runsOf() {
      if (order != null) {
        return;
      }
      int[] firstRun = new int[count + 1];
      for (int r = 0; r < runs; r++) {
        firstRun[runLabel[r] + 1]++;
      }
      for (int l = 0; l < count; l++) {
        firstRun[l + 1] += firstRun[l];
      }
      int[] next = Arrays.copyOf(firstRun, count);
      int[] order = new int[runs];
      for (int r = 0; r < runs; r++) {
        order[next[runLabel[r]]++] = r;
      }
      this.firstRun = firstRun;
      this.order = order;
    }

    /** Whether blob {@code i}'s box lies inside blob {@code o}'s. */
    boolean inside(int i, int o) {
      return x1[i] >= x1[o] && y1[i] >= y1[o] && x2[i] <= x2[o] && y2[i] <= y2[o];
    }

    /** The area of blob {@code b}'s box, in cells. */
    long area(int b) {
      return (long) (x2[b] - x1[b] + 1) * (y2[b] - y1[b] + 1);
    }

    /**
     * Whether blob {@code b}'s edges step (almost) only along one axis: a straight rule, not text.
     */
    boolean oneWay(int b) {
      return across[b] < MIN_AXIS_SHARE * edgeCells[b] || down[b] < MIN_AXIS_SHARE * edgeCells[b];
    }

    /** Share of the middle half (both axes) of blob {@code b}'s box covered by its own cells. */
    double middleFill(int b) {
      double[] fillCache = this.fillCache;
      if (fillCache == null) {
        double[] covered = new double[count];
        for (int r = 0; r < runs; r++) {
          int l = runLabel[r];
          int w = x2[l] - x1[l] + 1;
          int h = y2[l] - y1[l] + 1;
          int my1 = y1[l] + h / 4;
          int my2 = y2[l] - h / 4;
          if (runRow[r] < my1 || runRow[r] > my2) {
            continue;
          }
          int mx1 = x1[l] + w / 4;
          int mx2 = x2[l] - w / 4;
          int s = Math.max(runStart[r], mx1);
          int e = Math.min(runEnd[r] - 1, mx2);
          if (e >= s) {
            covered[l] += e - s + 1;
          }
        }
        fillCache = new double[count];
        for (int l = 0; l < count; l++) {
          int w = x2[l] - x1[l] + 1;
          int h = y2[l] - y1[l] + 1;
          int mw = (x2[l] - w / 4) - (x1[l] + w / 4) + 1;
          int mh = (y2[l] - h / 4) - (y1[l] + h / 4) + 1;
          fillCache[l] = mw <= 0 || mh <= 0 ? 1 : covered[l] / ((double) mw * mh);
        }
        this.fillCache = fillCache;
      }
      return fillCache[b];
    }

    private static int find(int[] parent, int i) {
      while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
      }
      return i;
    }

    private static void union(int[] parent, int a, int b) {
      int ra = find(parent, a);
      int rb = find(parent, b);
      if (ra != rb) {
        parent[Math.max(ra, rb)] = Math.min(ra, rb);
      }
    }
  }
}

package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.base.NormSpace;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.TextSearchResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextCode;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextMatch;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextQuery;
import dev.swipe.text.TextReader;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Reads observations with the device's text reader: opens the reader on first use, converts boxes
 * to normalized space, and keeps the latest pages per observation so that finding, tapping and a
 * scroll's condition never read the same screenshot twice.
 */
final class ScreenReader implements AutoCloseable {
  /** Pages kept: a scroll search re-reads its latest screens, an agent its latest shot. */
  private static final int CACHE_PAGES = 16;

  /** Lines listed in a not-found error, nearest to the query first. */
  private static final int NEARBY_LINES = 8;

  private final Supplier<TextReader> opener;
  private final Map<String, TextPage> pages =
      new LinkedHashMap<>(32, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TextPage> eldest) {
          return size() > CACHE_PAGES;
        }
      };
  private @Nullable TextReader reader;
  private long reads;
  private boolean closed;

  /** Set when the reader could not be opened: optional reads stop trying. */
  private boolean unavailable;

  private ScreenReader(Supplier<TextReader> opener) {
    this.opener = opener;
  }

  /** A reader opened from a URI on first use ({@code tesseract:} when none was given). */
  static ScreenReader of(@Nullable String uri) {
    String u = uri == null ? TextReader.DEFAULT_URI : uri;
    return new ScreenReader(() -> TextReader.open(u));
  }

  /** A host's own reader; the device closes it. */
  static ScreenReader of(TextReader reader) {
    return new ScreenReader(() -> reader);
  }

  /** Reads the text in {@code region} (null: the whole screen), cached per observation. */
  synchronized TextPage page(Observation o, @Nullable NormRegion region) {
    if (closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "the device is closed");
    }
    TextBox box = region == null ? null : pixels(region, o.width(), o.height());
    String key = o.runId() + "/" + o.id() + "/" + o.captureNanos() + (box == null ? "" : "/" + box);
    TextPage cached = pages.get(key);
    if (cached != null) {
      return cached;
    }
    try {
      if (reader == null) {
        reader = opener.get();
      }
      TextPage page = reader.read(image(o), box);
      reads++;
      pages.put(key, page);
      return page;
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  /**
   * Reads like {@link #page} when a reader can be had, for what is only nice to have (a nudge's
   * label): empty once the reader failed to open, so a device without one does not retry per call.
   */
  synchronized java.util.Optional<TextPage> tryPage(Observation o, NormRegion region) {
    if (unavailable || closed) {
      return java.util.Optional.empty();
    }
    try {
      return java.util.Optional.of(page(o, region));
    } catch (SwipeException e) {
      if (e.code() == TextCode.TEXT_READER_UNAVAILABLE || reader == null) {
        unavailable = true;
      }
      return java.util.Optional.empty();
    }
  }

  /** How many times the engine was asked to read (cache misses). */
  synchronized long reads() {
    return reads;
  }

  /** Finds a query on an observation (reading only the query's region when it has one). */
  TextSearchResult find(Observation o, TextQuery query) {
    NormRegion region = query.region().orElse(null);
    TextPage page = page(o, region);
    List<ScreenText> out = new ArrayList<>();
    try {
      for (TextMatch m : query.find(page)) {
        out.add(new ScreenText(m.text(), norm(m.box(), o), m.confidence(), m.edits()));
      }
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
    return new TextSearchResult(o, query, out);
  }

  /**
   * The single best match, or {@code text_not_found} listing the lines read nearest to the query,
   * or {@code text_ambiguous} listing the equally good candidates.
   */
  ScreenText single(Observation o, TextQuery query) {
    TextSearchResult r = find(o, query);
    NormRegion region = query.region().orElse(null);
    if (!r.found()) {
      List<Map<String, Object>> nearby = nearby(page(o, region), o, query);
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("query", query.toString());
      details.put("screenshot_attachment_id", o.id());
      details.put("read_nearby", nearby);
      throw new SwipeException(
          ErrorCode.TEXT_NOT_FOUND,
          "no text matching "
              + query
              + " on "
              + o.id()
              + "; read instead: "
              + nearby.stream().map(m -> "'" + m.get("text") + "'").limit(4).toList(),
          details,
          null);
    }
    List<TextMatch> ranked = query.find(page(o, region));
    TextMatch best = ranked.get(0);
    List<Map<String, Object>> ties = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      TextMatch m = ranked.get(i);
      if (m.edits() == best.edits() && m.wholeLine() == best.wholeLine()) {
        ties.add(describe(r.matches().get(i)));
      }
    }
    if (ties.size() > 1) {
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("query", query.toString());
      details.put("screenshot_attachment_id", o.id());
      details.put("candidates", ties);
      throw new SwipeException(
          ErrorCode.TEXT_AMBIGUOUS,
          ties.size()
              + " places match "
              + query
              + " equally well on "
              + o.id()
              + "; narrow the query with a region or more words",
          details,
          null);
    }
    return r.matches().get(0);
  }

  private List<Map<String, Object>> nearby(TextPage page, Observation o, TextQuery query) {
    String wanted = query.text().toLowerCase(java.util.Locale.ROOT);
    List<TextLine> lines = new ArrayList<>(page.lines());
    lines.sort(
        Comparator.comparingInt(
            l -> letterDistance(wanted, l.text().toLowerCase(java.util.Locale.ROOT))));
    List<Map<String, Object>> out = new ArrayList<>();
    for (TextLine l : lines.subList(0, Math.min(NEARBY_LINES, lines.size()))) {
      out.add(describe(new ScreenText(l.text(), norm(l.box(), o), l.confidence(), 0)));
    }
    return out;
  }

  /** How far apart two strings are, letters only, capped to keep the sort cheap. */
  private static int letterDistance(String a, String b) {
    int n = Math.min(a.length(), 64);
    int m = Math.min(b.length(), 64);
    int[] prev = new int[m + 1];
    int[] cur = new int[m + 1];
    for (int j = 0; j <= m; j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= n; i++) {
      cur[0] = i;
      for (int j = 1; j <= m; j++) {
        cur[j] =
            Math.min(
                prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1),
                Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[m];
  }

  private static Map<String, Object> describe(ScreenText t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("text", t.text());
    m.put("x", Math.round(t.region().x()));
    m.put("y", Math.round(t.region().y()));
    m.put("w", Math.round(t.region().w()));
    m.put("h", Math.round(t.region().h()));
    m.put("confidence", Math.round(t.confidence() * 100) / 100.0);
    return m;
  }

  /** A pixel box of an observation in normalized units ({@code n = px / max(W - 1, 1) * 1000}). */
  static NormRegion norm(TextBox b, Observation o) {
    double sx = NormSpace.unitsPerPixel(o.width());
    double sy = NormSpace.unitsPerPixel(o.height());
    double x1 = Math.min(999.99, b.x() * sx);
    double y1 = Math.min(999.99, b.y() * sy);
    double x2 = Math.min(1000, Math.max(x1 + 0.01, (b.right() - 1) * sx));
    double y2 = Math.min(1000, Math.max(y1 + 0.01, (b.bottom() - 1) * sy));
    return NormRegion.fromCorners(x1, y1, x2, y2);
  }

  private static TextBox pixels(NormRegion r, int w, int h) {
    return TextBox.covering(r, w, h);
  }

  /**
   * The observation's full-size luminance as an image (decoded once, bounded like every decode).
   */
  private static BufferedImage image(Observation o) {
    GreyRaster g = o.grey();
    BufferedImage img = new BufferedImage(g.width(), g.height(), BufferedImage.TYPE_BYTE_GRAY);
    byte[] dst = ((DataBufferByte) img.getRaster().getDataBuffer()).getData();
    byte[] src = g.toByteArray();
    System.arraycopy(src, 0, dst, 0, Math.min(src.length, dst.length));
    return img;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    pages.clear();
    if (reader != null) {
      reader.close();
    }
  }
}

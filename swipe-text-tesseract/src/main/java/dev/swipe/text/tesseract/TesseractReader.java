package dev.swipe.text.tesseract;

import static org.bytedeco.tesseract.global.tesseract.PSM_SINGLE_LINE;

import dev.swipe.base.SwipeException;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextCode;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextReader;
import dev.swipe.text.Word;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.jspecify.annotations.Nullable;

/**
 * Tesseract tuned for phone screens: text lines are found from pixels, each line is cut out, turned
 * dark-on-light, scaled to the height the recogniser reads best and read as a single line; lines
 * are read in parallel by a small pool of engines, one thread per engine.
 */
final class TesseractReader implements TextReader {
  /**
   * Words the engine is less sure of than this (0-100) are dropped: mostly icons read as letters.
   */
  static final float MIN_CONFIDENCE = 50;

  /** A lone character must be surer: fragments of icons and shapes read as one letter. */
  static final float MIN_CONFIDENCE_ONE_CHAR = 70;

  /** Words of a line that two looks at different sizes read alike need only this confidence. */
  static final float MIN_CONFIDENCE_AGREED = 20;

  /** Lines with a word below this confidence get a second look at another scale. */
  static final float SURE = 90;

  /**
   * The status bar's height as a share of the screen width (24 dp of a 360 dp wide phone, plus
   * room).
   */
  static final double STATUS_BAR_PER_WIDTH = 0.085;

  private final ReaderOptions options;
  private final List<Engine> engines;
  private final BlockingQueue<Engine> idle;
  private final ExecutorService pool;
  private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private final String description;
  private boolean closed;

  private TesseractReader(ReaderOptions options, List<Engine> engines, String version) {
    this.options = options;
    this.engines = List.copyOf(engines);
    this.idle = new ArrayBlockingQueue<>(engines.size(), false, engines);
    AtomicInteger n = new AtomicInteger();
    this.pool =
        Executors.newFixedThreadPool(
            engines.size(),
            r -> {
              Thread t = new Thread(r, "swipe-tesseract-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    this.description =
        "tesseract " + version + " (" + options.languages() + ", " + engines.size() + " threads)";
  }

  /**
   * Loads the natives and the data and starts {@code options.threads()} engines, or nothing at all.
   */
  static TesseractReader open(ReaderOptions options) {
    Natives.load();
    Path dir = TrainedData.directoryFor(options);
    List<Engine> made = new ArrayList<>();
    try {
      for (int i = 0; i < options.threads(); i++) {
        made.add(Engine.open(dir, options.languages()));
      }
      String version = org.bytedeco.tesseract.global.tesseract.TessVersion().getString();
      return new TesseractReader(options, made, version);
    } catch (RuntimeException | LinkageError e) {
      for (Engine en : made) {
        en.close();
      }
      if (e instanceof SwipeException te) {
        throw te;
      }
      throw new SwipeException(
          TextCode.TEXT_READER_UNAVAILABLE,
          "Tesseract failed to start: " + e,
          Map.of("platform", Natives.platform()),
          e);
    }
  }

  @Override
  public TextPage read(BufferedImage image, @Nullable TextBox region) {
    if (image == null) {
      throw SwipeException.invalidArgument("image", "is required");
    }
    int w = image.getWidth();
    int h = image.getHeight();
    if (region != null && !region.fitsIn(w, h)) {
      throw SwipeException.invalidArgument(
          "region", "must lie inside the " + w + "x" + h + " image, got " + region);
    }
    lifecycle.readLock().lock();
    try {
      if (closed) {
        throw new SwipeException(
            TextCode.TEXT_READER_UNAVAILABLE,
            "this text reader is closed (" + description + ")",
            Map.of("reader", description),
            null);
      }
      TextBox area = region == null ? new TextBox(0, 0, w, h) : region;
      GreyImage grey = GreyImage.of(image, area.x(), area.y(), area.width(), area.height());
      boolean screen = region == null && h >= 1.5 * w;
      int skipTop =
          screen && !options.readStatusBar() ? (int) Math.round(STATUS_BAR_PER_WIDTH * w) : 0;
      List<LineFinder.Line> lines = LineFinder.find(grey, skipTop, w);
      List<Future<TextLine>> pending = new ArrayList<>(lines.size());
      // Biggest first, so the last line to finish is a small one.
      List<LineFinder.Line> order = new ArrayList<>(lines);
      order.sort(
          Comparator.comparingLong((LineFinder.Line l) -> (long) l.width() * l.height())
              .reversed());
      for (LineFinder.Line line : order) {
        pending.add(pool.submit(() -> readLine(grey, line, area)));
      }
      List<TextLine> out = new ArrayList<>();
      try {
        for (Future<TextLine> f : pending) {
          TextLine l = f.get();
          if (l != null) {
            out.add(l);
          }
        }
      } catch (InterruptedException e) {
        pending.forEach(f -> f.cancel(false));
        Thread.currentThread().interrupt();
        throw new SwipeException(
            TextCode.TEXT_READER_UNAVAILABLE, "interrupted while reading text", Map.of(), e);
      } catch (ExecutionException e) {
        pending.forEach(f -> f.cancel(false));
        Throwable c = e.getCause();
        if (c instanceof SwipeException te) {
          throw te;
        }
        throw new SwipeException(
            TextCode.TEXT_READER_UNAVAILABLE,
            "Tesseract failed while reading: " + c,
            Map.of("reader", description),
            c);
      }
      out.sort(
          Comparator.comparingInt((TextLine l) -> l.box().y()).thenComparingInt(l -> l.box().x()));
      return new TextPage(w, h, out);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  private @Nullable TextLine readLine(GreyImage grey, LineFinder.Line line, TextBox area)
      throws InterruptedException {
    LinePicture pic = LinePicture.of(grey, line);
    List<Engine.RawWord> raw;
    boolean agreed = false;
    Engine engine = idle.take();
    try {
      raw = engine.recognise(pic.px, pic.width, pic.height, PSM_SINGLE_LINE);
      if (unsure(raw)) {
        // A second look at another size: the recogniser's doubts are often about scale.
        LinePicture other = LinePicture.of(grey, line, LinePicture.SECOND_LOOK_HEIGHT);
        List<Engine.RawWord> again =
            engine.recognise(other.px, other.width, other.height, PSM_SINGLE_LINE);
        agreed = sameWords(raw, again);
        if (meanConfidence(again) > meanConfidence(raw)) {
          raw = again;
          pic = other;
        }
      }
    } finally {
      idle.add(engine);
    }
    List<Word> words = new ArrayList<>();
    for (Engine.RawWord r : raw) {
      boolean oneChar = r.text().codePointCount(0, r.text().length()) == 1;
      // Two looks at different sizes that read the same words vouch for them, however unsure each
      // was.
      float need =
          oneChar ? MIN_CONFIDENCE_ONE_CHAR : agreed ? MIN_CONFIDENCE_AGREED : MIN_CONFIDENCE;
      if (r.confidence() < need || !hasLetterOrDigit(r.text())) {
        continue;
      }
      int x1 = clamp((int) Math.floor(pic.toImageX(r.left())), area.x(), area.right() - 1);
      int y1 = clamp((int) Math.floor(pic.toImageY(r.top())), area.y(), area.bottom() - 1);
      int x2 = clamp((int) Math.ceil(pic.toImageX(r.right())), x1 + 1, area.right());
      int y2 = clamp((int) Math.ceil(pic.toImageY(r.bottom())), y1 + 1, area.bottom());
      double conf = Math.max(0, Math.min(1, r.confidence() / 100.0));
      words.add(new Word(r.text(), TextBox.ofCorners(x1, y1, x2, y2), conf));
    }
    if (words.isEmpty()) {
      return null;
    }
    words.sort(Comparator.comparingInt(wd -> wd.box().x()));
    return TextLine.of(words);
  }

  private static boolean unsure(List<Engine.RawWord> raw) {
    if (raw.isEmpty()) {
      return true;
    }
    for (Engine.RawWord r : raw) {
      if (r.confidence() < SURE) {
        return true;
      }
    }
    return false;
  }

  private static boolean sameWords(List<Engine.RawWord> a, List<Engine.RawWord> b) {
    if (a.size() != b.size() || a.isEmpty()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).text().equals(b.get(i).text())) {
        return false;
      }
    }
    return true;
  }

  private static double meanConfidence(List<Engine.RawWord> raw) {
    double sum = 0;
    for (Engine.RawWord r : raw) {
      sum += r.confidence();
    }
    return raw.isEmpty() ? 0 : sum / raw.size();
  }

  private static boolean hasLetterOrDigit(String s) {
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      if (Character.isLetterOrDigit(cp)) {
        return true;
      }
      i += Character.charCount(cp);
    }
    return false;
  }

  private static int clamp(int v, int lo, int hi) {
    return Math.max(lo, Math.min(hi, v));
  }

  @Override
  public String description() {
    return description;
  }

  /**
   * Waits for reads in progress, then ends every engine; later reads fail with
   * text_reader_unavailable.
   */
  @Override
  public void close() {
    lifecycle.writeLock().lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      pool.shutdownNow();
      for (Engine e : engines) {
        e.close();
      }
    } finally {
      lifecycle.writeLock().unlock();
    }
  }

  @Override
  public String toString() {
    return description;
  }
}

package dev.swipe.bench.text;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.sim.SimOracle;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextReader;
import dev.swipe.text.Word;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;

/**
 * Issue 18's accuracy and speed of reading text, on simulator screens whose drawn words are known
 * (lists, pickers with a button, carousels, the keyboard; light and dark; android and ios; several
 * devices; full-size frames and frames at the 0.45 and 0.33 scales of 1080p and 720p HDMI
 * captures).
 *
 * <ul>
 *   <li>Accuracy: the swipe reader ({@code tesseract:}) on every screen: word recall split by cap
 *       height (under 12 px / at least 12 px), precision, box centre error.
 *   <li>Speed and the anchors, on the full-size screens of the first device: the swipe reader, the
 *       same engine in process with its defaults (whole image, automatic page segmentation), and
 *       the {@code tesseract} command-line program (skipped when absent), on the full 1080x2400
 *       screen and on a 1080x300 band (the reader reads it as a region of the screen; the anchors
 *       get the band cut out).
 * </ul>
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.text.OcrBench [--devices=3] [--verbose=true] [--dump=DIR]
 * </pre>
 */
public final class OcrBench {
  private static final String[] PLATFORMS = {"android", "ios"};
  private static final String[] THEMES = {"light", "dark"};
  private static final String[] SCREENS = {
    "list", "list+keyboard", "picker", "carousel", "carousel+keyboard"
  };
  private static final int BAND_Y = 760;
  private static final int BAND_H = 300;

  private OcrBench() {}

  record Screen(
      String name,
      BufferedImage image,
      List<SimOracle.DrawnText> truth,
      double scale,
      int device) {}

  public static void main(String[] args) throws Exception {
    int devices = Integer.parseInt(opt(args, "devices", "3"));
    boolean verbose = Boolean.parseBoolean(opt(args, "verbose", "false"));
    long seed0 = Long.parseLong(opt(args, "seed0", "1800"));
    long t0 = System.nanoTime();
    List<Screen> screens = new ArrayList<>();
    for (double scale : new double[] {1.0, 0.45, 0.33}) {
      for (int d = 0; d < devices; d++) {
        for (String platform : PLATFORMS) {
          for (String theme : THEMES) {
            for (String screen : SCREENS) {
              screens.add(screen(platform, theme, screen, seed0 + d, scale, d));
            }
          }
        }
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%d screens rendered in %.1f s%n",
        screens.size(),
        (System.nanoTime() - t0) / 1e9);
    String dump = opt(args, "dump", "");
    if (!dump.isEmpty()) {
      for (Screen s : screens) {
        ImageIO.write(
            s.image(), "png", Path.of(dump, s.name().replace('/', '_') + ".png").toFile());
      }
    }
    try (TextReader reader = TextReader.open("tesseract:")) {
      System.out.println("reader: " + reader.description());
      accuracy(reader, screens, verbose);
      speed(reader, screens, verbose);
    }
  }

  private static void accuracy(TextReader reader, List<Screen> screens, boolean verbose) {
    Map<String, TextScore> byGroup = new LinkedHashMap<>();
    TextScore all = new TextScore();
    for (Screen s : screens) {
      TextPage page = reader.read(s.image());
      List<TextScore.ReadWord> read = words(page);
      List<TextScore.TruthWord> truth = TextScore.truth(s.truth(), null);
      all.add(s.name(), truth, read);
      String[] parts = s.name().split("/", -1); // a sample's name: group/name
      for (String g :
          new String[] {
            "platform " + parts[0],
            "theme " + parts[1],
            "screen " + parts[2].replace("+keyboard", " (keyboard up)"),
            "scale " + s.scale()
          }) {
        byGroup.computeIfAbsent(g, k -> new TextScore()).add(s.name(), truth, read);
      }
    }
    System.out.println();
    System.out.println("### Accuracy: swipe reader, " + screens.size() + " screens");
    System.out.println();
    System.out.println(
        "| set | words, cap >= 12 px | recall | words, cap < 12 px | recall | lone glyphs | recall | reads | precision | reads on glyphs | precision | centre error mean / p95 px |");
    System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
    row("all", all);
    for (Map.Entry<String, TextScore> e : byGroup.entrySet()) {
      row(e.getKey(), e.getValue());
    }
    if (verbose) {
      System.out.println("missed:");
      all.missedSamples.forEach(m -> System.out.println("  " + m));
      System.out.println("wrong:");
      all.wrongSamples.forEach(m -> System.out.println("  " + m));
    }
  }

  private static void row(String name, TextScore s) {
    System.out.printf(
        Locale.ROOT,
        "| %s | %d | %s | %d | %s | %d | %s | %d | %s | %d | %s | %s / %s |%n",
        name,
        s.scoredLarge,
        pct(s.recallLarge()),
        s.scoredSmall,
        pct(s.recallSmall()),
        s.scoredGlyphs,
        pct(s.recallGlyphs()),
        s.correct + s.wrong,
        pct(s.precision()),
        s.correctOnGlyphs + s.wrongOnGlyphs,
        pct(s.precisionOnGlyphs()),
        f1(mean(s.centreErrors)),
        f1(pctl(s.centreErrors, 95)));
  }

  private static void speed(TextReader reader, List<Screen> screens, boolean verbose)
      throws Exception {
    List<Screen> set = new ArrayList<>();
    for (Screen s : screens) {
      if (s.scale() == 1.0 && s.device() == 0) {
        set.add(s);
      }
    }
    String cli = TesseractCli.version();
    Rectangle band = new Rectangle(0, BAND_Y, 1080, BAND_H);
    Map<String, List<Double>> ms = new LinkedHashMap<>();
    Map<String, TextScore> score = new LinkedHashMap<>();
    for (String k :
        new String[] {
          "swipe full", "defaults full", "cli full", "swipe band", "defaults band", "cli band"
        }) {
      ms.put(k, new ArrayList<>());
      score.put(k, new TextScore());
    }
    // Warm up the reader's and the anchors' code paths once.
    try (NaiveTesseract naive = new NaiveTesseract()) {
      reader.read(set.get(0).image());
      naive.read(set.get(0).image());
      for (Screen s : set) {
        BufferedImage img = s.image();
        BufferedImage cut = img.getSubimage(band.x, band.y, band.width, band.height);
        BufferedImage cutCopy =
            new BufferedImage(cut.getWidth(), cut.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        cutCopy.getGraphics().drawImage(cut, 0, 0, null);
        List<TextScore.TruthWord> truthFull = TextScore.truth(s.truth(), null);
        List<TextScore.TruthWord> truthBand = TextScore.truth(s.truth(), band);

        long a = System.nanoTime();
        TextPage full = reader.read(img);
        at(ms, "swipe full").add((System.nanoTime() - a) / 1e6);
        at(score, "swipe full").add(s.name(), truthFull, words(full));

        a = System.nanoTime();
        TextPage part = reader.read(img, new TextBox(band.x, band.y, band.width, band.height));
        at(ms, "swipe band").add((System.nanoTime() - a) / 1e6);
        at(score, "swipe band").add(s.name(), truthBand, words(part));

        a = System.nanoTime();
        List<TextScore.ReadWord> nf = naive.read(img);
        at(ms, "defaults full").add((System.nanoTime() - a) / 1e6);
        at(score, "defaults full").add(s.name(), truthFull, nf);

        a = System.nanoTime();
        List<TextScore.ReadWord> nb = shift(naive.read(cutCopy), band.y);
        at(ms, "defaults band").add((System.nanoTime() - a) / 1e6);
        at(score, "defaults band").add(s.name(), truthBand, nb);

        if (cli != null) {
          double[] t = new double[1];
          Path p = TesseractCli.png(img);
          List<TextScore.ReadWord> cf = TesseractCli.read(p, t);
          at(ms, "cli full").add(t[0]);
          at(score, "cli full").add(s.name(), truthFull, cf);
          p = TesseractCli.png(cutCopy);
          List<TextScore.ReadWord> cb = shift(TesseractCli.read(p, t), band.y);
          at(ms, "cli band").add(t[0]);
          at(score, "cli band").add(s.name(), truthBand, cb);
        }
        if (verbose) {
          System.err.printf(
              Locale.ROOT,
              "%s: swipe %.0f ms, defaults %.0f ms%n",
              s.name(),
              last(at(ms, "swipe full")),
              last(at(ms, "defaults full")));
        }
      }
    }
    System.out.println();
    System.out.println(
        "### Speed and anchors: "
            + set.size()
            + " screens 1080x2400 (first device), band y "
            + BAND_Y
            + "..."
            + (BAND_Y + BAND_H)
            + "; CLI: "
            + (cli == null ? "absent (column skipped)" : cli));
    System.out.println();
    System.out.println(
        "| engine | image | median ms | p90 ms | max ms | recall, words | recall, lone glyphs | precision | precision on glyphs |");
    System.out.println("|---|---|---|---|---|---|---|---|---|");
    for (String k : ms.keySet()) {
      List<Double> v = ms.get(k);
      if (v.isEmpty()) {
        continue;
      }
      TextScore sc = at(score, k);
      String[] kk = k.split(" ", -1); // "engine region", as put above
      String engine =
          switch (kk[0]) {
            case "swipe" -> "swipe reader (tesseract:)";
            case "defaults" -> "in-process defaults";
            default -> "tesseract CLI";
          };
      System.out.printf(
          Locale.ROOT,
          "| %s | %s | %.0f | %.0f | %.0f | %s | %s | %s | %s |%n",
          engine,
          kk[1].equals("full") ? "1080x2400" : "1080x300",
          pctl(v, 50),
          pctl(v, 90),
          pctl(v, 100),
          pct(sc.recallWords()),
          pct(sc.recallGlyphs()),
          pct(sc.precision()),
          pct(sc.precisionOnGlyphs()));
    }
  }

  /** The value at {@code key} of a map that {@code speed} filled for every key it reads. */
  private static <V> V at(Map<String, V> m, String key) {
    return Objects.requireNonNull(m.get(key), key);
  }

  private static double last(List<Double> v) {
    return v.get(v.size() - 1);
  }

  private static List<TextScore.ReadWord> shift(List<TextScore.ReadWord> words, int dy) {
    List<TextScore.ReadWord> out = new ArrayList<>();
    for (TextScore.ReadWord w : words) {
      Rectangle b = new Rectangle(w.box());
      b.translate(0, dy);
      out.add(new TextScore.ReadWord(w.text(), b));
    }
    return out;
  }

  static List<TextScore.ReadWord> words(TextPage page) {
    List<TextScore.ReadWord> out = new ArrayList<>();
    for (Word w : page.words()) {
      out.add(
          new TextScore.ReadWord(
              w.text(),
              new Rectangle(w.box().x(), w.box().y(), w.box().width(), w.box().height())));
    }
    return out;
  }

  /** Renders one screen on a fresh simulated device and returns its frame and truth. */
  static Screen screen(
      String platform, String theme, String kind, long seed, double scale, int device)
      throws IOException {
    String scene = kind.replace("+keyboard", "");
    String uri =
        "sim:?input=ideal&scene="
            + scene
            + "&platform="
            + platform
            + "&theme="
            + theme
            + "&seed="
            + seed
            + (scale == 1.0 ? "" : "&scale=" + scale);
    SplittableRandom r =
        new SplittableRandom(
            seed * 31 + kind.hashCode() + platform.hashCode() * 7L + theme.hashCode());
    try (Device phone = Device.open(uri)) {
      SimOracle oracle = SimOracle.of(phone);
      switch (scene) {
        case "list" -> {
          double up = 150 + r.nextInt(450);
          phone.swipe(
              Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 800 - up))
                  .durationMs(900)
                  .steps(30)
                  .holdAfterMs(150)
                  .build());
        }
        case "picker" -> {
          oracle.setWheelValue("month", r.nextInt(12));
          oracle.setWheelValue("hour", r.nextInt(24));
          oracle.setWheelValue("minute", 5 * r.nextInt(12));
        }
        default -> {}
      }
      if (kind.endsWith("+keyboard")) {
        phone.tap(NormPoint.of(500, scene.equals("list") ? 134 : 738.6));
      }
      Observation o = phone.screenshot();
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(o.jpeg()));
      BufferedImage bgr = img;
      if (img.getType() != BufferedImage.TYPE_3BYTE_BGR) {
        bgr = new BufferedImage(img.getWidth(), img.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        bgr.getGraphics().drawImage(img, 0, 0, null);
      }
      String name = platform + "/" + theme + "/" + kind + "/d" + device + "/x" + scale;
      return new Screen(name, bgr, oracle.textOn(o), scale, device);
    }
  }

  static String opt(String[] args, String key, String def) {
    for (String a : args) {
      if (a.startsWith("--" + key + "=")) {
        return a.substring(key.length() + 3);
      }
    }
    return def;
  }

  private static String pct(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f%%", 100 * v);
  }

  private static String f1(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }

  private static double mean(List<Double> v) {
    return v.isEmpty()
        ? Double.NaN
        : v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  private static double pctl(List<Double> v, double p) {
    if (v.isEmpty()) {
      return Double.NaN;
    }
    List<Double> s = new ArrayList<>(v);
    Collections.sort(s);
    int rank = (int) Math.ceil(p / 100.0 * s.size());
    return s.get(Math.max(0, Math.min(s.size() - 1, rank - 1)));
  }
}

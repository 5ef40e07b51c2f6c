package dev.swipe.bench.policy;

import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.sim.SimOracle;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextQuery;
import dev.swipe.text.TextReader;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Issue 18's search cost: {@code scrollUntil} for a random contact with the text condition (OCR on
 * the frames worth reading) beside the same search with the oracle's predicate (what is visible,
 * free to ask), on the same seeded devices in one run: OCR calls, predicate calls, passes, real and
 * device time, and whether the screen found really shows the contact.
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.TextSearchBench \
 *     --platform=android --devices=24 [--seed0=8000] [--budget=default] [--fps=3] [--input=rig]
 * </pre>
 *
 * <p>{@code --budget=default} searches as a caller who sets nothing does ({@link Scroll#of} and
 * {@link ScrollSearch#defaults()}); without it, flinging passes of 0.8, at most 30 within 3 min.
 * {@code --fps} sets the simulator's capture rate (30 unless told): at 3 a second a fling's coast
 * outruns the frames, as it does on {@code chrome:} here. {@code --input} is the simulator's input
 * model ({@code ideal} unless told; {@code rig} lags its frames and gives an iPhone a relative
 * pointer the device steers from them).
 */
public final class TextSearchBench {
  private TextSearchBench() {}

  record Search(
      String how,
      String target,
      boolean found,
      boolean reallyShown,
      int passes,
      int predicateCalls,
      int ocrCalls,
      long realMs,
      long deviceMs) {}

  /** The default engine, counting its reads. */
  static final class CountingReader implements TextReader {
    final TextReader inner = TextReader.open("tesseract:");
    final AtomicInteger reads = new AtomicInteger();

    @Override
    public TextPage read(BufferedImage image, @Nullable TextBox region) {
      reads.incrementAndGet();
      return inner.read(image, region);
    }

    @Override
    public String description() {
      return "counting " + inner.description();
    }

    @Override
    public void close() {
      inner.close();
    }
  }

  public static void main(String[] args) {
    String platform = Stats.opt(args, "platform", "android");
    int devices = Integer.parseInt(Stats.opt(args, "devices", "24"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "8000"));
    boolean defaults = Stats.opt(args, "budget", "30").equals("default");
    String fps = Stats.opt(args, "fps", "");
    String input = Stats.opt(args, "input", "ideal");
    String extra = "&input=" + input + (fps.isEmpty() ? "" : "&fps=" + fps);
    long t0 = System.nanoTime();
    List<Search> all = new ArrayList<>();
    List<String> contacts = SimOracle.listContacts();
    for (int i = 0; i < devices; i++) {
      long seed = seed0 + i;
      String target = contacts.get(new Random(seed).nextInt(contacts.size()));
      all.add(search(platform + extra, seed, target, true, defaults));
      all.add(search(platform + extra, seed, target, false, defaults));
      System.err.println("done " + i);
    }
    System.out.printf(
        Locale.ROOT,
        "%s, input=%s: %d devices (seeds %d..%d), %s budget, %.0f s real%n",
        platform,
        input,
        devices,
        seed0,
        seed0 + devices - 1,
        defaults ? "the default" : "a 30-pass",
        (System.nanoTime() - t0) / 1e9);
    System.out.println(
        "| condition | found and shown | median passes | median predicate calls | median OCR calls"
            + " | p90 OCR calls | median real s | median device s | max passes | max device s |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (String how : new String[] {"text (OCR)", "oracle"}) {
      List<Search> r = all.stream().filter(s -> s.how().equals(how)).toList();
      System.out.printf(
          Locale.ROOT,
          "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
          how,
          Stats.pctText(r.stream().filter(s -> s.found() && s.reallyShown()).count(), r.size()),
          Stats.f1(Stats.pct(r.stream().map(Search::passes).toList(), 50)),
          r.stream().allMatch(s -> s.predicateCalls() < 0)
              ? "-"
              : Stats.f1(Stats.pct(r.stream().map(Search::predicateCalls).toList(), 50)),
          Stats.f1(Stats.pct(r.stream().map(Search::ocrCalls).toList(), 50)),
          Stats.f1(Stats.pct(r.stream().map(Search::ocrCalls).toList(), 90)),
          Stats.f2(Stats.pct(r.stream().map(s -> s.realMs() / 1000.0).toList(), 50)),
          Stats.f1(Stats.pct(r.stream().map(s -> s.deviceMs() / 1000.0).toList(), 50)),
          Stats.f1(Stats.max(r.stream().map(Search::passes).toList())),
          Stats.f1(Stats.max(r.stream().map(s -> s.deviceMs() / 1000.0).toList())));
    }
    System.out.println();
    System.out.println(
        "| pass from the top | rows moved (median) | min | max | screens (median) |");
    System.out.println("|---|---:|---:|---:|---:|");
    for (int k = 0; k < PASSES.length; k++) {
      List<Double> rows = new ArrayList<>();
      List<Double> screens = new ArrayList<>();
      for (int i = 0; i < devices; i++) {
        double[] m = passRows(platform + extra, seed0 + i, k);
        rows.add(m[0]);
        screens.add(m[1]);
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %s | %s | %s | %s |%n",
          PASSES[k],
          Stats.f1(Stats.pct(rows, 50)),
          Stats.f1(rows.stream().mapToDouble(Double::doubleValue).min().orElse(0)),
          Stats.f1(Stats.max(rows)),
          Stats.f2(Stats.pct(screens, 50)));
    }
    for (Search s : all) {
      if (!s.found() || !s.reallyShown()) {
        System.out.println("  missed: " + s);
      }
    }
  }

  private static final String[] PASSES = {
    "a search's flinging pass", "a steady pass of 0.5 (the default)", "a steady pass of 0.8"
  };

  /**
   * How far one pass of kind {@code kind} (see {@link #PASSES}) moves the list from the top, in
   * rows and in list screens (the rows wholly shown at the top).
   */
  static double[] passRows(String platform, long seed, int kind) {
    String uri = "sim:?scene=list&platform=" + platform + "&seed=" + seed;
    try (Device phone = Device.open(uri)) {
      SimOracle truth = SimOracle.of(phone);
      double shown = truth.visibleListRows(phone.screenshot()).size();
      switch (kind) {
        case 0 ->
            phone.scrollUntil(
                Scroll.of(ScrollDirection.DOWN),
                o -> false,
                ScrollSearch.builder().maxPasses(1).build());
        case 1 -> phone.scroll(Scroll.of(ScrollDirection.DOWN));
        default -> phone.scroll(Scroll.builder(ScrollDirection.DOWN).amount(0.8).build());
      }
      phone.screen().waitForStable(Duration.ofSeconds(10));
      double rows = truth.listOffsetPx() / truth.state().listRowHeightPx();
      return new double[] {rows, rows / shown};
    }
  }

  static Search search(String platform, long seed, String target, boolean text, boolean defaults) {
    CountingReader reader = new CountingReader();
    String uri = "sim:?scene=list&platform=" + platform + "&seed=" + seed;
    try (Device phone = Device.builder().device(uri).textReader(reader).open()) {
      SimOracle truth = SimOracle.of(phone);
      Scroll scroll =
          defaults
              ? Scroll.of(ScrollDirection.DOWN)
              : Scroll.builder(ScrollDirection.DOWN).amount(0.8).build();
      Predicate<Observation> condition =
          text
              ? phone.text().condition(TextQuery.of(target), scroll)
              : o -> truth.visibleListRows(o).contains(target);
      AtomicInteger calls = new AtomicInteger();
      // the text condition is passed as it is, so that the search treats it as a caller's text
      // query (coasts read from kept frames); only the oracle's calls are counted
      long r0 = System.nanoTime();
      long d0 = phone.rig().ticker().read();
      ScrollUntilResult r =
          phone.scrollUntil(
              scroll,
              text
                  ? condition
                  : o -> {
                    calls.incrementAndGet();
                    return condition.test(o);
                  },
              defaults
                  ? ScrollSearch.defaults()
                  : ScrollSearch.builder()
                      .maxPasses(30)
                      .timeout(Duration.ofMinutes(3))
                      .pace(SearchPace.FLING)
                      .build());
      long realMs = (System.nanoTime() - r0) / 1_000_000L;
      return new Search(
          text ? "text (OCR)" : "oracle",
          target,
          r.found(),
          truth.visibleListRows(r.observation()).contains(target),
          r.passes(),
          text ? -1 : calls.get(),
          reader.reads.get(),
          realMs,
          (phone.rig().ticker().read() - d0) / 1_000_000L);
    }
  }
}

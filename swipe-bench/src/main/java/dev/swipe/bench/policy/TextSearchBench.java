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
import dev.swipe.text.TextReaders;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Issue 18's search cost: {@code scrollUntil} for a random contact with the text condition (OCR on
 * the frames worth reading) beside the same search with the oracle's predicate (what is visible,
 * free to ask), on the same seeded devices in one run: OCR calls, predicate calls, passes, real and
 * device time, and whether the screen found really shows the contact.
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.TextSearchBench \
 *     --platform=android --devices=24 [--seed0=8000]
 * </pre>
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
    final TextReader inner = TextReaders.open("tesseract:");
    final AtomicInteger reads = new AtomicInteger();

    @Override
    public TextPage read(BufferedImage image, TextBox region) {
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
    long t0 = System.nanoTime();
    List<Search> all = new ArrayList<>();
    List<String> contacts = SimOracle.listContacts();
    for (int i = 0; i < devices; i++) {
      long seed = seed0 + i;
      String target = contacts.get(new Random(seed).nextInt(contacts.size()));
      all.add(search(platform, seed, target, true));
      all.add(search(platform, seed, target, false));
      System.err.println("done " + i);
    }
    System.out.printf(
        Locale.ROOT,
        "%s: %d devices (seeds %d..%d), %.0f s real%n",
        platform,
        devices,
        seed0,
        seed0 + devices - 1,
        (System.nanoTime() - t0) / 1e9);
    System.out.println(
        "| condition | found and shown | median passes | median predicate calls | median OCR calls"
            + " | p90 OCR calls | median real s | median device s |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (String how : new String[] {"text (OCR)", "oracle"}) {
      List<Search> r = all.stream().filter(s -> s.how().equals(how)).toList();
      System.out.printf(
          Locale.ROOT,
          "| %s | %s | %s | %s | %s | %s | %s | %s |%n",
          how,
          Stats.pctText(r.stream().filter(s -> s.found() && s.reallyShown()).count(), r.size()),
          Stats.f1(Stats.pct(r.stream().map(Search::passes).toList(), 50)),
          Stats.f1(Stats.pct(r.stream().map(Search::predicateCalls).toList(), 50)),
          Stats.f1(Stats.pct(r.stream().map(Search::ocrCalls).toList(), 50)),
          Stats.f1(Stats.pct(r.stream().map(Search::ocrCalls).toList(), 90)),
          Stats.f2(Stats.pct(r.stream().map(s -> s.realMs() / 1000.0).toList(), 50)),
          Stats.f1(Stats.pct(r.stream().map(s -> s.deviceMs() / 1000.0).toList(), 50)));
    }
    for (Search s : all) {
      if (!s.found() || !s.reallyShown()) {
        System.out.println("  missed: " + s);
      }
    }
  }

  static Search search(String platform, long seed, String target, boolean text) {
    CountingReader reader = new CountingReader();
    String uri = "sim:?scene=list&platform=" + platform + "&seed=" + seed;
    try (Device phone = Device.builder().device(uri).textReader(reader).open()) {
      SimOracle truth = SimOracle.of(phone);
      Scroll scroll = Scroll.builder(ScrollDirection.DOWN).amount(0.8).build();
      Predicate<Observation> condition =
          text
              ? phone.textCondition(TextQuery.of(target), scroll)
              : o -> truth.visibleListRows(o).contains(target);
      AtomicInteger calls = new AtomicInteger();
      long r0 = System.nanoTime();
      long d0 = phone.ticker().read();
      ScrollUntilResult r =
          phone.scrollUntil(
              scroll,
              o -> {
                calls.incrementAndGet();
                return condition.test(o);
              },
              ScrollSearch.builder()
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
          calls.get(),
          reader.reads.get(),
          realMs,
          (phone.ticker().read() - d0) / 1_000_000L);
    }
  }
}

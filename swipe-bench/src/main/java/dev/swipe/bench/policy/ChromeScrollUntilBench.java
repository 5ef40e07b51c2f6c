package dev.swipe.bench.policy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.SwipeException;
import dev.swipe.chrome.ChromePhone;
import dev.swipe.chrome.PageServer;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.Device;
import dev.swipe.core.DeviceBuilder;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.text.TextQuery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/**
 * Issue 32 item 5 on {@code chrome:}: {@code scrollUntil} from the top of the contacts page to a
 * seeded contact with the default search budget, judged by the page's own list of fully visible
 * rows. Records the passes, the phone's time as the SDK counted it and the wall time of the call.
 *
 * <pre>
 * java -cp ... dev.swipe.bench.policy.ChromeScrollUntilBench --sessions=24 [--seed0=7000]
 *     [--trace=DIR]
 * </pre>
 */
public final class ChromeScrollUntilBench {
  private static final List<String> DEVICES = List.of("iphone-15", "pixel-7", "390x844@3");

  private ChromeScrollUntilBench() {}

  /** One session's outcome. */
  record Outcome(
      long seed,
      boolean found,
      boolean shown,
      String stop,
      int passes,
      double phoneS,
      double wallS,
      String detail) {}

  public static void main(String[] args) throws Exception {
    int sessions = Integer.parseInt(Stats.opt(args, "sessions", "24"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "7000"));
    String traces = Stats.opt(args, "trace", "");
    List<Outcome> out = new ArrayList<>();
    long t0 = System.nanoTime();
    try (PageServer server = PageServer.widgets()) {
      for (int i = 0; i < sessions; i++) {
        long seed = seed0 + i;
        Outcome o =
            session(server, seed, traces.isEmpty() ? null : Path.of(traces, "list-" + seed));
        out.add(o);
        System.err.println(o);
      }
    }
    long found = out.stream().filter(o -> o.found() && o.shown()).count();
    long wrong = out.stream().filter(o -> o.found() && !o.shown()).count();
    List<Outcome> ok = out.stream().filter(o -> o.found() && o.shown()).toList();
    System.out.printf(
        Locale.ROOT,
        "%n### scrollUntil on chrome: long-list, %d sessions (seeds %d..%d), %.0f s%n%n",
        sessions,
        seed0,
        seed0 + sessions - 1,
        (System.nanoTime() - t0) / 1e9);
    System.out.println(
        "| sessions | found and shown | claimed but not shown | median passes | max passes |"
            + " median phone s | max phone s | median wall s | max wall s |");
    System.out.println("|---|---|---|---|---|---|---|---|---|");
    System.out.printf(
        Locale.ROOT,
        "| %d | %s | %d | %s | %s | %s | %s | %s | %s |%n",
        out.size(),
        Stats.pctText(found, out.size()),
        wrong,
        ok.isEmpty() ? "-" : Stats.f1(Stats.pct(ok.stream().map(Outcome::passes).toList(), 50)),
        ok.isEmpty() ? "-" : Stats.f1(Stats.max(ok.stream().map(Outcome::passes).toList())),
        ok.isEmpty() ? "-" : Stats.f1(Stats.pct(ok.stream().map(Outcome::phoneS).toList(), 50)),
        ok.isEmpty() ? "-" : Stats.f1(Stats.max(ok.stream().map(Outcome::phoneS).toList())),
        ok.isEmpty() ? "-" : Stats.f1(Stats.pct(ok.stream().map(Outcome::wallS).toList(), 50)),
        ok.isEmpty() ? "-" : Stats.f1(Stats.max(ok.stream().map(Outcome::wallS).toList())));
    for (Outcome o : out) {
      if (!o.found() || !o.shown()) {
        System.out.println("- " + o);
      }
    }
  }

  /** One seeded session: a device size and a contact drawn from the seed. */
  static Outcome session(PageServer server, long seed, @Nullable Path trace) {
    Random rnd = new Random(seed * 7919);
    String device = DEVICES.get(rnd.nextInt(DEVICES.size()));
    String uri = "chrome:?device=" + device + "&url=" + server.url("pages/long-list.html");
    try (ChromePhone page = ChromePhone.open(uri);
        Device phone = open(page, trace)) {
      int count = truth(page).path("count").asInt();
      int row = rnd.nextInt(count);
      String name =
          PageTruth.evaluate(
                  page, "document.querySelectorAll('#scroller .row')[" + row + "].dataset.label")
              .asText();
      phone.screen().waitForStable(java.time.Duration.ofSeconds(10));
      long t0 = System.nanoTime();
      try {
        ScrollUntilResult r =
            phone.text().scrollUntil(Scroll.of(ScrollDirection.DOWN), TextQuery.fuzzy(name, 1));
        double wall = (System.nanoTime() - t0) / 1e9;
        boolean shown = false;
        for (JsonNode v : truth(page).path("visible")) {
          shown |= v.asText().equals(name);
        }
        return new Outcome(
            seed,
            r.found(),
            shown,
            r.stoppedBy().id(),
            r.passes(),
            r.cost().wallMs() / 1000.0,
            wall,
            device + " row " + row + " " + name);
      } catch (SwipeException e) {
        return new Outcome(
            seed,
            false,
            false,
            e.code().id(),
            0,
            0,
            (System.nanoTime() - t0) / 1e9,
            device + " row " + row + " " + name + ": " + e.getMessage());
      }
    } catch (RuntimeException e) {
      return new Outcome(seed, false, false, "session_error", 0, 0, 0, e.toString());
    }
  }

  private static Device open(ChromePhone page, @Nullable Path trace) {
    DeviceBuilder b = Device.builder().hid(page.transport()).capture(page.frameSource());
    return trace == null ? b.open() : b.trace(trace).open();
  }

  private static JsonNode truth(ChromePhone page) {
    return PageTruth.evaluate(page, "window.swipeTruth()");
  }
}

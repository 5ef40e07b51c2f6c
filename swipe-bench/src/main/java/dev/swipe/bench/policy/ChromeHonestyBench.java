package dev.swipe.bench.policy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.chrome.ChromePhone;
import dev.swipe.chrome.PageServer;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.DeviceBuilder;
import dev.swipe.core.Observation;
import dev.swipe.core.PinchResult;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.strategy.SwipeStrategies;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.ZoomChange;
import dev.swipe.text.TextQuery;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The SDK's claims on {@code chrome:} judged against the widget pages' own truth ({@code
 * window.swipeTruth()}), as {@link HonestyBench} judges them against the simulator's oracle: here
 * the scroll engine, the fling physics and the widgets are Chromium's, Swiper's and Leaflet's, not
 * ours. The device is built from {@link ChromePhone}'s parts so that the benchmark, never the SDK,
 * reads the truth. One Chromium at a time.
 *
 * <pre>
 * java -cp ... dev.swipe.bench.policy.ChromeHonestyBench --sessions=24 [--seed0=35000]
 *     [--family=lists|carousels|map|pinch|all]
 * </pre>
 */
public final class ChromeHonestyBench {
  /** Longest wait for a page to come to rest after an action. */
  static final Duration REST = Duration.ofSeconds(8);

  /** The page's value must stay unchanged this long to count as at rest. */
  static final long REST_QUIET_MS = 600;

  /**
   * Motion left after the action returns that no frame can show (CSS px; the frames have one pixel
   * per CSS pixel).
   */
  static final double SUBPIXEL = 0.5;

  /** Phones a seed picks from: the two presets and a few sizes of other phones. */
  static final String[] DEVICES = {
    "pixel-7", "iphone-15", "360x800@3", "390x844@3", "375x667@2", "430x932@3", "412x892@2.625"
  };

  private ChromeHonestyBench() {}

  /** One text search and how it went. */
  record Search(
      String page,
      String target,
      String direction,
      boolean found,
      boolean reallyShown,
      int searches,
      int passes,
      int gestures,
      int ocrReads,
      long realMs,
      String stopped,
      String detail) {}

  /** What one family's sessions produced. */
  static final class Family {
    final String name;
    final Claims claims = new Claims();
    final List<Search> searches = new ArrayList<>();
    final List<Double> sessionSeconds = new ArrayList<>();
    final List<Long> seeds = new ArrayList<>();

    Family(String name) {
      this.name = name;
    }
  }

  public static void main(String[] args) {
    int sessions = Integer.parseInt(Stats.opt(args, "sessions", "24"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "35000"));
    String which = Stats.opt(args, "family", "all");
    Stats.deadlineFrom(args);
    List<String> names =
        which.equals("all")
            ? List.of("lists", "carousels", "map", "pinch")
            : List.of(which.split(","));
    for (String n : names) {
      if (!List.of("lists", "carousels", "map", "pinch").contains(n)) {
        throw new IllegalArgumentException(
            "--family must be lists, carousels, map, pinch or all: " + n);
      }
    }
    List<Family> families = new ArrayList<>();
    try (PageServer server = PageServer.widgets()) {
      for (String n : names) {
        Family f = new Family(n);
        families.add(f);
        for (int i = 0; i < sessions; i++) {
          if (System.nanoTime() > Stats.deadlineNanos) {
            break;
          }
          long seed = seed0 + i;
          long t0 = System.nanoTime();
          Claims c = new Claims();
          try {
            switch (n) {
              case "lists" -> listsSession(server, seed, c, f.searches);
              case "carousels" -> carouselsSession(server, seed, c);
              case "pinch" -> pinchSession(server, seed, c);
              default -> mapSession(server, seed, c);
            }
          } catch (RuntimeException e) {
            c.add("session_error", e.toString(), "-", "wrong", n + " seed=" + seed);
            System.err.println(n + " seed=" + seed + ": " + e);
            e.printStackTrace();
          }
          double s = (System.nanoTime() - t0) / 1e9;
          f.claims.addAll(c);
          f.sessionSeconds.add(s);
          f.seeds.add(seed);
          long wrong = 0;
          for (Claims.Claim x : c.all) {
            if (x.verdict().equals("wrong")) {
              wrong++;
              System.err.println(
                  "  [wrong] "
                      + x.claim()
                      + " "
                      + x.claimed()
                      + " -> "
                      + x.truth()
                      + " :: "
                      + x.detail());
            }
          }
          System.err.printf(
              Locale.ROOT,
              "%s seed=%d: %d claims, %d wrong, %.1f s%n",
              n,
              seed,
              c.all.size(),
              wrong,
              s);
        }
      }
    }
    report(families);
  }

  static void report(List<Family> families) {
    System.out.println();
    System.out.println(
        "| family | sessions (seeds) | claim | claims | right | wrong | unsure | right % |");
    System.out.println("|---|---|---|---:|---:|---:|---:|---:|");
    for (Family f : families) {
      String seeds =
          f.seeds.isEmpty()
              ? "0"
              : f.seeds.size()
                  + " ("
                  + f.seeds.get(0)
                  + ".."
                  + f.seeds.get(f.seeds.size() - 1)
                  + ")";
      Map<String, long[]> by = new TreeMap<>();
      for (Claims.Claim c : f.claims.all) {
        long[] k = by.computeIfAbsent(c.claim(), x -> new long[4]);
        k[0]++;
        switch (c.verdict()) {
          case "agree" -> k[1]++;
          case "cautious" -> k[3]++;
          default -> k[2]++;
        }
      }
      for (Map.Entry<String, long[]> e : by.entrySet()) {
        long[] k = e.getValue();
        System.out.printf(
            Locale.ROOT,
            "| %s | %s | %s | %d | %d | %d | %d | %s |%n",
            f.name,
            seeds,
            e.getKey(),
            k[0],
            k[1],
            k[2],
            k[3],
            Stats.pctText(k[1], k[0]));
      }
    }
    System.out.println();
    System.out.println("| family | sessions | wall s per session p50 | max | total s |");
    System.out.println("|---|---:|---:|---:|---:|");
    for (Family f : families) {
      double total = f.sessionSeconds.stream().mapToDouble(Double::doubleValue).sum();
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %s | %s | %.0f |%n",
          f.name,
          f.sessionSeconds.size(),
          Stats.f1(Stats.pct(f.sessionSeconds, 50)),
          Stats.f1(Stats.max(f.sessionSeconds)),
          total);
    }
    for (Family f : families) {
      if (f.searches.isEmpty()) {
        continue;
      }
      System.out.println();
      System.out.println(
          "Text search (`scrollUntil(Scroll.of(dir), TextQuery.of(target))`, default search,"
              + " run again from where it stopped when its passes ran out, up to "
              + MAX_SEARCHES
              + " searches a target):");
      System.out.println();
      System.out.println(
          "| page | searches | found claimed | found and shown | every target found | gestures"
              + " p50 / p90 / max | passes p50 | searched again | OCR reads p50 / p90 |"
              + " real s p50 / max |");
      System.out.println("|---|---:|---:|---:|---:|---|---:|---:|---|---|");
      Map<String, List<Search>> byPage = new TreeMap<>();
      for (Search s : f.searches) {
        byPage.computeIfAbsent(s.page(), k -> new ArrayList<>()).add(s);
      }
      byPage.put("all", f.searches);
      for (Map.Entry<String, List<Search>> e : byPage.entrySet()) {
        List<Search> r = e.getValue();
        long claimed = r.stream().filter(Search::found).count();
        long shown = r.stream().filter(s -> s.found() && s.reallyShown()).count();
        List<Integer> g = r.stream().map(Search::gestures).toList();
        System.out.printf(
            Locale.ROOT,
            "| %s | %d | %d | %d | %s | %s / %s / %s | %s | %d | %s / %s | %s / %s |%n",
            e.getKey(),
            r.size(),
            claimed,
            shown,
            Stats.pctText(shown, r.size()),
            Stats.f1(Stats.pct(g, 50)),
            Stats.f1(Stats.pct(g, 90)),
            Stats.f1(Stats.max(g)),
            Stats.f1(Stats.pct(r.stream().map(Search::passes).toList(), 50)),
            r.stream().filter(s -> s.searches() > 1).count(),
            Stats.f1(Stats.pct(r.stream().map(Search::ocrReads).toList(), 50)),
            Stats.f1(Stats.pct(r.stream().map(Search::ocrReads).toList(), 90)),
            Stats.f1(Stats.pct(r.stream().map(s -> s.realMs() / 1000.0).toList(), 50)),
            Stats.f1(Stats.max(r.stream().map(s -> s.realMs() / 1000.0).toList())));
      }
      for (Search s : f.searches) {
        if (!s.found() || !s.reallyShown()) {
          System.out.println("  not found and shown: " + s);
        }
      }
    }
    System.out.println();
    for (Family f : families) {
      long busy = 0;
      long busyWrong = 0;
      for (Claims.Claim c : f.claims.all) {
        if (c.claim().equals("settled")
            && c.claimed().equals("true")
            && c.detail().contains("busy_at_return=true")) {
          busy++;
          busyWrong += c.verdict().equals("wrong") ? 1 : 0;
        }
      }
      System.out.printf(
          Locale.ROOT,
          "%s: settled=true claimed while the page's busy flag was up at the return: %d (%d of them"
              + " wrong: content moved or the frame changed after the return)%n",
          f.name,
          busy,
          busyWrong);
    }
    for (Family f : families) {
      System.out.println();
      System.out.println("#### " + f.name + ": claims in detail");
      System.out.println();
      f.claims.print(12);
    }
  }

  // ---------------------------------------------------------------- the page, its truth, a device

  /** A page opened as a phone, the device built from its parts, and the seed's choices. */
  static final class Page implements AutoCloseable {
    final ChromePhone chrome;
    final Device phone;
    final TextSearchBench.@Nullable CountingReader reader;
    final String label;
    final String uri;
    final long latencyNanos;

    Page(PageServer server, String path, String device, boolean text) {
      this.uri =
          "chrome:?device="
              + device
              + "&url="
              + URLEncoder.encode(server.url(path), StandardCharsets.UTF_8);
      // "scene=" so that Claims groups disagreements by page
      this.label =
          "chrome:?scene="
              + path.substring(path.lastIndexOf('/') + 1, path.lastIndexOf('.'))
              + "&device="
              + device;
      this.chrome = ChromePhone.open(uri);
      this.reader = text ? new TextSearchBench.CountingReader() : null;
      DeviceBuilder b = Device.builder().hid(chrome.transport()).capture(chrome.frameSource());
      if (reader != null) {
        b.textReader(reader);
      }
      this.phone = b.open();
      this.latencyNanos = chrome.frameSource().latency().toNanos();
    }

    JsonNode truth() {
      return PageTruth.evaluate(chrome, "window.swipeTruth()");
    }

    /**
     * Polls the truth until {@code key} has not changed for {@link #REST_QUIET_MS} (and {@code
     * busy} is false), at most {@link #REST}; returns the last truth read.
     */
    JsonNode awaitRest(Function<JsonNode, double[]> key, Function<JsonNode, Boolean> busy) {
      long deadline = System.nanoTime() + REST.toNanos();
      JsonNode t = truth();
      double[] k = key.apply(t);
      long since = System.nanoTime();
      while (System.nanoTime() < deadline) {
        sleep(50);
        JsonNode n = truth();
        double[] nk = key.apply(n);
        boolean same = true;
        for (int i = 0; i < k.length; i++) {
          same &= Math.abs(k[i] - nk[i]) < 1e-6;
        }
        t = n;
        if (!same || busy.apply(n)) {
          k = nk;
          since = System.nanoTime();
        } else if (System.nanoTime() - since >= REST_QUIET_MS * 1_000_000L) {
          return t;
        }
      }
      return t;
    }

    @Override
    public void close() {
      try {
        phone.close();
      } finally {
        try {
          chrome.close();
        } finally {
          if (reader != null) {
            reader.close();
          }
        }
      }
    }
  }

  static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static String device(Random rnd) {
    return DEVICES[rnd.nextInt(DEVICES.length)];
  }

  /**
   * A kind of page: how to read its moving value (list offset, page, map centre) from the truth,
   * whether it says it is still busy, and the distance between two values in CSS px.
   */
  interface Kind {
    double[] key(JsonNode t);

    boolean busy(JsonNode t);

    /** Content displacement between two truths, in CSS pixels. */
    double moved(JsonNode a, JsonNode b, int frameWidth);

    String show(JsonNode t);
  }

  static final Kind LIST =
      new Kind() {
        @Override
        public double[] key(JsonNode t) {
          return new double[] {t.path("scrollTop").asDouble()};
        }

        @Override
        public boolean busy(JsonNode t) {
          return false;
        }

        @Override
        public double moved(JsonNode a, JsonNode b, int w) {
          return Math.abs(a.path("scrollTop").asDouble() - b.path("scrollTop").asDouble());
        }

        @Override
        public String show(JsonNode t) {
          return String.format(Locale.ROOT, "scrollTop=%.2f", t.path("scrollTop").asDouble());
        }
      };

  static final Kind CAROUSEL =
      new Kind() {
        @Override
        public double[] key(JsonNode t) {
          return new double[] {t.path("index").asInt()};
        }

        @Override
        public boolean busy(JsonNode t) {
          return t.path("animating").asBoolean();
        }

        @Override
        public double moved(JsonNode a, JsonNode b, int w) {
          return w * Math.abs(a.path("index").asInt() - b.path("index").asInt());
        }

        @Override
        public String show(JsonNode t) {
          return "index=" + t.path("index").asInt() + " animating=" + t.path("animating");
        }
      };

  static final Kind MAP =
      new Kind() {
        @Override
        public double[] key(JsonNode t) {
          double[] p = mapPx(t);
          return new double[] {p[0], p[1], t.path("zoom").asDouble()};
        }

        @Override
        public boolean busy(JsonNode t) {
          return t.path("moving").asBoolean();
        }

        @Override
        public double moved(JsonNode a, JsonNode b, int w) {
          double[] p = mapPx(a);
          double[] q = mapPx(b);
          return Math.hypot(p[0] - q[0], p[1] - q[1]);
        }

        @Override
        public String show(JsonNode t) {
          double[] p = mapPx(t);
          return String.format(
              Locale.ROOT,
              "centre_px=(%.1f,%.1f) zoom=%s moving=%s",
              p[0],
              p[1],
              t.path("zoom").asText(),
              t.path("moving").asText());
        }
      };

  /** The map's centre in Web Mercator pixels of its zoom (CSS px on the screen). */
  static double[] mapPx(JsonNode t) {
    double lat = t.path("center").path(0).asDouble();
    double lng = t.path("center").path(1).asDouble();
    double scale = 256 * Math.pow(2, t.path("zoom").asDouble());
    double x = scale * (lng + 180) / 360;
    double s = Math.sin(Math.toRadians(lat));
    double y = scale * (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI));
    return new double[] {x, y};
  }

  /** One action's context: the truth before it, its start, and the judging of its after frame. */
  static final class Ctx {
    final Page p;
    final Kind kind;
    final Claims c;
    final int width;
    private @Nullable JsonNode before;
    long startNanos;

    Ctx(Page p, Kind kind, Claims c) {
      this.p = p;
      this.kind = kind;
      this.c = c;
      this.width = p.phone.screenshot().width();
    }

    JsonNode rest() {
      return p.awaitRest(kind::key, kind::busy);
    }

    /** The page's truth before the action, which {@link #begin()} takes first. */
    JsonNode before() {
      return Objects.requireNonNull(before, "begin() was not called");
    }

    void begin() {
      before = rest();
      startNanos = p.phone.rig().ticker().read();
    }

    String where(String action) {
      return p.label + " " + action;
    }

    /**
     * Keeps the after frame and the rest frame of a wrong "settled" claim in {@code
     * target/chrome-honesty-frames} (or {@code -Dswipe.bench.frames=DIR}), to see what changed.
     */
    void keepFrames(String action, Observation after, Observation again) {
      try {
        java.nio.file.Path dir =
            java.nio.file.Path.of(
                System.getProperty("swipe.bench.frames", "target/chrome-honesty-frames"));
        java.nio.file.Files.createDirectories(dir);
        String name =
            (p.label + "-" + action + "-" + after.captureNanos())
                .replaceAll("[^A-Za-z0-9._-]", "_");
        java.nio.file.Files.write(dir.resolve(name + "-after.jpg"), after.jpeg());
        java.nio.file.Files.write(dir.resolve(name + "-rest.jpg"), again.jpeg());
        System.err.println(
            "  frames of the wrong claim: " + dir.resolve(name) + "-{after,rest}.jpg");
      } catch (java.io.IOException e) {
        System.err.println("  could not keep the frames: " + e);
      }
    }

    /**
     * Judges the after frame of an action that just returned: {@code settled} (the page's value
     * must not change after the return, the page must not call itself busy, and the after frame
     * must equal a screenshot at rest) and {@code fresh_after_frame}. Returns the truth at rest.
     */
    JsonNode judge(String action, Observation after, long gestureNanos, String more) {
      JsonNode now = p.truth();
      JsonNode rest = rest();
      Observation again = p.phone.screenshot();
      double ratio = p.phone.screen().diff(after, again, null).diffRatio();
      boolean same = Arrays.equals(after.jpeg(), again.jpeg()) || ratio < 0.002;
      double tail = kind.moved(now, rest, width);
      // As in HonestyBench: content moving by under half a pixel after the return, on a frame
      // equal to the rest frame, is at rest as far as any screenshot can tell. The page's own busy
      // flag (Leaflet's moving, Swiper's animating) at the return is reported, not judged: an
      // ease-out's last frames move the content by hundredths of a pixel while the flag stays up.
      boolean settledTruth = tail < SUBPIXEL && same;
      String d =
          where(action)
              + (more == null ? "" : " " + more)
              + String.format(
                  Locale.ROOT,
                  " [busy_at_return=%s at_return %s, at_rest %s, moved_after_return=%.2fpx"
                      + " frame_equals_rest=%s rest_diff=%.4f]",
                  kind.busy(now),
                  kind.show(now),
                  kind.show(rest),
                  tail,
                  same,
                  ratio);
      c.bool("settled", after.settled(), settledTruth, false, d);
      if (after.settled() && !settledTruth) {
        keepFrames(action, after, again);
      }
      long frameTime = after.captureNanos() - p.latencyNanos;
      boolean fresh = frameTime >= startNanos + gestureNanos;
      c.bool(
          "fresh_after_frame",
          true,
          fresh,
          null,
          d
              + " frame_time-start="
              + (frameTime - startNanos) / 1_000_000
              + "ms gesture="
              + gestureNanos / 1_000_000
              + "ms");
      return rest;
    }

    /**
     * A scroll and its movement verdict against the content's displacement at rest; null when the
     * scroll failed with a coded error (judged too).
     */
    @Nullable ScrollResult scroll(String action, Scroll s) {
      begin();
      ScrollResult r;
      try {
        r = p.phone.scroll(s);
      } catch (SwipeException e) {
        JsonNode rest = rest();
        boolean moved = kind.moved(before(), rest, width) >= 1;
        c.add(
            "movement",
            e.code().id(),
            moved ? "moved" : "not moved",
            moved ? "wrong" : "agree",
            where(action));
        return null;
      }
      JsonNode rest =
          judge(
              action,
              r.observation(),
              r.action().timeline().plannedDurationNanos(),
              "movement=" + r.movement().id());
      double moved = kind.moved(before(), rest, width);
      String claim = r.movement().id();
      boolean truth = moved >= 1;
      String v =
          claim.equals("unobserved")
              ? "cautious"
              : claim.equals("moved") == truth ? "agree" : "wrong";
      c.add(
          "movement",
          claim,
          truth ? "moved" : "not moved",
          v,
          where(action)
              + String.format(
                  Locale.ROOT,
                  " settled=%s diff_ratio=%.4f axis=%s before %s rest %s moved=%.1fpx",
                  r.observation().settled(),
                  r.diff().diffRatio(),
                  r.diff().primaryAxis(),
                  kind.show(before()),
                  kind.show(rest),
                  moved));
      return r;
    }
  }

  static String scrollLabel(String what, ScrollDirection d, double amount, int ms) {
    return String.format(Locale.ROOT, "%s %s %.2f/%dms", what, d.id(), amount, ms);
  }

  // ------------------------------------------------------------------------------------ lists

  static void listsSession(PageServer server, long seed, Claims c, List<Search> searches) {
    Random rnd = new Random(seed * 7919L + 35);
    String device = device(rnd);
    try (Page p = new Page(server, "pages/long-list.html", device, true)) {
      listPage(p, rnd, c, searches, true);
    }
    try (Page p = new Page(server, "pages/virtual-list.html", device(rnd), true)) {
      listPage(p, rnd, c, searches, false);
    }
  }

  static Scroll randomScroll(Random rnd, ScrollDirection d) {
    double amount = 0.2 + 0.6 * rnd.nextDouble();
    int ms = 200 + rnd.nextInt(800);
    return Scroll.builder(d).amount(Math.round(amount * 100) / 100.0).durationMs(ms).build();
  }

  static void listPage(Page p, Random rnd, Claims c, List<Search> searches, boolean contacts) {
    Ctx x = new Ctx(p, LIST, c);
    // the top edge first: nothing above
    Scroll up0 = randomScroll(rnd, ScrollDirection.UP);
    x.scroll(scrollLabel("scroll at top", up0.direction(), up0.amount(), up0.durationMs()), up0);
    int downs = 2 + rnd.nextInt(3);
    for (int i = 0; i < downs; i++) {
      Scroll s = randomScroll(rnd, ScrollDirection.DOWN);
      x.scroll(scrollLabel("scroll mid", s.direction(), s.amount(), s.durationMs()), s);
    }
    Scroll back = randomScroll(rnd, ScrollDirection.UP);
    x.scroll(scrollLabel("scroll mid", back.direction(), back.amount(), back.durationMs()), back);

    List<String> all = contacts ? contactNames(p) : List.of();
    // a text search down, then one back up
    for (ScrollDirection d : new ScrollDirection[] {ScrollDirection.DOWN, ScrollDirection.UP}) {
      JsonNode t = x.rest();
      List<String> vis = names(t.path("visible"));
      if (vis.isEmpty()) {
        continue;
      }
      int first = contacts ? all.indexOf(vis.get(0)) : itemIndex(vis.get(0));
      int last =
          contacts ? all.indexOf(vis.get(vis.size() - 1)) : itemIndex(vis.get(vis.size() - 1));
      int target;
      if (d == ScrollDirection.DOWN) {
        int max = contacts ? all.size() - 1 : Math.min(4999, last + 400);
        if (last + 2 > max) {
          continue;
        }
        target = last + 2 + rnd.nextInt(max - last - 1);
      } else {
        int min = contacts ? 0 : Math.max(0, first - 300);
        if (first - 2 < min) {
          continue;
        }
        target = min + rnd.nextInt(first - 1 - min);
      }
      String name = contacts ? all.get(target) : "Item " + (target + 1);
      search(x, d, name, target, searches);
    }
    if (contacts) {
      // the bottom edge: flings down (the benchmark's, not judged) until the page says it is at
      // its end, then a scroll down must not claim a move
      for (int i = 0; i < 30; i++) {
        JsonNode t = x.rest();
        if (t.path("scrollMax").asDouble() - t.path("scrollTop").asDouble() < 0.5) {
          break;
        }
        p.phone.swipe(
            Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 250))
                .durationMs(100)
                .steps(8)
                .holdAfterMs(0)
                .build());
      }
      Scroll s = randomScroll(rnd, ScrollDirection.DOWN);
      x.scroll(scrollLabel("scroll at bottom", s.direction(), s.amount(), s.durationMs()), s);
    }
  }

  static List<String> contactNames(Page p) {
    return names(
        PageTruth.evaluate(
            p.chrome,
            "Array.from(document.querySelectorAll('#scroller .row')).map(r => r.dataset.label)"));
  }

  static List<String> names(JsonNode arr) {
    List<String> out = new ArrayList<>();
    arr.forEach(n -> out.add(n.asText()));
    return out;
  }

  static int itemIndex(String label) {
    return Integer.parseInt(label.substring("Item ".length())) - 1;
  }

  /**
   * Searches per target: a search that runs out of its default passes or time (not of the list) is
   * run again from where it stopped, as a caller told {@code budgetExhausted()} would.
   */
  static final int MAX_SEARCHES = 3;

  static void search(Ctx x, ScrollDirection d, String name, int index, List<Search> searches) {
    Page p = x.p;
    x.begin();
    // the list pages, where searches run, are opened with a text reader
    TextSearchBench.CountingReader reader = Objects.requireNonNull(p.reader, "the page's reader");
    int reads0 = reader.reads.get();
    long r0 = System.nanoTime();
    ScrollUntilResult u;
    int passes = 0;
    int gestures = 0;
    int searchesRun = 0;
    try {
      // as a caller told the budget ran out (not the list) would: search on, up to three times
      do {
        u = p.phone.text().scrollUntil(Scroll.of(d), TextQuery.of(name));
        passes += u.passes();
        gestures += u.cost().gestures();
        searchesRun++;
      } while (!u.found() && u.budgetExhausted() && searchesRun < MAX_SEARCHES);
    } catch (SwipeException e) {
      x.c.add("scroll_until_found", e.code().id(), "-", "wrong", "");
      return;
    }
    long realMs = (System.nanoTime() - r0) / 1_000_000L;
    JsonNode atReturn = p.truth();
    JsonNode atRest = x.rest();
    double startTop = x.before().path("scrollTop").asDouble();
    boolean shown =
        names(atReturn.path("visible")).contains(name)
            && names(atRest.path("visible")).contains(name);
    String detail =
        x.where(
            "until '"
                + name
                + "' (row "
                + index
                + ", "
                + d.id()
                + ") searches="
                + searchesRun
                + " passes="
                + passes
                + " stopped_by="
                + u.stoppedBy().id()
                + " settled="
                + u.observation().settled()
                + " visible_at_rest="
                + names(atRest.path("visible"))
                + " from scrollTop="
                + startTop
                + " to "
                + LIST.show(atRest)
                + " of "
                + atRest.path("scrollMax").asDouble());
    x.c.bool("scroll_until_found", u.found(), shown, false, detail);
    searches.add(
        new Search(
            p.label.substring(p.label.indexOf('=') + 1, p.label.indexOf('&')),
            name,
            d.id(),
            u.found(),
            shown,
            searchesRun,
            passes,
            gestures,
            reader.reads.get() - reads0,
            realMs,
            u.stoppedBy().id(),
            detail));
    if (!u.found() || !shown) {
      System.err.println("  [search] found=" + u.found() + " shown=" + shown + " :: " + detail);
    }
  }

  // -------------------------------------------------------------------------------- carousels

  static void carouselsSession(PageServer server, long seed, Claims c) {
    Random rnd = new Random(seed * 104729L + 35);
    try (Page p = new Page(server, "pages/swiper-carousel.html", device(rnd), false)) {
      // the album sits between the app bar and the details, about y 90..710
      carouselPage(p, rnd, c, NormRegion.of(0, 150, 1000, 500));
    }
    try (Page p = new Page(server, "pages/swiper-pastel.html", device(rnd), false)) {
      carouselPage(p, rnd, c, Scroll.DEFAULT_REGION);
    }
  }

  static void carouselPage(Page p, Random rnd, Claims c, NormRegion region) {
    Ctx x = new Ctx(p, CAROUSEL, c);
    SwipeStrategies st = new SwipeStrategies(p.phone, region);
    int count = x.rest().path("count").asInt();
    // at the first page: back towards page -1, both ways
    carouselSwitch(x, st, ScrollDirection.LEFT);
    carouselScroll(x, rnd, ScrollDirection.LEFT, region);
    // a walk to the last page and past it, then part of the way back
    int steps = 0;
    while (steps++ < 3 * count) {
      int index = x.rest().path("index").asInt();
      if (index == count - 1) {
        break;
      }
      ScrollDirection d = rnd.nextDouble() < 0.75 ? ScrollDirection.RIGHT : ScrollDirection.LEFT;
      if (rnd.nextBoolean()) {
        carouselSwitch(x, st, d);
      } else {
        carouselScroll(x, rnd, d, region);
      }
    }
    carouselSwitch(x, st, ScrollDirection.RIGHT);
    carouselScroll(x, rnd, ScrollDirection.RIGHT, region);
    for (int i = 0; i < 2; i++) {
      if (rnd.nextBoolean()) {
        carouselSwitch(x, st, ScrollDirection.LEFT);
      } else {
        carouselScroll(x, rnd, ScrollDirection.LEFT, region);
      }
    }
  }

  static void carouselSwitch(Ctx x, SwipeStrategies st, ScrollDirection d) {
    x.begin();
    int i0 = x.before().path("index").asInt();
    int count = x.before().path("count").asInt();
    String edge =
        (d == ScrollDirection.LEFT && i0 == 0) || (d == ScrollDirection.RIGHT && i0 == count - 1)
            ? " (at the end)"
            : "";
    Observation shot = x.p.phone.screenshot();
    x.startNanos = x.p.phone.rig().ticker().read();
    SwipeStrategies.Step s = st.carouselSwitch(d, shot);
    String action = "carousel_switch " + d.id() + edge;
    JsonNode rest =
        x.judge(
            action,
            s.observation(),
            s.action().timeline().plannedDurationNanos(),
            String.format(
                Locale.ROOT, "confirmed=%s diff_ratio=%.4f", s.confirmed(), s.diff().diffRatio()));
    int i1 = rest.path("index").asInt();
    x.c.bool(
        "carousel_switch",
        s.confirmed(),
        i1 != i0,
        false,
        x.where(action)
            + String.format(
                Locale.ROOT,
                " index %d->%d diff_ratio=%.4f axis=%s",
                i0,
                i1,
                s.diff().diffRatio(),
                s.diff().primaryAxis()));
  }

  static void carouselScroll(Ctx x, Random rnd, ScrollDirection d, NormRegion region) {
    double amount = Math.round((0.2 + 0.6 * rnd.nextDouble()) * 100) / 100.0;
    int ms = 200 + rnd.nextInt(600);
    int i0 = x.rest().path("index").asInt();
    int count = x.rest().path("count").asInt();
    String edge =
        (d == ScrollDirection.LEFT && i0 == 0) || (d == ScrollDirection.RIGHT && i0 == count - 1)
            ? " at the end"
            : "";
    x.scroll(
        scrollLabel("scroll" + edge, d, amount, ms),
        Scroll.builder(d).amount(amount).durationMs(ms).region(region).build());
  }

  // -------------------------------------------------------------------------------------- map

  static void mapSession(PageServer server, long seed, Claims c) {
    Random rnd = new Random(seed * 15485863L + 35);
    try (Page p = new Page(server, "pages/leaflet-map.html", device(rnd), false)) {
      Ctx x = new Ctx(p, MAP, c);
      NormRegion region = NormRegion.of(0, 150, 1000, 750);
      int actions = 8;
      for (int i = 0; i < actions; i++) {
        if (rnd.nextBoolean()) {
          // the seeds of the recorded runs: ScrollDirection's order is part of them
          @SuppressWarnings("EnumOrdinal")
          ScrollDirection d = ScrollDirection.values()[rnd.nextInt(4)];
          double amount = Math.round((0.1 + 0.7 * rnd.nextDouble()) * 100) / 100.0;
          int ms = 200 + rnd.nextInt(800);
          x.scroll(
              scrollLabel("map scroll", d, amount, ms),
              Scroll.builder(d).amount(amount).durationMs(ms).region(region).build());
        } else {
          mapDrag(x, rnd);
        }
      }
    }
  }

  static void mapDrag(Ctx x, Random rnd) {
    int points = 2 + rnd.nextInt(2);
    List<NormPoint> path = new ArrayList<>();
    for (int i = 0; i < points; i++) {
      path.add(NormPoint.of(150 + rnd.nextInt(700), 250 + rnd.nextInt(600)));
    }
    int ms = 150 + rnd.nextInt(900);
    int hold = rnd.nextBoolean() ? 0 : 100;
    Drag.Builder b = Drag.builder(path.get(0), path.get(1));
    for (int i = 2; i < path.size(); i++) {
      b.then(path.get(i));
    }
    Drag drag = b.durationMs(ms).steps(Math.max(8, ms / 16)).holdAfterMs(hold).build();
    String action =
        String.format(
            Locale.ROOT,
            "map drag %d points %dms hold %dms%s",
            points,
            ms,
            hold,
            path.stream().map(q -> "(" + (int) q.x() + "," + (int) q.y() + ")").toList());
    x.begin();
    Observation before = x.p.phone.screenshot();
    x.startNanos = x.p.phone.rig().ticker().read();
    ActionResult a = x.p.phone.perform(drag);
    JsonNode now = x.p.truth();
    DiffResult d = x.p.phone.screen().diff(before, a.observation(), null);
    JsonNode rest =
        x.judge(
            action,
            a.observation(),
            a.timeline().plannedDurationNanos(),
            String.format(Locale.ROOT, "changed=%s diff_ratio=%.4f", d.changed(), d.diffRatio()));
    double moved = MAP.moved(x.before(), now, x.width);
    x.c.bool(
        "changed",
        d.changed(),
        moved >= 1,
        null,
        x.where(action)
            + String.format(
                Locale.ROOT,
                " diff_ratio=%.4f axis=%s moved_by_return=%.1fpx moved_by_rest=%.1fpx",
                d.diffRatio(),
                d.primaryAxis(),
                moved,
                MAP.moved(x.before(), rest, x.width)));
  }

  /** Spreads of a session's pinches: Leaflet snaps a pinch to whole levels, each a doubling. */
  static final double[] PINCH_SCALES = {0.5, 0.6, 1.7, 2.0};

  /**
   * Pinches on the Leaflet map, each judged by the map's own zoom once it rests: the verdict's
   * direction (in, out, none; unobserved is cautious) and, when it names one, its scale within a
   * tenth of the levels the map moved (each doubles it).
   */
  static void pinchSession(PageServer server, long seed, Claims c) {
    Random rnd = new Random(seed * 15485863L + 38);
    try (Page p = new Page(server, "pages/leaflet-map.html", device(rnd), false)) {
      for (int i = 0; i < 6; i++) {
        double scale = PINCH_SCALES[rnd.nextInt(PINCH_SCALES.length)];
        NormPoint centre = NormPoint.of(350 + rnd.nextInt(300), 400 + rnd.nextInt(300));
        String action =
            String.format(
                Locale.ROOT, "pinch %.1fx at (%d,%d)", scale, (int) centre.x(), (int) centre.y());
        JsonNode before = p.awaitRest(MAP::key, MAP::busy);
        PinchResult r = p.phone.pinch(Pinch.zoom(centre, scale));
        JsonNode after = p.awaitRest(MAP::key, MAP::busy);
        int levels = after.path("zoom").asInt() - before.path("zoom").asInt();
        ZoomChange z = r.zoom();
        String truth = levels > 0 ? "in" : levels < 0 ? "out" : "none";
        String claimed = z.observed() ? z.direction().id() : "unobserved";
        String where = p.label + " " + action + " -> " + z;
        c.add(
            "zoom_direction",
            claimed,
            truth,
            !z.observed() ? "cautious" : claimed.equals(truth) ? "agree" : "wrong",
            where);
        if (z.observed() && levels != 0 && claimed.equals(truth)) {
          double expected = Math.pow(2, levels);
          boolean close = Math.abs(z.scale() - expected) <= 0.1 * expected;
          c.add(
              "zoom_scale",
              String.format(Locale.ROOT, "%.3f", z.scale()),
              String.format(Locale.ROOT, "%.3f", expected),
              close ? "agree" : "wrong",
              where);
        }
      }
    }
  }
}

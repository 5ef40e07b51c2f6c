package dev.swipe.bench.policy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.SwipeException;
import dev.swipe.chrome.ChromePhone;
import dev.swipe.chrome.PageServer;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.Device;
import dev.swipe.core.DeviceBuilder;
import dev.swipe.core.WheelSetResult;
import dev.swipe.wheel.WheelSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/**
 * Issue 35 item 3: {@code setWheel} on pickers drawn by widget libraries in Chromium ({@code
 * chrome:}), judged by each page's own truth: Ionic's picker and date wheels in both modes, and CSS
 * scroll-snap wheels that stop, loop, or hold words. Each session opens a page on a seeded phone
 * size, puts one column somewhere (through the page, never through the SDK), and asks for a seeded
 * target; a claim that the page does not hold is wrong.
 *
 * <pre>
 * java -cp ... dev.swipe.bench.policy.ChromeSetWheelBench --sessions=24 [--seed0=9000]
 *     [--family=all] [--trace=DIR]
 * </pre>
 */
public final class ChromeSetWheelBench {
  private static final List<String> FAMILIES =
      List.of(
          "ionic-picker-ios",
          "ionic-picker-md",
          "ionic-datetime-ios",
          "ionic-datetime-md",
          "snap-wheel-stop",
          "snap-wheel-loop",
          "snap-wheel-words");

  private static final List<String> DEVICES = List.of("iphone-15", "pixel-7", "390x844@3");

  private static final List<String> MONTHS =
      List.of(
          "January",
          "February",
          "March",
          "April",
          "May",
          "June",
          "July",
          "August",
          "September",
          "October",
          "November",
          "December");

  private static final List<String> CITIES =
      List.of(
          "Amsterdam",
          "Barcelona",
          "Berlin",
          "Copenhagen",
          "Dublin",
          "Lisbon",
          "London",
          "Madrid",
          "Oslo",
          "Paris",
          "Prague",
          "Vienna");

  private ChromeSetWheelBench() {}

  /** One session's outcome. */
  record Outcome(
      String family,
      boolean set,
      boolean wrong,
      @Nullable String error,
      int actions,
      int bound,
      double wallS,
      String detail) {}

  /** A session's plan: the page set-up script, the column, and the target. */
  record Plan(String setup, int column, String from, String target, int gap) {}

  public static void main(String[] args) throws Exception {
    int sessions = Integer.parseInt(Stats.opt(args, "sessions", "24"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "9000"));
    String only = Stats.opt(args, "family", "all");
    String traces = Stats.opt(args, "trace", "");
    Map<String, List<Outcome>> byFamily = new LinkedHashMap<>();
    long t0 = System.nanoTime();
    try (PageServer server = PageServer.widgets()) {
      for (String family : FAMILIES) {
        if (!only.equals("all") && !only.equals(family)) {
          continue;
        }
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < sessions; i++) {
          Outcome o =
              session(
                  server,
                  family,
                  seed0 + i,
                  traces.isEmpty()
                      ? null
                      : java.nio.file.Path.of(traces, family + "-" + (seed0 + i)));
          out.add(o);
          System.err.println(o);
        }
        byFamily.put(family, out);
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%n### setWheel on chrome:, %d sessions per picker (seeds %d..%d), %.0f s%n%n",
        sessions,
        seed0,
        seed0 + sessions - 1,
        (System.nanoTime() - t0) / 1e9);
    System.out.println(
        "| picker | sessions | set | wrong claims | refused (code) | median actions |"
            + " median ceil(gap/6)+1 | median s |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    for (Map.Entry<String, List<Outcome>> e : byFamily.entrySet()) {
      List<Outcome> out = e.getValue();
      long set = out.stream().filter(Outcome::set).count();
      long wrong = out.stream().filter(Outcome::wrong).count();
      Map<String, Integer> codes = new LinkedHashMap<>();
      for (Outcome o : out) {
        String error = o.error();
        if (error != null) {
          codes.merge(error, 1, Integer::sum);
        }
      }
      List<Integer> actions = out.stream().filter(Outcome::set).map(Outcome::actions).toList();
      List<Integer> bounds = out.stream().filter(Outcome::set).map(Outcome::bound).toList();
      List<Double> wall = out.stream().map(Outcome::wallS).toList();
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %s | %d | %s | %s | %s | %s |%n",
          e.getKey(),
          out.size(),
          Stats.pctText(set, out.size()),
          wrong,
          codes.isEmpty() ? "-" : codes.toString(),
          actions.isEmpty() ? "-" : Stats.f1(Stats.pct(actions, 50)),
          bounds.isEmpty() ? "-" : Stats.f1(Stats.pct(bounds, 50)),
          Stats.f1(Stats.pct(wall, 50)));
    }
  }

  /**
   * One seeded session; with {@code trace} non-null the device records its trace there (render it
   * with swipe-report) for a session worth looking into.
   */
  static Outcome session(
      PageServer server, String family, long seed, java.nio.file.@Nullable Path trace) {
    Random rnd = new Random(seed * 7919 + family.hashCode());
    String device = DEVICES.get(rnd.nextInt(DEVICES.size()));
    Plan plan = plan(family, rnd);
    long t0 = System.nanoTime();
    String uri = "chrome:?device=" + device + "&url=" + server.url("pages/" + family + ".html");
    try (ChromePhone page = ChromePhone.open(uri);
        Device phone = open(page, trace)) {
      awaitReady(page);
      if (!plan.setup().isEmpty()) {
        PageTruth.evaluate(page, plan.setup());
        awaitReady(page);
      }
      phone.screen().waitForStable(Duration.ofSeconds(10));
      String from = truthLabel(page, plan.column());
      try {
        WheelSetResult r = phone.wheels().set(WheelSet.column(plan.column()).to(plan.target()));
        awaitReady(page);
        String held = truthLabel(page, plan.column());
        boolean wrong = !r.label().equalsIgnoreCase(held);
        boolean set = held.equalsIgnoreCase(plan.target()) && !wrong;
        return new Outcome(
            family,
            set,
            wrong,
            null,
            r.actions(),
            (int) Math.ceil(plan.gap() / 6.0) + 1,
            (System.nanoTime() - t0) / 1e9,
            device + " " + from + "->" + plan.target() + " claimed " + r.label() + " held " + held);
      } catch (SwipeException e) {
        String held = truthLabel(page, plan.column());
        return new Outcome(
            family,
            false,
            false,
            e.code().id(),
            0,
            0,
            (System.nanoTime() - t0) / 1e9,
            device + " " + from + "->" + plan.target() + " held " + held + ": " + e.getMessage());
      }
    } catch (RuntimeException | InterruptedException e) {
      return new Outcome(
          family,
          false,
          false,
          "session_error",
          0,
          0,
          (System.nanoTime() - t0) / 1e9,
          e.toString());
    }
  }

  private static Device open(ChromePhone page, java.nio.file.@Nullable Path trace) {
    DeviceBuilder b = Device.builder().hid(page.transport()).capture(page.frameSource());
    return trace == null ? b.open() : b.trace(trace).open();
  }

  /** Where the column starts and what it is set to: both drawn from the seed. */
  static Plan plan(String family, Random rnd) {
    switch (family) {
      case "ionic-picker-ios", "ionic-picker-md" -> {
        int column = rnd.nextInt(3);
        if (column == 0) {
          int a = 1 + rnd.nextInt(12);
          int b = other(rnd, a, 1, 12);
          return new Plan(ionic("hour", String.valueOf(a)), 0, "" + a, "" + b, Math.abs(a - b));
        } else if (column == 1) {
          int a = rnd.nextInt(60);
          int b = other(rnd, a, 0, 59);
          return new Plan(ionic("minute", String.valueOf(a)), 1, pad(a), pad(b), Math.abs(a - b));
        }
        boolean am = rnd.nextBoolean();
        return new Plan(
            ionic("ampm", am ? "'am'" : "'pm'"), 2, am ? "AM" : "PM", am ? "PM" : "AM", 1);
      }
      case "ionic-datetime-ios", "ionic-datetime-md" -> {
        int year = 1950 + rnd.nextInt(60);
        int month = rnd.nextInt(12);
        int day = 1 + rnd.nextInt(28);
        String setup =
            String.format(
                Locale.ROOT,
                "document.querySelector('ion-datetime').value = '%04d-%02d-%02d'",
                year,
                month + 1,
                day);
        int column = rnd.nextInt(3);
        if (column == 0) {
          int b = other(rnd, month, 0, 11);
          return new Plan(setup, 0, MONTHS.get(month), MONTHS.get(b), Math.abs(month - b));
        } else if (column == 1) {
          int b = other(rnd, day, 1, 28);
          return new Plan(setup, 1, "" + day, "" + b, Math.abs(day - b));
        }
        int b = other(rnd, year, Math.max(1940, year - 25), Math.min(2030, year + 25));
        return new Plan(setup, 2, "" + year, "" + b, Math.abs(year - b));
      }
      case "snap-wheel-stop" -> {
        int a = rnd.nextInt(60);
        int b = other(rnd, a, 0, 59);
        return new Plan("window.swipeJump(0, " + a + ")", 0, "" + a, "" + b, Math.abs(a - b));
      }
      case "snap-wheel-loop" -> {
        int a = rnd.nextInt(60);
        int b = other(rnd, a, 0, 59);
        int gap = Math.min(Math.abs(a - b), 60 - Math.abs(a - b));
        return new Plan("window.swipeJump(0, " + a + ")", 0, pad(a), pad(b), gap);
      }
      case "snap-wheel-words" -> {
        if (rnd.nextBoolean()) {
          int a = rnd.nextInt(CITIES.size());
          int b = other(rnd, a, 0, CITIES.size() - 1);
          return new Plan(
              "window.swipeJump(0, " + a + ")", 0, CITIES.get(a), CITIES.get(b), Math.abs(a - b));
        }
        int a = 1 + rnd.nextInt(30);
        int b = other(rnd, a, 1, 30);
        return new Plan("window.swipeJump(1, " + (a - 1) + ")", 1, "" + a, "" + b, Math.abs(a - b));
      }
      default -> throw new IllegalArgumentException(family);
    }
  }

  private static String ionic(String column, String value) {
    return "document.querySelector('ion-picker-column[data-name=\""
        + column
        + "\"]').value = "
        + value;
  }

  private static int other(Random rnd, int a, int lo, int hi) {
    int b;
    do {
      b = lo + rnd.nextInt(hi - lo + 1);
    } while (b == a);
    return b;
  }

  private static String pad(int v) {
    return (v < 10 ? "0" : "") + v;
  }

  private static void awaitReady(ChromePhone page) throws InterruptedException {
    for (int i = 0; i < 100; i++) {
      JsonNode t = PageTruth.evaluate(page, "window.swipeTruth()");
      boolean ready = t.path("ready").asBoolean(true);
      for (JsonNode c : t.path("columns")) {
        ready &= c.path("settled").asBoolean(true);
      }
      if (ready) {
        return;
      }
      Thread.sleep(100);
    }
  }

  private static String truthLabel(ChromePhone page, int column) {
    return PageTruth.evaluate(page, "window.swipeTruth()")
        .path("columns")
        .get(column)
        .path("label")
        .asText();
  }
}

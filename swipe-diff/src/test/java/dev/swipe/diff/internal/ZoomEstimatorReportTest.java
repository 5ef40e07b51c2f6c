package dev.swipe.diff.internal;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ZoomChange;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Measures the zoom estimate over a seeded batch of synthetic pinches on phone-size frames and
 * prints the share within 10%, the wrong directions, the unobserved answers and the median time;
 * then the claims over unrelated pairs (alone and along pinches) and scrolls, and zoom-ins on a
 * sparse street map. Asserts nothing: run with {@code -Dswipe.zoom.report=true}, or its main.
 */
class ZoomEstimatorReportTest {

  @Test
  @EnabledIfSystemProperty(named = "swipe.zoom.report", matches = "true")
  void report() {
    run(200, 1080, 2400, 20261205L, System.out, -2);
    negatives(100, 1080, 2400, 20261205L, System.out);
    sparse(40, 1080, 2400, 20261209L, System.out);
  }

  /** Zoom-ins of 1.4-1.8x on a sparse street map: flat blocks leave few corners to match. */
  static void sparse(int n, int w, int h, long seed, PrintStream out) {
    Random r = new Random(seed);
    int within = 0;
    int wrong = 0;
    int unobserved = 0;
    for (int i = 0; i < n; i++) {
      long caseSeed = r.nextLong();
      ZoomScreens.Pinch p = ZoomScreens.randomPinch(r, w, h, 1.4, 1.8, true);
      ZoomScreens.Frames f =
          ZoomScreens.pinch(ZoomScreens.Kind.STREETS, caseSeed, w, h, p, 0.8f, r.nextBoolean());
      ZoomChange z = ZoomEstimator.estimate(f.before(), f.after());
      within += ZoomScreens.within(z, p.scale(), 0.10) ? 1 : 0;
      wrong += ZoomScreens.wrongDirection(z, p.scale()) ? 1 : 0;
      unobserved += z.observed() ? 0 : 1;
    }
    out.printf(
        "sparse street map, %d zoom-ins of 1.4-1.8x: within 10%% %d, wrong directions %d,"
            + " unobserved %d%n",
        n, within, wrong, unobserved);
  }

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
    int w = args.length > 1 ? Integer.parseInt(args[1]) : 1080;
    int h = args.length > 2 ? Integer.parseInt(args[2]) : 2400;
    long seed = args.length > 3 ? Long.parseLong(args[3]) : 20261205L;
    if (args.length > 5) {
      negatives(n, w, h, seed, System.out);
      return;
    }
    int only = args.length > 4 ? Integer.parseInt(args[4]) : -2;
    run(n, w, h, seed, System.out, only);
  }

  /**
   * Counts claims over unrelated pairs (nine in ten of one kind, so of one pattern) and scrolls:
   * each observed unrelated pair is a false claim, each read as a zoom the worst kind.
   */
  static void negatives(int n, int w, int h, long seed, PrintStream out) {
    Random r = new Random(seed);
    int unrelatedObserved = 0;
    int scrollZooms = 0;
    int scrollUnobserved = 0;
    ZoomScreens.Kind[] kinds = ZoomScreens.Kind.values();
    java.util.Map<String, int[]> byPair = new java.util.TreeMap<>();
    for (int i = 0; i < n; i++) {
      ZoomScreens.Kind k1 = kinds[i % kinds.length];
      ZoomScreens.Kind k2 = i >= n - n / 10 ? kinds[r.nextInt(kinds.length)] : k1;
      long s1 = r.nextLong();
      long s2 = ZoomEstimatorPropertiesTest.unrelatedSeed(k1, s1, k2, r.nextLong());
      GreyRaster a =
          ZoomScreens.decode(
              ZoomScreens.render(k1, s1, ZoomScreens.worldView(s1, w), w, h, true), 0.8f);
      GreyRaster b =
          ZoomScreens.decode(
              ZoomScreens.render(k2, s2, ZoomScreens.worldView(s2, w), w, h, true), 0.8f);
      ZoomChange u = ZoomEstimator.estimate(a, b);
      // pairs, observed, read as zooms; pinches tried, read as zooms along them
      int[] tally = byPair.computeIfAbsent(k1 == k2 ? k1.name() : "mixed", k -> new int[5]);
      // the same pair as the frames of a pinch asking 1.7x or 0.6x about nine centroids: the
      // fit must then also keep a point under the fingers, which an alias rarely does
      for (int cx = 300; cx <= 700; cx += 200) {
        for (int cy = 300; cy <= 700; cy += 200) {
          for (double asked : new double[] {1.7, 0.6}) {
            ZoomChange along = ZoomEstimator.estimate(a, b, cx, cy, cx, cy, asked);
            tally[3]++;
            if (along.direction() != ZoomChange.Direction.NONE) {
              tally[4]++;
              out.printf(
                  "unrelated %s %d vs %s %d along %.1fx at (%d,%d) -> %s%n",
                  k1, s1, k2, s2, asked, cx, cy, along);
            }
          }
        }
      }
      tally[0]++;
      if (u.observed()) {
        unrelatedObserved++;
        tally[1]++;
        tally[2] += u.direction() != ZoomChange.Direction.NONE ? 1 : 0;
        out.printf("unrelated %s %d vs %s %d -> %s%n", k1, s1, k2, s2, u);
      }
      boolean vertical = r.nextBoolean();
      double d = (r.nextBoolean() ? 1 : -1) * (20 + r.nextInt(vertical ? h * 6 / 10 : w * 6 / 10));
      ZoomScreens.Pinch scroll =
          new ZoomScreens.Pinch(1.0, 0, w / 2.0, h / 2.0, vertical ? 0 : d, vertical ? d : 0);
      ZoomScreens.Frames f = ZoomScreens.pinch(k1, s1, w, h, scroll, 0.8f, r.nextBoolean());
      ZoomChange z = ZoomEstimator.estimate(f.before(), f.after());
      if (z.direction() != ZoomChange.Direction.NONE) {
        scrollZooms++;
        out.printf("scroll %s %d by %.0f -> %s%n", k1, s1, d, z);
      }
      scrollUnobserved += z.observed() ? 0 : 1;
    }
    byPair.forEach(
        (k, t) ->
            out.printf(
                "unrelated %s pairs %d: observed %d, read as zooms %d; along %d pinches, read as"
                    + " zooms %d%n",
                k, t[0], t[1], t[2], t[3], t[4]));
    out.printf(
        "negatives over %d: unrelated pairs observed %d, scrolls read as zooms %d, scrolls"
            + " unobserved %d%n",
        n, unrelatedObserved, scrollZooms, scrollUnobserved);
  }

  /** Runs the batch; {@code only} >= 0 runs just that case, -1 prints every case. */
  static void run(int n, int w, int h, long seed, PrintStream out, int only) {
    boolean verbose = only != -2;
    Random r = new Random(seed);
    int within = 0;
    int wrong = 0;
    int unobserved = 0;
    long[] nanos = new long[n];
    ZoomScreens.Kind[] kinds = ZoomScreens.Kind.FIRST;
    for (int i = 0; i < n; i++) {
      ZoomScreens.Kind kind = kinds[i % kinds.length];
      long caseSeed = r.nextLong();
      ZoomScreens.Pinch p = ZoomScreens.randomPinch(r, w, h, 0.3, 3.5, true);
      boolean bar = r.nextBoolean();
      float q = 0.75f + 0.15f * r.nextFloat();
      if (only >= 0 && i != only) {
        continue;
      }
      ZoomScreens.Frames f = ZoomScreens.pinch(kind, caseSeed, w, h, p, q, bar);
      ZoomEstimator.estimate(f.before(), f.after()); // warm
      long t0 = System.nanoTime();
      ZoomChange z = ZoomEstimator.estimate(f.before(), f.after());
      nanos[i] = System.nanoTime() - t0;
      boolean ok = ZoomScreens.within(z, p.scale(), 0.10);
      boolean bad = ZoomScreens.wrongDirection(z, p.scale());
      within += ok ? 1 : 0;
      wrong += bad ? 1 : 0;
      unobserved += z.observed() ? 0 : 1;
      if (verbose || !ok || bad) {
        out.printf(
            "%3d %-5s %s scale %.3f turn %5.1f pan (%.0f,%.0f) q %.2f bar %s -> %s%n",
            i,
            kind,
            ok ? "ok  " : (bad ? "WRONG" : "miss"),
            p.scale(),
            p.turnDegrees(),
            p.panX(),
            p.panY(),
            q,
            bar,
            z);
      }
    }
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    out.printf(
        "zoom estimate over %d pinches (%dx%d, 0.3-3.5x): within 10%% %d (%.1f%%), wrong directions"
            + " %d, unobserved %d, median %.1f ms, p90 %.1f ms%n",
        n,
        w,
        h,
        within,
        100.0 * within / n,
        wrong,
        unobserved,
        sorted[n / 2] / 1e6,
        sorted[(int) (n * 0.9)] / 1e6);
  }
}

package dev.swipe.bench.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Small helpers shared by the policy benchmarks: percentiles, formatting, a seeded parallel map.
 */
final class Stats {
  private Stats() {}

  /** Nearest-rank percentile (p in [0, 100]) of a list of numbers; NaN when empty. */
  static double pct(List<? extends Number> values, double p) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> s = new ArrayList<>();
    for (Number n : values) {
      s.add(n.doubleValue());
    }
    Collections.sort(s);
    int rank = (int) Math.ceil(p / 100.0 * s.size());
    return s.get(Math.max(0, Math.min(s.size() - 1, rank - 1)));
  }

  static double max(List<? extends Number> values) {
    return pct(values, 100);
  }

  static String f1(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }

  static String f2(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }

  static String pctText(long num, long den) {
    return den == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * num / den);
  }

  static String pctText2(long num, long den) {
    return den == 0 ? "-" : String.format(Locale.ROOT, "%.2f%%", 100.0 * num / den);
  }

  /**
   * Wall-clock deadline (System.nanoTime) after which no new task starts; set from --deadline-min.
   */
  static volatile long deadlineNanos = Long.MAX_VALUE;

  /** Tasks that started (the rest were skipped by the deadline). */
  static final java.util.concurrent.atomic.AtomicInteger started =
      new java.util.concurrent.atomic.AtomicInteger();

  static void deadlineFrom(String[] args) {
    String m = opt(args, "deadline-min", "");
    if (!m.isEmpty()) {
      deadlineNanos = System.nanoTime() + (long) (Double.parseDouble(m) * 60e9);
    }
  }

  /**
   * Runs {@code task} for 0..n-1 on {@code threads} threads; results in index order, null for tasks
   * the deadline skipped (tasks start in index order, so the ones run are a prefix).
   */
  static <T> List<T> parallel(int n, int threads, IntFunction<T> task) {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int idx = i;
        futures.add(
            pool.submit(
                () -> {
                  if (System.nanoTime() > deadlineNanos) {
                    return null;
                  }
                  started.incrementAndGet();
                  T r = task.apply(idx);
                  System.err.println("done " + idx);
                  return r;
                }));
      }
      List<T> out = new ArrayList<>();
      for (Future<T> f : futures) {
        try {
          out.add(f.get());
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Reads {@code --key=value} style options. */
  static String opt(String[] args, String key, String def) {
    for (String a : args) {
      if (a.startsWith("--" + key + "=")) {
        return a.substring(key.length() + 3);
      }
    }
    return def;
  }
}

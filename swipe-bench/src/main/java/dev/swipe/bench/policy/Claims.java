package dev.swipe.bench.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/** Claims the SDK made, each beside the oracle's truth: confusion tables and the disagreements. */
final class Claims {
  /** One claim. {@code verdict}: agree, cautious (a disagreement on the safe side) or wrong. */
  record Claim(String claim, String claimed, String truth, String verdict, String detail) {}

  final List<Claim> all = new ArrayList<>();

  synchronized void add(Claim c) {
    all.add(c);
  }

  synchronized void addAll(Claims o) {
    all.addAll(o.all);
  }

  void bool(
      String claim,
      boolean claimed,
      boolean truth,
      @Nullable Boolean cautiousWhenClaimed,
      String detail) {
    String v;
    if (claimed == truth) {
      v = "agree";
    } else if (cautiousWhenClaimed != null && claimed == cautiousWhenClaimed) {
      v = "cautious";
    } else {
      v = "wrong";
    }
    add(new Claim(claim, String.valueOf(claimed), String.valueOf(truth), v, detail));
  }

  void add(String claim, String claimed, String truth, String verdict, String detail) {
    add(new Claim(claim, claimed, truth, verdict, detail));
  }

  /**
   * scene, profile flags and action of a claim's detail, with digits folded, plus the rest-frame
   * flag.
   */
  static String where(String detail) {
    String uri = detail.split(" ", 2)[0];
    StringBuilder w = new StringBuilder();
    for (String kv : uri.substring(uri.indexOf('?') + 1).split("&", -1)) { // "" matches none
      if (kv.startsWith("scene=")
          || kv.startsWith("platform=flutter")
          || kv.startsWith("pointer=")
          || kv.startsWith("noise=")
          || kv.startsWith("latency_ms=")) {
        w.append(kv.replaceAll("[0-9]+", "#")).append(' ');
      }
    }
    String rest = detail.contains(" ") ? detail.split(" ", 2)[1] : "";
    int cut = rest.length();
    for (String stop :
        new String[] {" [", " movement=", " settled=", " diff_ratio", " until", " passes"}) {
      int i = rest.indexOf(stop);
      if (i >= 0 && i < cut) {
        cut = i;
      }
    }
    String action =
        rest.substring(0, cut)
            .replaceAll("[0-9]+", "#")
            .replaceAll("(hour|minute|month) #->#", "$1");
    String flag =
        detail.contains("frame_equals_rest=true")
            ? " (frame = rest frame)"
            : detail.contains("frame_equals_rest=false") ? " (frame != rest frame)" : "";
    return w.toString().strip() + ": " + action.strip() + flag;
  }

  void print(int maxListed) {
    Map<String, List<Claim>> byClaim = new TreeMap<>();
    for (Claim c : all) {
      byClaim.computeIfAbsent(c.claim(), k -> new ArrayList<>()).add(c);
    }
    System.out.println("| claim | claims | agree | cautious | wrong | agreement |");
    System.out.println("|---|---:|---:|---:|---:|---:|");
    long n = 0, a = 0, ca = 0, w = 0;
    for (Map.Entry<String, List<Claim>> e : byClaim.entrySet()) {
      long na = 0, nc = 0, nw = 0;
      for (Claim c : e.getValue()) {
        switch (c.verdict()) {
          case "agree" -> na++;
          case "cautious" -> nc++;
          default -> nw++;
        }
      }
      n += e.getValue().size();
      a += na;
      ca += nc;
      w += nw;
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %d | %d | %d | %s |%n",
          e.getKey(),
          e.getValue().size(),
          na,
          nc,
          nw,
          Stats.pctText2(na, e.getValue().size()));
    }
    System.out.printf(
        Locale.ROOT, "| **all** | %d | %d | %d | %d | %s |%n", n, a, ca, w, Stats.pctText2(a, n));
    for (Map.Entry<String, List<Claim>> e : byClaim.entrySet()) {
      System.out.println();
      System.out.println("Confusion `" + e.getKey() + "` (rows: claimed, columns: truth):");
      System.out.println();
      Map<String, Map<String, Integer>> m = new TreeMap<>();
      java.util.TreeSet<String> truths = new java.util.TreeSet<>();
      for (Claim c : e.getValue()) {
        m.computeIfAbsent(c.claimed(), k -> new TreeMap<>()).merge(c.truth(), 1, Integer::sum);
        truths.add(c.truth());
      }
      StringBuilder h = new StringBuilder("| claimed \\ truth |");
      StringBuilder s = new StringBuilder("|---|");
      for (String t : truths) {
        h.append(' ').append(t).append(" |");
        s.append("---:|");
      }
      System.out.println(h);
      System.out.println(s);
      for (Map.Entry<String, Map<String, Integer>> r : m.entrySet()) {
        StringBuilder row = new StringBuilder("| " + r.getKey() + " |");
        for (String t : truths) {
          row.append(' ').append(r.getValue().getOrDefault(t, 0)).append(" |");
        }
        System.out.println(row);
      }
    }
    System.out.println();
    System.out.println("Disagreements grouped by claim, kind, scene and action (digits as #):");
    System.out.println();
    System.out.println("| claim | kind | claimed -> truth | where | count |");
    System.out.println("|---|---|---|---|---:|");
    Map<String, Integer> groups = new TreeMap<>();
    for (Claim c : all) {
      if (!c.verdict().equals("agree")) {
        groups.merge(
            c.claim()
                + " | "
                + c.verdict()
                + " | "
                + c.claimed()
                + " -> "
                + c.truth()
                + " | "
                + where(c.detail()),
            1,
            Integer::sum);
      }
    }
    for (Map.Entry<String, Integer> g : groups.entrySet()) {
      System.out.println("| " + g.getKey() + " | " + g.getValue() + " |");
    }
    System.out.println();
    System.out.println(
        "Disagreements (wrong first, then cautious; at most "
            + maxListed
            + " per claim and kind):");
    for (String kind : new String[] {"wrong", "cautious"}) {
      for (Map.Entry<String, List<Claim>> e : byClaim.entrySet()) {
        int shown = 0;
        int total = 0;
        for (Claim c : e.getValue()) {
          if (c.verdict().equals(kind)) {
            total++;
            if (shown++ < maxListed) {
              System.out.printf(
                  Locale.ROOT,
                  "  [%s] %s claimed=%s truth=%s :: %s%n",
                  kind,
                  c.claim(),
                  c.claimed(),
                  c.truth(),
                  c.detail());
            }
          }
        }
        if (total > maxListed) {
          System.out.printf(
              Locale.ROOT, "  [%s] %s ... %d more%n", kind, e.getKey(), total - maxListed);
        }
      }
    }
  }
}

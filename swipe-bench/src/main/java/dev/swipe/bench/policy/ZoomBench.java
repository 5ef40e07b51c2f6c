package dev.swipe.bench.policy;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.PinchResult;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.diff.ZoomChange;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/**
 * Issue 38's zoom goal: pinch verdicts judged from the pixels ({@link Device#pinch}, {@code
 * Screen.zoom}) against the simulator's true zoom, on seeded map (or photo viewer) sessions:
 * pinches in and out about random centres (some into the zoom limits, where the map stops or
 * springs back), two-finger pans and turns (the size kept), and one-finger pans judged with {@code
 * Screen.zoom}. A verdict is wrong when it is observed and names another direction than the truth
 * (in above 5% growth, out below 5% shrinkage, else none); unobserved is cautious. The factor is
 * judged on the pinches whose truth is in or out, the turn on the observed verdicts whose map
 * turned ({@code SimState.mapBearingDeg} before and after).
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.ZoomBench --platform=android --sessions=200 [--scene=photo]
 * </pre>
 */
public final class ZoomBench {
  private ZoomBench() {}

  /** One verdict beside the truth. */
  record Verdict(
      String kind,
      double truthScale,
      double truthTurnDeg,
      ZoomChange zoom,
      boolean settled,
      long seed,
      int gesture) {
    String truth() {
      return truthScale >= BAND ? "in" : truthScale <= 1 / BAND ? "out" : "none";
    }

    String claimed() {
      return zoom.observed() ? zoom.direction().id() : "unobserved";
    }

    boolean wrong() {
      return zoom.observed() && !claimed().equals(truth());
    }

    boolean within10() {
      return zoom.observed() && Math.abs(zoom.scale() / truthScale - 1) <= 0.10;
    }

    /** The map turned (at least a degree). */
    boolean turned() {
      return Math.abs(truthTurnDeg) >= 1;
    }

    /** The turn read within 5 degrees of the truth. */
    boolean turnWithin5() {
      return zoom.observed() && Math.abs(zoom.rotationDegrees() - truthTurnDeg) <= 5;
    }
  }

  /** A change of size under 5% either way is none, as the estimator's own band has it. */
  static final double BAND = 1.05;

  static final Duration REST = Duration.ofSeconds(10);

  public static void main(String[] args) {
    String platform = Stats.opt(args, "platform", "android");
    String scene = Stats.opt(args, "scene", "map");
    int sessions = Integer.parseInt(Stats.opt(args, "sessions", "200"));
    int gestures = Integer.parseInt(Stats.opt(args, "gestures", "3"));
    int threads = Integer.parseInt(Stats.opt(args, "threads", "1"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "38000"));
    String dumpTo = Stats.opt(args, "dump", "");
    dump = dumpTo.isEmpty() ? null : java.nio.file.Path.of(dumpTo);
    long started = System.nanoTime();
    List<Verdict> all = new ArrayList<>();
    for (List<Verdict> l :
        Stats.parallel(sessions, threads, i -> runSession(scene, platform, seed0 + i, gestures))) {
      if (l != null) {
        all.addAll(l);
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%n### %s %s: %d sessions (seeds %d..%d), %d gestures each, %.0f s real%n%n",
        platform,
        scene,
        sessions,
        seed0,
        seed0 + sessions - 1,
        gestures,
        (System.nanoTime() - started) / 1e9);
    System.out.println(
        "| gesture | n | truth in / out / none | agree | unobserved | wrong | scale within a tenth"
            + " of the truth (of in/out) | turn within 5 degrees (of observed turns) |");
    System.out.println("|---|---:|---|---:|---:|---:|---|---|");
    List<String> kinds = new ArrayList<>();
    all.forEach(
        v -> {
          if (!kinds.contains(v.kind())) {
            kinds.add(v.kind());
          }
        });
    kinds.add("all");
    for (String kind : kinds) {
      List<Verdict> vs =
          all.stream().filter(v -> kind.equals("all") || v.kind().equals(kind)).toList();
      long in = vs.stream().filter(v -> v.truth().equals("in")).count();
      long out = vs.stream().filter(v -> v.truth().equals("out")).count();
      long none = vs.size() - in - out;
      long agree = vs.stream().filter(v -> v.claimed().equals(v.truth())).count();
      long unobserved = vs.stream().filter(v -> !v.zoom().observed()).count();
      long wrong = vs.stream().filter(Verdict::wrong).count();
      List<Verdict> sized = vs.stream().filter(v -> !v.truth().equals("none")).toList();
      long within = sized.stream().filter(Verdict::within10).count();
      List<Verdict> turns =
          vs.stream().filter(Verdict::turned).filter(v -> v.zoom().observed()).toList();
      long turnsWithin = turns.stream().filter(Verdict::turnWithin5).count();
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %d / %d / %d | %d (%s) | %d | %d | %s | %s |%n",
          kind,
          vs.size(),
          in,
          out,
          none,
          agree,
          Stats.pctText2(agree, vs.size()),
          unobserved,
          wrong,
          sized.isEmpty()
              ? "-"
              : within + " of " + sized.size() + " (" + Stats.pctText(within, sized.size()) + ")",
          turns.isEmpty()
              ? "-"
              : turnsWithin
                  + " of "
                  + turns.size()
                  + " ("
                  + Stats.pctText(turnsWithin, turns.size())
                  + ")");
    }
    for (Verdict v : all) {
      boolean turnOff = v.turned() && v.zoom().observed() && !v.turnWithin5();
      boolean unobserved = !v.zoom().observed();
      if (v.wrong() || (!v.truth().equals("none") && !v.within10()) || turnOff || unobserved) {
        System.out.printf(
            Locale.ROOT,
            "  [%s] seed %d gesture %d %s truth %.3f (%s) turn %.1f claimed %s %.3f turn %.1f"
                + " support %d settled %s%n",
            v.wrong() ? "WRONG" : unobserved ? "unobserved" : "off",
            v.seed(),
            v.gesture(),
            v.kind(),
            v.truthScale(),
            v.truth(),
            v.truthTurnDeg(),
            v.claimed(),
            v.zoom().scale(),
            v.zoom().rotationDegrees(),
            v.zoom().support(),
            v.settled());
      }
    }
  }

  /** Where the frames of one-finger pans left unobserved go ({@code --dump=DIR}), or null. */
  static java.nio.file.@Nullable Path dump;

  static List<Verdict> runSession(String scene, String platform, long seed, int gestures) {
    String uri =
        "sim:?input=ideal&scene="
            + scene
            + "&scale=0.5&pointer=touch&platform="
            + platform
            + "&seed="
            + seed;
    Random r = new Random(seed);
    List<Verdict> out = new ArrayList<>();
    try (Device d = Device.open(uri)) {
      SimOracle oracle = SimOracle.of(d);
      for (int g = 0; g < gestures; g++) {
        SimState rest = oracle.awaitRest(REST);
        double z0 = rest.mapZoom();
        double b0 = rest.mapBearingDeg();
        NormPoint centre = NormPoint.of(250 + 500 * r.nextDouble(), 250 + 500 * r.nextDouble());
        int pick = r.nextInt(10);
        String kind;
        ZoomChange zoom;
        boolean settled;
        if (pick < 7) {
          Pinch p;
          if (pick < 3) {
            kind = "pinch in";
            p = Pinch.zoom(centre, 1.3 + 1.7 * r.nextDouble());
          } else if (pick < 5) {
            kind = "pinch out";
            p = Pinch.zoom(centre, 0.35 + 0.42 * r.nextDouble());
          } else if (pick == 5) {
            kind = "two-finger pan";
            NormPoint to =
                NormPoint.of(
                    clamp(centre.x() + 300 * (r.nextDouble() - 0.5)),
                    clamp(centre.y() + 300 * (r.nextDouble() - 0.5)));
            p = Pinch.pan(centre, to);
          } else {
            kind = "two-finger turn";
            p = Pinch.rotate(NormPoint.of(500, 500), 60 * (r.nextDouble() - 0.5));
          }
          PinchResult pr = d.pinch(p);
          zoom = pr.zoom();
          settled = pr.action().observation().settled();
        } else {
          kind = "one-finger pan";
          Observation before = d.screenshot();
          NormPoint to =
              NormPoint.of(
                  clamp(centre.x() + 400 * (r.nextDouble() - 0.5)),
                  clamp(centre.y() + 400 * (r.nextDouble() - 0.5)));
          Observation after =
              d.swipe(Swipe.builder(centre, to).durationMs(500).holdAfterMs(120).build())
                  .observation();
          zoom = d.screen().zoom(before, after);
          if (dump != null && !zoom.observed()) {
            try {
              java.nio.file.Files.createDirectories(dump);
              java.nio.file.Files.write(
                  dump.resolve(seed + "-" + g + "-before.jpg"), before.jpeg());
              java.nio.file.Files.write(dump.resolve(seed + "-" + g + "-after.jpg"), after.jpeg());
            } catch (java.io.IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          }
          settled = after.settled();
        }
        SimState after = oracle.awaitRest(REST);
        double turn = Math.IEEEremainder(after.mapBearingDeg() - b0, 360);
        out.add(new Verdict(kind, after.mapZoom() / z0, turn, zoom, settled, seed, g));
      }
      System.err.println("done " + seed);
    }
    return out;
  }

  private static double clamp(double v) {
    return Math.max(60, Math.min(940, v));
  }
}

package dev.swipe.bench.policy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.strategy.SwipeStrategies;
import dev.swipe.diff.DiffResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import dev.swipe.wheel.WheelRequest;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Issue 12 item 2: every claim the SDK makes (changed, primary_axis, movement, settled, wheel
 * target reached, scroll-until found, fresh after-frame) against the simulator oracle's truth, over
 * seeded devices per platform and all scenes, with adverse profiles (ignored input, never-settling
 * screens, slow capture). Truth definitions are in docs/BENCHMARKS.md ("Honesty").
 *
 * <pre>
 * java -cp ... dev.swipe.bench.policy.HonestyBench --platform=android --devices=200 --threads=2 [--seed0=5000] [--input=rig --pointer=rel]
 * </pre>
 *
 * <p>{@code --input} and {@code --pointer} set how every session's phone takes input ({@code ideal}
 * and each scene's own pointer when not given, as before the simulator's default became {@code
 * input=rig}); with either given, the profile of an ignored absolute mouse gives way to a caret's.
 */
public final class HonestyBench {
  static final Duration REST = Duration.ofSeconds(6);

  /** The input options of a run that names none: the model every earlier run measured. */
  static final String IDEAL = "&input=ideal";

  /** Motion left after the action returns that no frame can show (frame pixels). */
  static final double SUBPIXEL = 0.5;

  static final List<String> NAMES = SimOracle.listContacts();

  private HonestyBench() {}

  public static void main(String[] args) {
    String platform = Stats.opt(args, "platform", "android");
    int devices = Integer.parseInt(Stats.opt(args, "devices", "200"));
    int threads = Integer.parseInt(Stats.opt(args, "threads", "2"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "5000"));
    String input = Stats.opt(args, "input", "");
    String pointer = Stats.opt(args, "pointer", "");
    String named =
        (input.isEmpty() ? "" : "&input=" + input)
            + (pointer.isEmpty() ? "" : "&pointer=" + pointer);
    String inputOptions = named.isEmpty() ? IDEAL : named;
    Stats.deadlineFrom(args);
    long t0 = System.nanoTime();
    Claims total = new Claims();
    List<Claims> per =
        Stats.parallel(devices, threads, i -> runDevice(platform, seed0 + i, inputOptions));
    int ran = 0;
    for (Claims cl : per) {
      if (cl != null) {
        total.addAll(cl);
        ran++;
      }
    }
    devices = ran;
    double realS = (System.nanoTime() - t0) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "%n### %s%s: %d devices (seeds %d..%d), %d claims, %.0f s real (%.1f s per device)%n%n",
        platform,
        inputOptions,
        devices,
        seed0,
        seed0 + devices - 1,
        total.all.size(),
        realS,
        realS / devices);
    total.print(12);
  }

  /**
   * One device's scripted session over all scenes plus one adverse profile, with {@code
   * inputOptions} (URI options, each starting with {@code &}) on every session's phone.
   */
  static Claims runDevice(String platform, long seed, String inputOptions) {
    Claims c = new Claims();
    Random rnd = new Random(seed * 31 + platform.hashCode());
    String base = "sim:?scale=0.5&seed=" + seed + "&platform=" + platform + inputOptions;
    try {
      listSession(c, base + "&scene=list", "list", rnd, true);
      carouselSession(c, base + "&scene=carousel", rnd);
      mapSession(c, base + "&scene=map", rnd);
      pickerSession(c, base + "&scene=picker", rnd);
      int profile = Math.floorMod(seed, 4);
      if (profile == 0 && !inputOptions.equals(IDEAL)) {
        profile = 1; // the ignored mouse sets its own input
      }
      switch (profile) {
        case 0 ->
            ignoredSession(
                c,
                platform.equals("android")
                    ? base + "&scene=list&pointer=abs"
                    : "sim:?input=ideal&scale=0.5&seed="
                        + seed
                        + "&platform=flutter&scene=list&pointer=abs");
        case 1 -> listSession(c, base + "&scene=list&noise=caret", "list+caret", rnd, false);
        case 2 -> listSession(c, base + "&scene=list&noise=clock", "list+clock", rnd, false);
        default ->
            listSession(
                c,
                base + "&scene=list&latency_ms=" + (500 + rnd.nextInt(1000)),
                "list+latency",
                rnd,
                false);
      }
    } catch (RuntimeException e) {
      c.add("session_error", e.toString(), "-", "wrong", base);
      System.err.println(base + ": " + e);
      e.printStackTrace();
    }
    return c;
  }

  /** The context of one action: what came before, the after frame, and the truth around it. */
  static final class Ctx {
    final Device run;
    final SimOracle o;
    final String uri;
    final boolean noisy;
    final long latencyNanos;
    final int width;
    private @Nullable Truth before;
    long startNanos;

    Ctx(Device run, String uri) {
      this.run = run;
      this.o = SimOracle.of(run);
      this.uri = uri;
      this.noisy = uri.contains("noise=");
      this.latencyNanos =
          run.rig().unwrap(FrameSource.class).map(f -> f.latency().toNanos()).orElse(0L);
      this.width = o.state().frameWidth();
    }

    /** The truth before the action, which {@link #begin()} takes first. */
    Truth before() {
      return Objects.requireNonNull(before, "begin() was not called");
    }

    void begin() {
      before = Truth.of(o.awaitRest(REST));
      startNanos = run.rig().ticker().read();
    }

    /**
     * Judges an action's after frame: settled and fresh always; the pixel claims when given.
     * Returns the truth at rest after the action.
     */
    Truth judge(
        String action,
        Observation after,
        long gestureNanos,
        DiffResult diff,
        @Nullable Supplier<String> more) {
      Truth now = Truth.of(o.state());
      Truth rest = Truth.of(o.awaitRest(REST));
      Observation again = run.screenshot();
      boolean same =
          Arrays.equals(after.jpeg(), again.jpeg())
              || run.screen().diff(after, again, null).diffRatio() < 0.002;
      // Content still moving by under half a pixel, on a frame identical to the rest frame, is at
      // rest as far as any screenshot can tell: the agent holds the rest screen.
      double tail = Math.max(now.dx(rest, width), now.dy(rest));
      boolean settledTruth = !noisy && tail < SUBPIXEL && same;
      String d =
          uri
              + " "
              + action
              + (more == null ? "" : " " + more.get())
              + String.format(
                  Locale.ROOT,
                  " [animating_at_return=%s moved_after_return=%.1fpx frame_equals_rest=%s]",
                  now.animating(),
                  tail,
                  same);
      c().bool("settled", after.settled(), settledTruth, false, d);
      long frameTime = after.captureNanos() - latencyNanos;
      boolean fresh = frameTime >= startNanos + gestureNanos;
      c().bool(
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
      if (diff != null && !noisy) {
        Truth before = before();
        boolean changedTruth = before.anyChange(now, width);
        c().bool(
                "changed",
                diff.changed(),
                changedTruth,
                null,
                d
                    + String.format(
                        Locale.ROOT,
                        " diff_ratio=%.4f dy=%.1fpx dx=%.1fpx",
                        diff.diffRatio(),
                        before.dy(now),
                        before.dx(now, width)));
        if (changedTruth && before.contentMoved(now, width)) {
          String axisTruth = before.axis(now, width);
          String axisClaim = diff.primaryAxis().name().toLowerCase(Locale.ROOT);
          c().add(
                  "primary_axis",
                  axisClaim,
                  axisTruth,
                  axisClaim.equals(axisTruth)
                      ? "agree"
                      : axisClaim.equals("none") ? "cautious" : "wrong",
                  d
                      + String.format(
                          Locale.ROOT,
                          " diff_ratio=%.4f dy=%.1fpx dx=%.1fpx",
                          diff.diffRatio(),
                          before.dy(now),
                          before.dx(now, width)));
        }
      }
      return rest;
    }

    @Nullable Claims c;

    Claims c() {
      // every scene sets its claims before it acts
      return Objects.requireNonNull(c, "the scene's claims");
    }
  }

  static void movement(Ctx x, String action, ScrollResult r, Truth rest) {
    boolean moved = x.before().contentMoved(rest, x.width);
    String claim = r.movement().id();
    String truth = moved ? "moved" : "not moved";
    String v;
    if (claim.equals("unobserved")) {
      v = "cautious";
    } else if (claim.equals("moved") == moved) {
      v = "agree";
    } else {
      v = "wrong";
    }
    x.c()
        .add(
            "movement",
            claim,
            truth,
            v,
            x.uri
                + " "
                + action
                + String.format(
                    Locale.ROOT,
                    " settled=%s diff_ratio=%.4f rest dy=%.1fpx dx=%.1fpx",
                    r.observation().settled(),
                    r.diff().diffRatio(),
                    x.before().dy(rest),
                    x.before().dx(rest, x.width)));
  }

  static void scroll(Ctx x, String label, Scroll s) {
    x.begin();
    ScrollResult r;
    try {
      r = x.run.scroll(s);
    } catch (SwipeException e) {
      Truth rest = Truth.of(x.o.awaitRest(REST));
      boolean moved = x.before().contentMoved(rest, x.width);
      x.c()
          .add(
              "movement",
              e.code().id(),
              moved ? "moved" : "not moved",
              moved ? "wrong" : "agree",
              x.uri + " " + label);
      return;
    }
    Truth rest =
        x.judge(
            label,
            r.observation(),
            r.action().timeline().plannedDurationNanos(),
            r.diff(),
            () -> "movement=" + r.movement().id());
    movement(x, label, r, rest);
  }

  static void swipe(Ctx x, String label, Swipe s) {
    x.begin();
    Observation before = x.run.screenshot();
    var a = x.run.swipe(s);
    DiffResult d = x.run.screen().diff(before, a.observation(), null);
    x.judge(label, a.observation(), a.timeline().plannedDurationNanos(), d, null);
  }

  static void listSession(Claims c, String uri, String tag, Random rnd, boolean until) {
    try (Device dev = Device.open(uri)) {
      Ctx x = new Ctx(dev, uri);
      x.c = c;
      scroll(x, "scroll down (mid-list)", Scroll.builder(ScrollDirection.DOWN).build());
      scroll(x, "scroll down (mid-list)", Scroll.builder(ScrollDirection.DOWN).amount(0.8).build());
      swipe(
          x,
          "touch_gesture swipe up 300",
          Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 400)).build());
      if (!until) {
        return;
      }
      for (int i = 0; i < 4; i++) {
        scroll(
            x,
            "scroll up #" + (i + 1) + " (towards the top edge)",
            Scroll.builder(ScrollDirection.UP).amount(0.8).build());
      }
      // scroll until a named contact (the predicate plays the agent reading the screen)
      x.o.awaitRest(REST);
      int row = 12 + rnd.nextInt(40);
      String name = NAMES.get(row);
      x.begin();
      ScrollUntilResult u =
          x.run.scrollUntil(
              Scroll.builder(ScrollDirection.DOWN).amount(0.8).build(),
              obs -> x.o.visibleListRows(obs).contains(name),
              ScrollSearch.defaults());
      SimState atReturn = x.o.state();
      SimState atRest = x.o.awaitRest(REST);
      boolean truth =
          atReturn.visibleListRows().contains(name) && atRest.visibleListRows().contains(name);
      c.bool(
          "scroll_until_found",
          u.found(),
          truth,
          false,
          uri
              + " until '"
              + name
              + "' (row "
              + row
              + ") passes="
              + u.passes()
              + " edge="
              + u.edgeReached()
              + " settled="
              + u.observation().settled()
              + " visible_at_rest="
              + atRest.visibleListRows());
    }
  }

  static void ignoredSession(Claims c, String uri) {
    try (Device dev = Device.open(uri)) {
      Ctx x = new Ctx(dev, uri);
      x.c = c;
      scroll(x, "scroll down (input ignored)", Scroll.builder(ScrollDirection.DOWN).build());
      scroll(
          x,
          "scroll down, expect content (input ignored)",
          Scroll.builder(ScrollDirection.DOWN).expectContent(true).build());
      swipe(
          x,
          "touch_gesture swipe (input ignored)",
          Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 400)).build());
    }
  }

  static void carouselSession(Claims c, String uri, Random rnd) {
    try (Device dev = Device.open(uri)) {
      Ctx x = new Ctx(dev, uri);
      x.c = c;
      for (int i = 0; i < 2; i++) {
        swipe(
            x,
            "carousel switch right (400 units / " + SwipeStrategies.CAROUSEL_MS + " ms)",
            Swipe.builder(NormPoint.of(700, 500), NormPoint.of(300, 500))
                .durationMs(SwipeStrategies.CAROUSEL_MS)
                .steps(16)
                .holdAfterMs(0)
                .shape(GestureShape.CAROUSEL)
                .build());
      }
      for (int i = 0; i < 3; i++) {
        scroll(
            x,
            "scroll left #" + (i + 1) + " (towards page 0)",
            Scroll.builder(ScrollDirection.LEFT).amount(0.8).durationMs(400).build());
      }
    }
  }

  static void mapSession(Claims c, String uri, Random rnd) {
    try (Device dev = Device.open(uri)) {
      Ctx x = new Ctx(dev, uri);
      x.c = c;
      double ang = rnd.nextDouble() * 2 * Math.PI;
      swipe(
          x,
          "map pan 200",
          Swipe.builder(
                  NormPoint.of(500, 500),
                  NormPoint.of(500 + 200 * Math.cos(ang), 500 + 200 * Math.sin(ang)))
              .durationMs(500)
              .holdAfterMs(100)
              .shape(GestureShape.MAP)
              .build());
      swipe(
          x,
          "map pan 50 (fine)",
          Swipe.builder(NormPoint.of(500, 500), NormPoint.of(550, 500))
              .durationMs(300)
              .holdAfterMs(100)
              .shape(GestureShape.MAP)
              .build());
      scroll(x, "map scroll up", Scroll.builder(ScrollDirection.UP).build());
    }
  }

  static void pickerSession(Claims c, String uri, Random rnd) {
    try (Device dev = Device.open(uri)) {
      Ctx x = new Ctx(dev, uri);
      x.c = c;
      String column = WheelPolicyBench.COLUMNS[rnd.nextInt(3)];
      SimState.Wheel w = x.o.wheel(column);
      int target = ((w.index() + 1 + rnd.nextInt(w.rowCount() - 1)) % w.rowCount()) * w.valueStep();
      x.o.setWheelTarget(column, target);
      double err = 0.8 * Math.pow(1.25 / 0.8, rnd.nextDouble());
      Observation shot = x.run.screenshot();
      for (int call = 0; call < 12; call++) {
        w = x.o.awaitRest(REST).wheel(column).orElseThrow();
        WheelRequest.Builder b =
            WheelRequest.builder()
                .currentValue(w.value())
                .targetValue(target)
                .valueStep(w.valueStep())
                .columnX(w.columnXNorm())
                .centerY(w.selectedCenterYNorm())
                .rowSpacing(w.rowPitchNorm() * err);
        w.cycleSize().ifPresent(b::cycleSize);
        x.begin();
        WheelNudgeResult r;
        try {
          r = x.run.wheels().nudge(shot, b.build());
        } catch (SwipeException e) {
          c.add("wheel_nudge_error", e.code().id(), "-", "wrong", uri + " " + column);
          return;
        }
        if (r.action().isEmpty()) {
          boolean truth = x.o.state().wheel(column).orElseThrow().value() == target;
          c.bool(
              "wheel_target_reached",
              r.decision().targetReached(),
              truth,
              false,
              uri + " " + column + " -> " + target);
          return;
        }
        final SimState.Wheel wb = w;
        // the selected row and its neighbours: a taller region of sparse digits dilutes a one-row
        // change below the contract's 1% (0.79-0.99% on 12 of 3586 android claims at 6 rows)
        double top = Math.max(0, w.selectedCenterYNorm() - 1.5 * w.rowPitchNorm());
        double left = Math.max(0, w.columnXNorm() - 80);
        NormRegion col =
            NormRegion.of(
                left, top, Math.min(160, 1000 - left), Math.min(3 * w.rowPitchNorm(), 1000 - top));
        DiffResult d = x.run.screen().diff(shot, r.observation(), col);
        x.judge(
            "wheel_nudge "
                + column
                + " "
                + wb.value()
                + "->"
                + target
                + " rows="
                + r.decision().rows(),
            r.observation(),
            r.action().get().timeline().plannedDurationNanos(),
            d,
            null);
        shot = x.run.screenshot();
      }
      c.add(
          "wheel_target_reached",
          "never",
          "-",
          "wrong",
          uri + " " + column + " -> " + target + " (12 calls)");
    }
  }
}

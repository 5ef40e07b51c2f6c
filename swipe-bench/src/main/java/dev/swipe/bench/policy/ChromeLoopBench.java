package dev.swipe.bench.policy;

import dev.swipe.base.NormPoint;
import dev.swipe.chrome.ChromePhone;
import dev.swipe.chrome.PageServer;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Issue 35 item 4: the speed of the loop on {@code chrome:} at each frame scale: the cost of one
 * screenshot of a still page (a frame source grab, and {@code Device.screenshot} with its settling
 * gate), frames per second delivered while a list coasts after a fling (beside the competing way,
 * polling {@code Page.captureScreenshot}), and action-to-evidence time (the finger's lift to the
 * settled observation) of a drag and of a fling.
 *
 * <pre>
 * java -cp ... dev.swipe.bench.policy.ChromeLoopBench [--rounds=20]
 * </pre>
 */
public final class ChromeLoopBench {
  private ChromeLoopBench() {}

  public static void main(String[] args) throws Exception {
    int rounds = Integer.parseInt(Stats.opt(args, "rounds", "20"));
    System.out.println(
        "| scale | frame | grab, still page (median ms) | screenshot, still (median ms) |"
            + " frames/s while coasting: screencast | polling captureScreenshot |"
            + " lift to returned, drag (median ms) | lift to returned, fling (median ms) |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    try (PageServer server = PageServer.widgets()) {
      for (int scale : new int[] {1, 2, 3}) {
        row(server, scale, rounds);
      }
    }
  }

  private static void row(PageServer server, int scale, int rounds) throws Exception {
    String uri =
        "chrome:?device=iphone-15&scale=" + scale + "&url=" + server.url("pages/long-list.html");
    try (ChromePhone page = ChromePhone.open(uri);
        Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open()) {
      FrameSource eyes = page.frameSource();
      phone.screen().waitForStable(Duration.ofSeconds(10));
      List<Double> grab = new ArrayList<>();
      List<Double> shot = new ArrayList<>();
      Frame f = null;
      for (int i = 0; i < rounds; i++) {
        long t = System.nanoTime();
        f = eyes.grab(phone.rig().ticker().read(), Duration.ofSeconds(5));
        grab.add((System.nanoTime() - t) / 1e6);
        t = System.nanoTime();
        phone.screenshot();
        shot.add((System.nanoTime() - t) / 1e6);
      }
      List<Double> fps = new ArrayList<>();
      List<Double> polled = new ArrayList<>();
      List<Double> drag = new ArrayList<>();
      List<Double> fling = new ArrayList<>();
      for (int i = 0; i < Math.max(4, rounds / 2); i++) {
        boolean down = i % 2 == 0;
        NormPoint a = NormPoint.of(500, down ? 750 : 300);
        NormPoint b = NormPoint.of(500, down ? 300 : 750);
        // a fling, then count the frames the coast delivers
        ActionResult r =
            phone.swipe(Swipe.builder(a, b).durationMs(120).steps(8).holdAfterMs(0).build());
        fling.add(liftToEvidence(r));
        long t = System.nanoTime();
        if (i % 4 < 2) {
          long cap = phone.rig().ticker().read();
          int frames = 0;
          while (System.nanoTime() - t < 600_000_000L) {
            Frame g = eyes.grab(cap + 1, Duration.ofSeconds(2));
            cap = g.captureNanos();
            frames++;
          }
          fps.add(frames / ((System.nanoTime() - t) / 1e9));
        } else {
          // the competing approach over the same span of the coast: a screenshot after another
          int shots = PageTruth.screenshotsWithin(page, 80, Duration.ofMillis(600));
          polled.add(shots / ((System.nanoTime() - t) / 1e9));
        }
        phone.screen().waitForStable(Duration.ofSeconds(10));
        ActionResult d =
            phone.swipe(Swipe.builder(b, a).durationMs(600).steps(36).holdAfterMs(150).build());
        drag.add(liftToEvidence(d));
        phone.screen().waitForStable(Duration.ofSeconds(10));
      }
      Frame last = Objects.requireNonNull(f, "a grabbed frame (--rounds must be at least 1)");
      System.out.printf(
          Locale.ROOT,
          "| %d | %dx%d | %s | %s | %s | %s | %s | %s |%n",
          scale,
          last.width(),
          last.height(),
          Stats.f1(Stats.pct(grab, 50)),
          Stats.f1(Stats.pct(shot, 50)),
          Stats.f1(Stats.pct(fps, 50)),
          Stats.f1(Stats.pct(polled, 50)),
          Stats.f1(Stats.pct(drag, 50)),
          Stats.f1(Stats.pct(fling, 50)));
    }
  }

  /**
   * From the lift to the settled observation: the action's wall time less the gesture's own (its
   * last report's offset), so what remains is waiting for and judging the evidence.
   */
  private static double liftToEvidence(ActionResult r) {
    int last = r.timeline().reportCount() - 1;
    return r.cost().wallMs() - r.timeline().actualOffsetNanos(last) / 1e6;
  }
}

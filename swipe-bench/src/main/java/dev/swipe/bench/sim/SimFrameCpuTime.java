package dev.swipe.bench.sim;

import dev.swipe.base.VirtualClock;
import dev.swipe.sim.SimConfig;
import dev.swipe.sim.internal.VirtualPhone;
import java.awt.image.BufferedImage;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * The per-frame cost of the simulator in thread CPU time, which a busy shared machine does not
 * inflate the way it inflates JMH's wall-clock scores. Prints a Markdown table.
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.sim.SimFrameCpuTime}
 */
public final class SimFrameCpuTime {
  private static final int WARMUP = 60;
  private static final int FRAMES = 40;

  private SimFrameCpuTime() {}

  /** Measures every scene at scale 1 and 0.5. */
  public static void main(String[] args) {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    System.out.println("| scene | scale | render ms | encode ms | render + encode ms |");
    System.out.println("|---|---|---|---|---|");
    for (double scale : new double[] {1.0, 0.5}) {
      for (SimConfig.Scene scene : SimConfig.Scene.values()) {
        VirtualClock clock = new VirtualClock();
        VirtualPhone phone =
            new VirtualPhone(
                SimConfig.builder().scene(scene).scale(scale).noise(SimConfig.Noise.CARET).build(),
                clock,
                clock);
        long frame = 0;
        for (; frame < WARMUP; frame++) {
          phone.jpegAt(frame * 33_333_333L, frame);
        }
        long t0 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < FRAMES; i++, frame++) {
          phone.renderOnly(frame * 33_333_333L, frame);
        }
        long t1 = mx.getCurrentThreadCpuTime();
        BufferedImage image = phone.renderOnly(frame * 33_333_333L, frame);
        long t2 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < FRAMES; i++) {
          phone.encode(image);
        }
        long t3 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < FRAMES; i++, frame++) {
          phone.jpegAt(frame * 33_333_333L, frame);
        }
        long t4 = mx.getCurrentThreadCpuTime();
        System.out.printf(
            Locale.ROOT,
            "| %s | %.1f | %.1f | %.1f | %.1f |%n",
            scene.id(),
            scale,
            ms(t1 - t0),
            ms(t3 - t2),
            ms(t4 - t3));
        phone.dispose();
      }
    }
  }

  private static double ms(long nanos) {
    return nanos / 1e6 / FRAMES;
  }
}

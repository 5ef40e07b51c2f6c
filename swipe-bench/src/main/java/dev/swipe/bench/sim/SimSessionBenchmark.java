package dev.swipe.bench.sim;

import dev.swipe.base.NormPoint;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Wall time of one settled swipe action on {@code sim:} (virtual time): the gesture, the capture
 * latency, and the settling frames until two match. This is what a simulator session of N actions
 * costs on a build machine.
 */
// JMH sets the @Param fields, and @Setup the others, before any benchmark runs
@SuppressWarnings("NullAway.Init")
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SimSessionBenchmark {
  @Param({"1.0", "0.5"})
  public double scale;

  private Device device;
  private boolean down;

  @Setup(Level.Trial)
  public void open() {
    device = Device.open("sim:?input=ideal&scale=" + scale);
  }

  @TearDown(Level.Trial)
  public void close() {
    device.close();
  }

  /** A 350-unit, 500 ms list swipe (a coarse list scroll), alternating direction. */
  @Benchmark
  public ActionResult settledListSwipe() {
    down = !down;
    NormPoint a = NormPoint.of(500, 675);
    NormPoint b = NormPoint.of(500, 325);
    return device.swipe(Swipe.builder(down ? a : b, down ? b : a).durationMs(500).build());
  }
}

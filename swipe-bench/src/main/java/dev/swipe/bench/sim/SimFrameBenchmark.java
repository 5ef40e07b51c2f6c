package dev.swipe.bench.sim;

import dev.swipe.base.VirtualClock;
import dev.swipe.sim.SimConfig;
import dev.swipe.sim.internal.VirtualPhone;
import java.awt.image.BufferedImage;
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
 * What one simulator frame costs: Java2D rendering of a scene plus JPEG encoding, at the full
 * 1080x2400 and at {@code scale=0.5}, with rendering and encoding also measured apart, and the cost
 * of a frame the phone can reuse because nothing on screen changed.
 *
 * <p>Caret noise toggles on every frame index, so every {@code renderAndEncode} call really paints
 * and encodes (the cache cannot answer it).
 */
// JMH sets the @Param fields, and @Setup the others, before any benchmark runs
@SuppressWarnings("NullAway.Init")
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SimFrameBenchmark {
  @Param({"list", "picker", "map"})
  public String scene;

  @Param({"1.0", "0.5"})
  public double scale;

  private VirtualPhone phone;
  private VirtualPhone quiet;
  private BufferedImage rendered;
  private long frame;

  @Setup(Level.Trial)
  public void open() {
    SimConfig.Scene s = SimConfig.Scene.valueOf(scene.toUpperCase(java.util.Locale.ROOT));
    VirtualClock clock = new VirtualClock();
    phone =
        new VirtualPhone(
            SimConfig.builder().scene(s).scale(scale).noise(SimConfig.Noise.CARET).build(),
            clock,
            clock);
    quiet = new VirtualPhone(SimConfig.builder().scene(s).scale(scale).build(), clock, clock);
    rendered = phone.renderOnly(0, 0);
    quiet.jpegAt(0, 0);
  }

  @TearDown(Level.Trial)
  public void close() {
    phone.dispose();
    quiet.dispose();
  }

  /** Paint plus encode: what a capture of a changing screen costs. */
  @Benchmark
  public byte[] renderAndEncode() {
    frame++;
    return phone.jpegAt(frame * 33_333_333L, frame);
  }

  /** Java2D painting alone. */
  @Benchmark
  public BufferedImage renderOnly() {
    frame++;
    return phone.renderOnly(frame * 33_333_333L, frame);
  }

  /** JPEG encoding alone (quality 80, 4:2:0, the JDK encoder). */
  @Benchmark
  public byte[] encodeOnly() {
    return phone.encode(rendered);
  }

  /** A frame of an unchanged screen: the phone hands back the previous bytes. */
  @Benchmark
  public byte[] unchangedFrame() {
    frame++;
    return quiet.jpegAt(frame * 33_333_333L, frame);
  }
}

package dev.swipe.bench.diff;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.RowPitchResult;
import dev.swipe.diff.internal.ImageDecoder;
import dev.swipe.diff.internal.RowPitch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Row pitch of a picker wheel in a 300x900 px column band of a 1080x2400 quality-80 screenshot (5
 * visible rows, 130 px pitch, tinted selection band). Goal: under 2 ms.
 */
// set in @Setup before any benchmark runs
@SuppressWarnings("NullAway.Init")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(time = 2)
@Measurement(time = 2)
public class RowPitchBench {

  private GreyRaster screen;
  private PixelRect band;

  /** Renders, encodes and decodes the wheel screen once. */
  @Setup
  public void setUp() {
    screen = ImageDecoder.decode(PhoneScreens.jpeg(PhoneScreens.wheel(), 0.8f));
    band = new PixelRect(540 - 150, 1200 - 450, 300, 900);
    System.out.printf("%nrow pitch: %s%n", RowPitch.measure(screen, band));
  }

  /** swipe: gradient profile, autocorrelation and row fit in the band. */
  @Benchmark
  public RowPitchResult rowPitch300x900() {
    return RowPitch.measure(screen, band);
  }
}

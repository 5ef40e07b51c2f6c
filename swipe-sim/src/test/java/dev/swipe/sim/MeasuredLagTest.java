package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rig measures its own capture lag: a capture source that states no latency while its frames lag
 * 200 ms behind the phone (a rig's dongle and host together) would show the pointer loop the phone
 * before each move. The device measures the lag from a move of the pointer the phone draws, waits
 * it out from then on, and writes it to the trace. Judged by where the phone truly took each tap.
 */
class MeasuredLagTest {
  private static final long LAG_MS = 200;

  /** The phone's frames, as a source that says they come at once. */
  private static FrameSource understating(FrameSource real) {
    return new FrameSource() {
      @Override
      public Frame grab(long notBeforeNanos, Duration timeout) {
        return real.grab(notBeforeNanos - real.latency().toNanos(), timeout);
      }

      @Override
      public Duration latency() {
        return Duration.ZERO;
      }

      @Override
      public void close() {
        real.close();
      }
    };
  }

  /**
   * A device on {@code sim}'s parts whose capture says it does not lag, tracing to {@code trace}.
   */
  private static Device understated(SimPhone sim, Path trace) {
    return Device.builder()
        .hid(sim.transport())
        .capture(understating(sim.frameSource()))
        .ticker(sim.ticker())
        .sleeper(sim.sleeper())
        .trace(trace)
        .open();
  }

  /** The trace's {@code capture_lag} note holds the lag within a frame, the stated one zero. */
  private static void assertTheTraceHoldsTheLag(Path trace) throws java.io.IOException {
    JsonNode note = null;
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(trace.resolve("trace.jsonl"))) {
      JsonNode r = json.readTree(line);
      if (r.path("action").asText().equals("capture_lag")) {
        note = r;
      }
    }
    assertThat(note).as("the trace holds the lag").isNotNull();
    JsonNode d = note.path("outcome");
    long frameMs = d.path("frame_interval_ms").asLong();
    assertThat(frameMs).isPositive();
    assertThat(d.path("lag_ms").asLong()).isBetween(LAG_MS - 1, LAG_MS + frameMs + 20);
    assertThat(d.path("stated_ms").asLong()).isZero();
  }

  /**
   * A rig with an absolute mouse the phone draws measures its lag at open, as one with a relative
   * pointer does when it first finds its pointer (before, only the relative pointer measured it),
   * and its look at open then sees the phone take the mouse although the capture states no lag.
   */
  @Test
  void anAbsoluteMouseRigMeasuresItsLagAtOpen(@TempDir Path trace) throws Exception {
    String uri =
        "sim:?scene=list&platform=android&input=rig&pointer=abs&abs_mouse=accept&seed=3"
            + "&latency_ms="
            + LAG_MS;
    try (SimPhone sim = SimPhone.open(uri);
        Device phone = understated(sim, trace)) {
      assertThat(phone.rig().captureLag()).as("the lag the rig measured at open").isPresent();
    }
    assertTheTraceHoldsTheLag(trace);
    // the look at open waited for frames that show its moves: the phone takes the mouse
    ObjectMapper json = new ObjectMapper();
    List<String> found = new ArrayList<>();
    for (String line : Files.readAllLines(trace.resolve("trace.jsonl"))) {
      JsonNode r = json.readTree(line);
      if (r.path("action").asText().equals("input_check")) {
        found.add(r.path("outcome").path("input").asText());
      }
    }
    assertThat(found).containsExactly("taken");
  }

  @Test
  void tapsLandAndTheTraceHoldsTheLagMeasured(@TempDir Path trace) throws Exception {
    String uri = "sim:?scene=map&platform=ios&input=rig&pointer=rel&seed=8&latency_ms=" + LAG_MS;
    List<String> misses = new ArrayList<>();
    try (SimPhone sim = SimPhone.open(uri);
        Device phone = understated(sim, trace)) {
      double[][] targets = {{250, 300}, {700, 650}, {420, 820}, {800, 200}, {500, 500}};
      for (double[] t : targets) {
        int before = sim.oracle().touchLog().size();
        phone.tap(NormPoint.of(t[0], t[1]));
        sim.oracle().awaitRest(Duration.ofSeconds(10));
        SimState.TouchEvent down =
            sim.oracle().touchLog().subList(before, sim.oracle().touchLog().size()).stream()
                .filter(e -> e.phase() == SimState.Phase.DOWN)
                .findFirst()
                .orElse(null);
        if (down == null
            || down.receiver() != SimState.Receiver.APP
            || Math.abs(down.xNorm() - t[0]) > 40
            || Math.abs(down.yNorm() - t[1]) > 18) {
          misses.add(t[0] + "," + t[1] + ": " + down);
        }
      }
      assertThat(sim.oracle().systemUiLog())
          .allSatisfy(c -> assertThat(c.shown()).isEqualTo(SimState.SystemUi.NONE));
    }
    assertThat(misses).isEmpty();
    assertTheTraceHoldsTheLag(trace);
  }
}

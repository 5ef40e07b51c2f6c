package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.internal.TraceWriter;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.core.testkit.TraceJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace directory given to a second run is continued, never merged into or written over: in this
 * package to make the screenshots another process would make (its runs count from run-1 too).
 */
class TraceReuseTest {
  @TempDir Path dir;

  /** What a process's first run records: one screenshot, shot-1 of run-1. */
  private void oneProcess(byte[] jpeg, double timeMs) {
    Observation shot = new Observation("shot-1", "run-1", jpeg, 8, 8, 0, true, null, null);
    try (TraceWriter w = TraceWriter.open(dir, 1 << 20)) {
      ObjectNode r = w.newRecord("screenshot", w.startMs() + timeMs, "run-1");
      r.put("end_ms", w.startMs() + timeMs + 50);
      w.attachShot(r, "after", shot);
      w.append(r);
    }
  }

  @Test
  void aSecondProcessInTheSameDirectoryGetsNewRunIdsAndItsOwnFiles() throws IOException {
    byte[] first = {1, 2, 3};
    byte[] second = {4, 5, 6, 7};
    oneProcess(first, 10);
    oneProcess(second, 10);
    List<ObjectNode> r = TraceJson.records(dir);
    assertThat(r).hasSize(2);
    assertThat(r).extracting(n -> n.path("seq").asLong()).containsExactly(1L, 2L);
    assertThat(r.get(1).path("run").asText())
        .as("the second run is not merged into the first")
        .isNotEqualTo(r.get(0).path("run").asText())
        .isEqualTo("run-1.2");
    assertThat(r.get(1).path("t_ms").asDouble())
        .as("the second run's steps follow the first's")
        .isGreaterThanOrEqualTo(r.get(0).path("end_ms").asDouble());
    String a = r.get(0).path("after").path("file").asText();
    String b = r.get(1).path("after").path("file").asText();
    assertThat(b).isNotEqualTo(a);
    assertThat(Files.readAllBytes(dir.resolve(a)))
        .as("the first run's screenshot")
        .isEqualTo(first);
    assertThat(Files.readAllBytes(dir.resolve(b))).isEqualTo(second);
  }

  @Test
  void aDeviceTracingIntoADirectoryUsedBeforeContinuesItsNumbering() {
    VirtualClock clock = new VirtualClock();
    AttachmentRegistry same = new AttachmentRegistry(); // the run id a restarted process reuses
    for (int i = 0; i < 2; i++) {
      try (Device d =
          Device.builder()
              .hid(new RecordingHidTransport(clock))
              .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
              .ticker(clock)
              .sleeper(clock)
              .attachments(same)
              .trace(dir)
              .open()) {
        d.screenshot();
        d.tap(NormPoint.CENTER);
      }
    }
    List<ObjectNode> r = TraceJson.records(dir);
    assertThat(r).extracting(n -> n.path("seq").asLong()).containsExactly(1L, 2L, 3L, 4L);
    assertThat(r.subList(0, 2))
        .allSatisfy(n -> assertThat(n.path("run").asText()).isEqualTo(same.runId()));
    assertThat(r.subList(2, 4))
        .allSatisfy(n -> assertThat(n.path("run").asText()).isEqualTo(same.runId() + ".2"));
  }
}

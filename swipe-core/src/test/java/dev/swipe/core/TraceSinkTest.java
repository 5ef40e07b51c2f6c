package dev.swipe.core;

import static dev.swipe.core.CoordinatesTest.assertInvalid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.core.spi.TraceSink;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.core.trace.TraceReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace sink SPI as the device uses it: a sink gets exactly what a trace directory holds, a
 * sink that stops or throws never fails the run, the run owns its sink, and a trace kept elsewhere
 * still gets a golden screen's diff image.
 */
class TraceSinkTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final VirtualClock clock = new VirtualClock();

  @TempDir Path dir;

  private Device device() {
    return Device.builder()
        .hid(new RecordingHidTransport(clock))
        .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
        .ticker(clock)
        .sleeper(clock)
        .open();
  }

  /** A sink that keeps what it is given in memory, and can be told to stop or to throw. */
  static final class MemorySink implements TraceSink {
    final List<String> records = new ArrayList<>();
    final Map<String, byte[]> files = new LinkedHashMap<>();
    int acceptRecords = Integer.MAX_VALUE;
    boolean throwing;
    String stopReason;
    int appendsAfterStop;
    int closes;

    @Override
    public synchronized boolean append(String record) {
      if (throwing) {
        throw new IllegalStateException("a broken sink");
      }
      if (stopReason != null) {
        appendsAfterStop++;
        records.add(record);
        return false;
      }
      if (records.size() >= acceptRecords) {
        stopReason = "the test's sink is full";
        appendsAfterStop++;
        records.add(record);
        return false;
      }
      records.add(record);
      return true;
    }

    @Override
    public synchronized Optional<String> store(String name, byte[] bytes) {
      if (throwing) {
        throw new IllegalStateException("a broken sink");
      }
      if (files.containsKey(name)) {
        return Optional.of(name + " exists");
      }
      files.put(name, bytes.clone());
      return Optional.empty();
    }

    @Override
    public synchronized Optional<String> stopReason() {
      return Optional.ofNullable(stopReason);
    }

    @Override
    public synchronized void close() {
      closes++;
    }
  }

  /** A sink that hands everything to two others: the same run kept twice. */
  record Tee(TraceSink a, TraceSink b) implements TraceSink {
    @Override
    public boolean append(String record) {
      return a.append(record) & b.append(record);
    }

    @Override
    public Optional<String> store(String name, byte[] bytes) {
      Optional<String> x = a.store(name, bytes);
      Optional<String> y = b.store(name, bytes);
      return x.isPresent() ? x : y;
    }

    @Override
    public Optional<String> stopReason() {
      return a.stopReason().or(b::stopReason);
    }

    @Override
    public void close() {
      a.close();
      b.close();
    }
  }

  private static void act(Device run) {
    run.screenshot();
    run.tap(NormPoint.CENTER);
    run.swipe(
        dev.swipe.core.gesture.Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
            .build());
    run.run().note("session_ended", Map.of("reason", "test"));
  }

  @Test
  void aSinkIsGivenExactlyTheLinesAndFilesOfTheTraceDirectory() throws IOException {
    MemorySink memory = new MemorySink();
    Path traced = dir.resolve("run");
    try (Device d = device();
        Device run =
            d.run()
                .forkTracedTo(
                    new AttachmentRegistry(),
                    new Tee(TraceSink.directory(traced), memory),
                    TraceReader.DEFAULT_MAX_BYTES)) {
      act(run);
    }
    String file = Files.readString(traced.resolve(TraceReader.FILE), StandardCharsets.UTF_8);
    assertThat(String.join("\n", memory.records) + "\n")
        .as("the directory's trace.jsonl, line for line")
        .isEqualTo(file);
    assertThat(memory.records).hasSizeGreaterThanOrEqualTo(4);
    Map<String, byte[]> onDisk = new LinkedHashMap<>();
    try (Stream<Path> shots = Files.list(traced.resolve(TraceReader.SHOTS))) {
      for (Path p : shots.sorted().toList()) {
        onDisk.put(TraceReader.SHOTS + "/" + p.getFileName(), Files.readAllBytes(p));
      }
    }
    assertThat(memory.files.keySet()).containsExactlyInAnyOrderElementsOf(onDisk.keySet());
    onDisk.forEach((k, v) -> assertThat(memory.files.get(k)).as(k).isEqualTo(v));
    assertThat(memory.closes).as("the run closed its sink").isEqualTo(1);
    assertThat(TraceReader.read(traced).skipped()).isEmpty();
  }

  @Test
  void aDirectorySinkWritesWhatATraceDirectoryAlwaysHeld() throws IOException {
    Path byPath = dir.resolve("by-path");
    Path bySink = dir.resolve("by-sink");
    try (Device d = device()) {
      try (Device a = d.run().fork(byPath, 1 << 20)) {
        a.screenshot();
      }
      try (Device b =
          d.run().forkTracedTo(new AttachmentRegistry(), TraceSink.directory(bySink), 1 << 20)) {
        b.screenshot();
      }
    }
    List<JsonNode> x = lines(byPath);
    List<JsonNode> y = lines(bySink);
    assertThat(y).hasSameSizeAs(x);
    for (int i = 0; i < x.size(); i++) {
      // the same record but for the run's id (each fork is a run of its own) and the device clock
      // (the second ran later)
      assertThat(without(y.get(i))).isEqualTo(without(x.get(i)));
    }
    assertThat(Files.list(bySink.resolve(TraceReader.SHOTS)).count())
        .isEqualTo(Files.list(byPath.resolve(TraceReader.SHOTS)).count());
  }

  private static List<JsonNode> lines(Path trace) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String l : Files.readAllLines(trace.resolve(TraceReader.FILE))) {
      out.add(JSON.readTree(l));
    }
    return out;
  }

  private static String without(JsonNode n) {
    return n.toString().replaceAll("run-[0-9]+", "run").replaceAll("\"clock_ms\":[0-9.E]+", "");
  }

  @Test
  void aSinkThatStopsEndsTheTraceWithItsReasonAndTheRunGoesOn() {
    MemorySink memory = new MemorySink();
    memory.acceptRecords = 1;
    try (Device d = device();
        Device run = d.run().forkTracedTo(new AttachmentRegistry(), memory, 1 << 20)) {
      act(run); // every action succeeds though the trace stopped after one record
      run.screenshot();
    }
    assertThat(memory.appendsAfterStop)
        .as("the refused record, then one trace_stopped record, then nothing")
        .isEqualTo(2);
    String last = memory.records.get(memory.records.size() - 1);
    assertThat(last).contains(TraceReader.STOPPED).contains("the test's sink is full");
  }

  @Test
  void aSinkThatThrowsNeverFailsTheRun() {
    MemorySink memory = new MemorySink();
    memory.throwing = true;
    try (Device d = device();
        Device run = d.run().forkTracedTo(new AttachmentRegistry(), memory, 1 << 20)) {
      act(run);
      assertThat(run.screenshot().jpegSize()).isPositive();
    }
    assertThat(memory.records).isEmpty();
    assertThat(memory.closes).isEqualTo(1);
  }

  @Test
  void theBudgetHoldsForASinkAsForADirectory() {
    MemorySink memory = new MemorySink();
    try (Device d = device();
        Device run = d.run().forkTracedTo(new AttachmentRegistry(), memory, 4096)) {
      for (int i = 0; i < 20; i++) {
        run.tap(NormPoint.CENTER);
      }
    }
    long size =
        memory.records.stream().mapToLong(r -> r.getBytes(StandardCharsets.UTF_8).length + 1).sum()
            + memory.files.values().stream().mapToLong(b -> b.length).sum();
    assertThat(size).isLessThanOrEqualTo(4096);
    assertThat(memory.records.get(memory.records.size() - 1)).contains(TraceReader.STOPPED);
  }

  @Test
  void aForkThatCannotStartClosesItsSinkAndARunWithoutSinksRefusesOne() {
    MemorySink memory = new MemorySink();
    Device d = device();
    d.close();
    assertThatThrownBy(() -> d.run().forkTracedTo(new AttachmentRegistry(), memory, 1 << 20))
        .isInstanceOf(SwipeException.class);
    assertThat(memory.closes).isEqualTo(1);

    MemorySink other = new MemorySink();
    try (Device e = device()) {
      Device.Run old = new Device.Run() { // a host's own wrapper written before sinks
            @Override
            public AttachmentRegistry attachments() {
              return e.run().attachments();
            }

            @Override
            public void note(String event, Map<String, ?> details) {}

            @Override
            public dev.swipe.memory.MemoryStore traced(dev.swipe.memory.MemoryStore store) {
              return store;
            }

            @Override
            public Device fork() {
              return e.run().fork();
            }

            @Override
            public Device fork(Path traceDir, long traceMaxBytes) {
              return e.run().fork(traceDir, traceMaxBytes);
            }

            @Override
            public Device fork(AttachmentRegistry attachments, Path traceDir, long max) {
              return e.run().fork(attachments, traceDir, max);
            }
          };
      assertInvalid(() -> old.forkTracedTo(new AttachmentRegistry(), other, 1 << 20), "trace");
      assertThat(other.closes).isEqualTo(1);
      assertInvalid(
          () -> e.run().forkTracedTo(new AttachmentRegistry(), new MemorySink(), 100),
          "trace_max_bytes");
    }
  }

  @Test
  void aTraceKeptElsewhereIsHandedTheGoldenDiffImage() throws IOException {
    MemorySink memory = new MemorySink();
    Path golden = dir.resolve("golden.png");
    try (Device d = device();
        Device run = d.run().forkTracedTo(new AttachmentRegistry(), memory, 1 << 24)) {
      java.awt.image.BufferedImage img =
          new java.awt.image.BufferedImage(180, 400, java.awt.image.BufferedImage.TYPE_INT_RGB);
      javax.imageio.ImageIO.write(img, "png", golden.toFile());
      assertThatThrownBy(() -> run.screen().assertMatches(GoldenScreen.load(golden)))
          .isInstanceOf(SwipeException.class)
          .hasMessageContaining("diff image");
    }
    assertThat(memory.files.keySet()).anyMatch(n -> n.startsWith("golden/"));
    String record =
        memory.records.stream().filter(r -> r.contains("assert_screen")).findFirst().orElseThrow();
    String named = JSON.readTree(record).path("outcome").path("diff_image").asText();
    assertThat(memory.files).containsKey(named);
  }
}

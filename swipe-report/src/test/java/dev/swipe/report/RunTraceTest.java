package dev.swipe.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.Device;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.core.testkit.TraceJson;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs traced each in their own directory, and the report's command line (elsewhere, a directory of
 * runs).
 */
class RunTraceTest {
  @TempDir Path dir;

  private static Device device() {
    VirtualClock clock = new VirtualClock();
    return Device.builder()
        .hid(new RecordingHidTransport(clock))
        .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
        .ticker(clock)
        .sleeper(clock)
        .open();
  }

  @Test
  void eachRunHasItsOwnTraceAndTheDeviceNone() throws IOException {
    try (Device d = device()) {
      try (Device a = d.run().fork(dir.resolve("a"), 1 << 20);
          Device b = d.run().fork(dir.resolve("b"), 1 << 20)) {
        a.screenshot();
        b.tap(NormPoint.CENTER);
        a.tap(NormPoint.of(100, 100));
        d.screenshot(); // the device itself is not traced
      }
      assertThat(d.run().fork()).as("the device goes on after its traced runs end").isNotNull();
    }
    List<ObjectNode> a = TraceJson.records(dir.resolve("a"));
    List<ObjectNode> b = TraceJson.records(dir.resolve("b"));
    assertThat(a).extracting(r -> r.path("action").asText()).containsExactly("screenshot", "tap");
    assertThat(b).extracting(r -> r.path("action").asText()).containsExactly("tap");
    assertThat(a)
        .extracting(r -> r.path("run").asText())
        .doesNotContain(b.get(0).path("run").asText());
    assertThat(Files.exists(dir.resolve("trace.jsonl"))).isFalse();
  }

  @Test
  void aStoreTheCallerOwnsIsTracedInTheRunsTraceFailuresToo() {
    try (Device d = device();
        MemoryStore store = MemoryStore.inMemory()) {
      try (Device run = d.run().fork(dir.resolve("m"), 1 << 20)) {
        MemoryStore traced = run.run().traced(store);
        traced.save(
            MemoryRecord.builder("[App] [Picker] swipe parameters", "distance: 35").build());
        assertThat(traced.recall(MemoryQuery.text("picker").build())).hasSize(1);
        assertThatThrownBy(
                () -> traced.save(MemoryRecord.builder("t", "c").id("no-such-id").build()))
            .as("the store's own exception, as it came")
            .isInstanceOf(SwipeException.class);
      }
      assertThat(d.run().traced(store)).as("an untraced device uses it as it is").isSameAs(store);
      assertThatThrownBy(() -> d.run().traced(null))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("store"));
    }
    List<ObjectNode> r = TraceJson.records(dir.resolve("m"));
    assertThat(r)
        .extracting(n -> n.path("action").asText())
        .containsExactly("memory_save", "memory_recall", "memory_save");
    assertThat(r.get(0).path("args").path("title").asText())
        .isEqualTo("[App] [Picker] swipe parameters");
    assertThat(r.get(1).path("outcome").path("records").asInt()).isEqualTo(1);
    assertThat(r.get(2).path("error").path("code").asText()).isEqualTo("memory_not_found");
  }

  @Test
  void aRunWhoseTraceCannotBeWrittenIsRefusedBeforeItStarts() throws IOException {
    Files.writeString(dir.resolve("file"), "in the way");
    try (Device d = device()) {
      assertThatThrownBy(() -> d.run().fork(dir.resolve("file"), 1 << 20))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code().id()).isEqualTo("invalid_argument");
                assertThat(e.field()).isEqualTo("trace");
              });
      assertThatThrownBy(() -> d.run().fork(dir.resolve("ok"), 100))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("trace_max_bytes"));
      d.tap(NormPoint.CENTER); // the device is unharmed
    }
  }

  @Test
  void aRunsBudgetStopsItsTraceAndTheRunGoesOn() {
    try (Device d = device();
        Device run = d.run().fork(dir, 8192)) {
      for (int i = 0; i < 12; i++) {
        run.tap(NormPoint.of(100 + 50 * i, 500));
      }
      assertThat(run.screenshot()).isNotNull();
    }
    assertThat(TraceReader.read(dir).stopReason())
        .hasValueSatisfying(r -> assertThat(r).contains("8192"));
  }

  @Test
  void theCommandLineRendersElsewhereWithWorkingLinksAndListsUnreadableLines() throws IOException {
    Path trace = dir.resolve("my trace#1");
    try (Device d = device();
        Device run = d.run().fork(trace, 1 << 20)) {
      run.screenshot();
      run.tap(NormPoint.CENTER);
    }
    Files.writeString(
        trace.resolve(TraceReader.FILE), "{\"seq\":9,\"act", StandardOpenOption.APPEND);
    Path out = dir.resolve("site/pages/run.html");
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int code =
        HtmlReport.run(
            new String[] {trace.toString(), "--out", out.toString()},
            new PrintStream(o, true),
            new PrintStream(e, true));
    assertThat(code).isZero();
    assertThat(o.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(out.toAbsolutePath().toString());
    assertThat(e.toString(StandardCharsets.UTF_8)).contains("line 3 skipped");
    String html = Files.readString(out);
    assertThat(html).contains("Skipped 1 unreadable line");
    Matcher m = Pattern.compile("<img class=\"screen\"[^>]* src=\"([^\"]+)\"").matcher(html);
    int images = 0;
    while (m.find()) {
      String src = m.group(1);
      Path resolved = Path.of(out.getParent().toUri().resolve(src));
      assertThat(resolved).as(src).exists();
      images++;
    }
    assertThat(images).isGreaterThanOrEqualTo(2);
    assertThat(Files.exists(trace.resolve(HtmlReport.FILE)))
        .as("nothing written beside the trace")
        .isFalse();
  }

  @Test
  void aDirectoryOfRunsRendersEachAndAnIndex() throws IOException {
    try (Device d = device();
        Device a = d.run().fork(dir.resolve("1-first"), 1 << 20);
        Device b = d.run().fork(dir.resolve("2-second"), 1 << 20)) {
      a.screenshot();
      b.tap(NormPoint.CENTER);
    }
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    int code =
        HtmlReport.run(
            new String[] {dir.toString()},
            new PrintStream(o, true),
            new PrintStream(new ByteArrayOutputStream()));
    assertThat(code).isZero();
    assertThat(o.toString(StandardCharsets.UTF_8).lines().toList())
        .containsExactly(
            dir.resolve("1-first/report.html").toAbsolutePath().toString(),
            dir.resolve("2-second/report.html").toAbsolutePath().toString(),
            dir.resolve("index.html").toAbsolutePath().toString());
    assertThat(Files.readString(dir.resolve("index.html")))
        .contains("href=\"1-first/report.html\"")
        .contains("href=\"2-second/report.html\"");
  }

  @Test
  void aCollectorsDirectoryOfRigsRendersAnIndexPerRigAndOneOfTheRigs() throws IOException {
    try (Device d = device();
        Device a = d.run().fork(dir.resolve("rig-a/1-first"), 1 << 20);
        Device b = d.run().fork(dir.resolve("rig-a/2-second"), 1 << 20);
        Device c = d.run().fork(dir.resolve("rig-b/1-only"), 1 << 20)) {
      a.screenshot();
      b.tap(NormPoint.CENTER);
      c.screenshot();
    }
    Files.createDirectories(dir.resolve("empty-rig"));
    Files.createSymbolicLink(dir.resolve("linked-rig"), dir.resolve("rig-b"));
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    int code =
        HtmlReport.run(
            new String[] {dir.toString()},
            new PrintStream(o, true),
            new PrintStream(new ByteArrayOutputStream()));
    assertThat(code).isZero();
    assertThat(o.toString(StandardCharsets.UTF_8).lines().toList())
        .containsExactly(
            dir.resolve("rig-a/1-first/report.html").toAbsolutePath().toString(),
            dir.resolve("rig-a/2-second/report.html").toAbsolutePath().toString(),
            dir.resolve("rig-a/index.html").toAbsolutePath().toString(),
            dir.resolve("rig-b/1-only/report.html").toAbsolutePath().toString(),
            dir.resolve("rig-b/index.html").toAbsolutePath().toString(),
            dir.resolve("index.html").toAbsolutePath().toString());
    assertThat(Files.readString(dir.resolve("index.html")))
        .contains("2 rigs, 3 runs")
        .contains("href=\"rig-a/index.html\"")
        .contains("href=\"rig-b/index.html\"")
        .contains("latest 2-second")
        .doesNotContain("empty-rig")
        .doesNotContain("linked-rig");
    assertThat(Files.readString(dir.resolve("rig-a/index.html")))
        .contains("rig rig-a")
        .contains("2 runs")
        .contains("href=\"1-first/report.html\"")
        .contains("href=\"2-second/report.html\"")
        .contains("href=\"../index.html\"");
  }

  @Test
  void noTraceAndBadArgumentsAreCodedErrors() {
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(e, true);
    PrintStream out = new PrintStream(new ByteArrayOutputStream());
    assertThat(HtmlReport.run(new String[] {dir.toString()}, out, err)).isEqualTo(1);
    assertThat(e.toString(StandardCharsets.UTF_8)).contains("invalid_argument (trace)");
    assertThat(HtmlReport.run(new String[] {}, out, err)).isEqualTo(2);
    assertThat(HtmlReport.run(new String[] {dir.toString(), "--out"}, out, err)).isEqualTo(2);
    assertThat(HtmlReport.run(new String[] {dir.toString(), "--frobnicate"}, out, err))
        .isEqualTo(2);
  }
}

package dev.swipe.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.internal.TraceWriter;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.core.testkit.TraceJson;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextQuery;
import dev.swipe.text.TextReader;
import dev.swipe.text.Word;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceTest {
  @TempDir Path dir;

  private Device device(Path trace) {
    VirtualClock clock = new VirtualClock();
    return Device.builder()
        .hid(new RecordingHidTransport(clock))
        .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
        .ticker(clock)
        .sleeper(clock)
        .trace(trace)
        .open();
  }

  @Test
  void everyActionAppendsARecordWithItsScreenshotsBesideIt() throws IOException {
    try (Device d = device(dir)) {
      d.screenshot();
      d.swipe(
          Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
              .durationMs(300)
              .steps(6)
              .holdAfterMs(100)
              .build());
      d.tap(NormPoint.CENTER);
    }
    TraceReader.Trace t = TraceReader.read(dir);
    assertThat(t.skipped()).isEmpty();
    List<ObjectNode> r = TraceJson.of(t);
    assertThat(r)
        .extracting(n -> n.path("action").asText())
        .containsExactly("screenshot", "swipe", "tap");
    ObjectNode swipe = r.get(1);
    assertThat(swipe.path("before").path("id").asText()).isEqualTo("shot-1");
    assertThat(swipe.path("after").path("id").asText()).isEqualTo("shot-2");
    assertThat(swipe.path("planned").size()).isEqualTo(8);
    assertThat(swipe.path("actual_ms").size()).isEqualTo(8);
    assertThat(swipe.path("planned").get(0).get(1).asText()).isEqualTo("down");
    assertThat(swipe.path("args").path("duration_ms").asInt()).isEqualTo(300);
    assertThat(swipe.path("diff").path("changed").asBoolean()).isFalse();
    assertThat(swipe.path("cost").path("hid_reports").asInt()).isEqualTo(8);
    for (ObjectNode rec : r) {
      assertThat(Files.exists(dir.resolve(rec.path("after").path("file").asText()))).isTrue();
    }
    assertThat(Files.list(dir.resolve(TraceReader.SHOTS)).count())
        .as("each screenshot stored once")
        .isEqualTo(3);
  }

  @Test
  void failuresAreRecordedWithTheirCode() {
    VirtualClock clock = new VirtualClock();
    RecordingHidTransport hid = new RecordingHidTransport(clock);
    hid.failOn(rep -> true, new java.io.UncheckedIOException(new IOException("unplugged")));
    try (Device d =
        Device.builder()
            .hid(hid)
            .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
            .ticker(clock)
            .sleeper(clock)
            .trace(dir)
            .open()) {
      assertThatThrownBy(() -> d.key(Key.ENTER)).isInstanceOf(SwipeException.class);
    }
    ObjectNode rec = TraceJson.records(dir).get(0);
    assertThat(rec.path("action").asText()).isEqualTo("key");
    assertThat(rec.path("error").path("code").asText()).isEqualTo("hid_disconnected");
  }

  /** A reader that sees one word, "Save", in the middle of any screen. */
  private static final class OneWordReader implements TextReader {
    @Override
    public TextPage read(BufferedImage image, TextBox region) {
      Word save =
          new Word(
              "Save", new TextBox(image.getWidth() / 2 - 40, image.getHeight() / 2, 80, 30), 0.95);
      return new TextPage(image.getWidth(), image.getHeight(), List.of(TextLine.of(List.of(save))));
    }

    @Override
    public String description() {
      return "one word";
    }

    @Override
    public void close() {}
  }

  @Test
  void aRefusedTapTextIsTracedWithItsQueryLikeARefusedScroll() {
    VirtualClock clock = new VirtualClock();
    try (Device d =
        Device.builder()
            .hid(new RecordingHidTransport(clock))
            .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
            .ticker(clock)
            .sleeper(clock)
            .textReader(new OneWordReader())
            .trace(dir)
            .open()) {
      Observation shot = d.screenshot();
      assertThatThrownBy(() -> d.text().tap(shot, TextQuery.of("Cancel")))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code().id()).isEqualTo("text_not_found"));
      assertThatThrownBy(
              () -> d.scroll(Scroll.builder(ScrollDirection.DOWN).expectContent(true).build()))
          .isInstanceOf(SwipeException.class);
      d.text().tap(shot, TextQuery.of("Save"));
    }
    List<ObjectNode> r = TraceJson.records(dir);
    assertThat(r)
        .extracting(n -> n.path("action").asText())
        .containsExactly("screenshot", "tap", "scroll", "tap");
    ObjectNode refused = r.get(1);
    assertThat(refused.path("error").path("code").asText()).isEqualTo("text_not_found");
    assertThat(refused.path("args").path("query").asText()).contains("Cancel");
    assertThat(refused.path("before").path("id").asText()).isEqualTo(shot(r.get(0)));
    // a refused scroll, for comparison: a still screen under an absolute mouse, which the phone
    // did not draw when the input check moved it, so the scroll is refused as input ignored
    assertThat(r.get(2).path("error").path("code").asText()).isEqualTo("input_ignored");
    ObjectNode tapped = r.get(3);
    assertThat(tapped.has("error")).isFalse();
    assertThat(tapped.path("decision").path("text").asText()).isEqualTo("Save");
  }

  private static String shot(ObjectNode screenshot) {
    return screenshot.path("after").path("id").asText();
  }

  @Test
  void aTruncatedOrMalformedTraceRendersWhatIsReadable() throws IOException {
    try (Device d = device(dir)) {
      d.screenshot();
      d.tap(NormPoint.CENTER);
      d.tap(NormPoint.of(100, 100));
    }
    Path file = dir.resolve(TraceReader.FILE);
    String text = Files.readString(file);
    String[] lines = text.split("\n");
    // garbage in the middle, and a last line cut in half as a killed process would leave it
    String damaged =
        lines[0] + "\n{not json\n" + lines[1] + "\n" + lines[2].substring(0, lines[2].length() / 2);
    Files.writeString(file, damaged, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
    TraceReader.Trace t = TraceReader.read(dir);
    assertThat(t.records()).hasSize(2);
    assertThat(t.skipped()).extracting(TraceReader.Skipped::line).containsExactly(2, 4);
    Path report = HtmlReport.render(dir);
    String html = Files.readString(report);
    assertThat(html).contains("Skipped 2 unreadable lines").contains("line 2:").contains("line 4:");
    assertThat(html.split("<section class=\"step").length - 1).isEqualTo(2);
  }

  @Test
  void theReportShowsEachStepWithImagesPathAndTotals() throws IOException {
    try (Device d = device(dir)) {
      d.screenshot();
      d.swipe(
          Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300)).holdAfterMs(120).build());
    }
    String html = Files.readString(HtmlReport.render(dir));
    assertThat(html).contains("2 steps").contains("1 gesture").contains("0 errors");
    assertThat(html).contains("<polyline points=\"500.0,700.0 ").contains("dwell 120 ms");
    assertThat(html).contains("src=\"shots/").doesNotContain("http://").doesNotContain("https://");
    assertThat(html.split("<section class=\"step").length - 1).isEqualTo(2);
  }

  @Test
  void diskUseIsBounded() {
    TraceWriter w = TraceWriter.open(dir, 4096);
    try (Device d = device(dir.resolve("unused"))) {
      var o = d.screenshot();
      ObjectNode r = w.newRecord("screenshot", 0, "run-x");
      w.attachShot(r, "after", o);
      assertThat(o.jpegSize()).isGreaterThan(4096 / 4 * 3);
      assertThat(r.path("after").has("skipped")).isTrue();
      assertThat(r.path("after").has("file")).isFalse();
    }
    w.close();
  }

  @Test
  void aTraceOptionInTheDeviceUriIsConsumedBeforeTheProvider() throws IOException {
    Path t = dir.resolve("t");
    try (Device d = Device.open("fakephone:?trace=" + t)) {
      d.screenshot();
    }
    assertThat(TraceReader.read(t).records()).hasSize(1);
    assertThatThrownBy(() -> TraceReader.read(dir.resolve("missing")))
        .isInstanceOf(SwipeException.class);
  }

  @Test
  void aTraceDirectoryThatCannotBeWrittenFailsBeforeAnyPartIsUsed() throws IOException {
    Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
    VirtualClock clock = new VirtualClock();
    RecordingHidTransport hid = new RecordingHidTransport(clock);
    assertThatThrownBy(
            () ->
                Device.builder()
                    .hid(hid)
                    .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
                    .ticker(clock)
                    .sleeper(clock)
                    .trace(file.resolve("trace"))
                    .open())
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code().id()).isEqualTo("invalid_argument");
              assertThat(e.details()).containsEntry("field", "trace");
            });
    assertThat(hid.sent())
        .as("nothing was played; the given part was only released and closed")
        .allSatisfy(
            sent ->
                assertThat(sent.report())
                    .isEqualTo(new dev.swipe.core.spi.HidReport.Pointer(NormPoint.CENTER, false)));
    assertThatThrownBy(() -> Device.builder().trace(dir, 100))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.details()).containsEntry("field", "trace_max_bytes"));
  }

  @Test
  void aFullBudgetStopsTheTraceWithItsReasonAndTheRunGoesOn() throws IOException {
    VirtualClock clock = new VirtualClock();
    try (Device d =
        Device.builder()
            .hid(new RecordingHidTransport(clock))
            .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
            .ticker(clock)
            .sleeper(clock)
            .trace(dir, 8192)
            .open()) {
      for (int i = 0; i < 12; i++) {
        d.tap(NormPoint.of(100 + 50 * i, 500)); // every tap still plays
      }
      assertThat(d.screenshot()).isNotNull();
    }
    TraceReader.Trace t = TraceReader.read(dir);
    assertThat(t.skipped()).isEmpty();
    assertThat(t.stopReason()).hasValueSatisfying(r -> assertThat(r).contains("8192"));
    List<ObjectNode> taps =
        TraceJson.of(t).stream().filter(r -> r.path("action").asText().equals("tap")).toList();
    assertThat(taps)
        .as("what was written before the stop stays readable")
        .isNotEmpty()
        .hasSizeLessThan(12);
    assertThat(t.records().get(t.records().size() - 1).action()).isEqualTo(TraceReader.STOPPED);
    long size;
    try (var files = Files.walk(dir)) {
      size = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
    assertThat(size).as("the directory stays within its budget").isLessThanOrEqualTo(8192);
    String html = Files.readString(HtmlReport.render(dir));
    assertThat(html).contains("The trace stopped early").contains("8192");
  }

  @Test
  void aScreenshotThatCannotBeStoredIsNotedAndTheTraceGoesOn() throws IOException {
    try (Device d = device(dir)) {
      d.screenshot();
      // the shots directory replaced by a file: the next screenshot cannot be written
      try (var files = Files.list(dir.resolve(TraceReader.SHOTS))) {
        for (Path p : files.toList()) {
          Files.delete(p);
        }
      }
      Files.delete(dir.resolve(TraceReader.SHOTS));
      Files.writeString(dir.resolve(TraceReader.SHOTS), "in the way");
      d.tap(NormPoint.CENTER);
    }
    List<ObjectNode> r = TraceJson.records(dir);
    assertThat(r).extracting(n -> n.path("action").asText()).containsExactly("screenshot", "tap");
    assertThat(r.get(1).path("after").path("skipped").asText()).startsWith("could not store");
  }

  @Test
  void recordsWithWrongTypesAreListedAndSkipped() throws IOException {
    try (Device d = device(dir)) {
      d.screenshot();
    }
    Path file = dir.resolve(TraceReader.FILE);
    Files.writeString(
        file,
        "{\"seq\":\"7\",\"action\":\"tap\"}\n{\"seq\":8,\"action\":\"tap\",\"t_ms\":\"soon\"}\n[1,2]\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
    TraceReader.Trace t = TraceReader.read(dir);
    assertThat(t.records()).hasSize(1);
    assertThat(t.skipped()).extracting(TraceReader.Skipped::line).containsExactly(2, 3, 4);
  }
}

package dev.swipe.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trace line over the reader's bound is skipped, not held whole in memory; one at it is read. */
class TraceReaderBoundsTest {
  private static final String RECORD = "{\"seq\":1,\"t_ms\":0,\"action\":\"screenshot\"}\n";

  @TempDir Path tmp;

  @Test
  void aLineLongerThanTheBoundIsSkippedAndTheRestRead() throws IOException {
    Path trace = Files.createDirectories(tmp.resolve("long"));
    String huge =
        "{\"seq\":2,\"action\":\"x\",\"pad\":\"" + "a".repeat(TraceReader.MAX_LINE_CHARS) + "\"}\n";
    Files.writeString(
        trace.resolve(TraceReader.FILE), RECORD + huge + RECORD.replace("\"seq\":1", "\"seq\":3"));

    TraceReader.Trace t = TraceReader.read(trace);

    assertThat(t.records()).extracting(TraceRecord::seq).containsExactly(1L, 3L);
    assertThat(t.skipped())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.line()).isEqualTo(2);
              assertThat(s.reason()).contains("over " + TraceReader.MAX_LINE_CHARS);
            });
  }

  @Test
  void aLineAtTheBoundIsReadWhole() throws IOException {
    String line = "x".repeat(TraceReader.MAX_LINE_CHARS);
    StringBuilder buf = new StringBuilder();
    StringReader in = new StringReader(line + "\r\nnext");
    assertThat(TraceReader.readLine(in, buf)).isEqualTo(TraceReader.MAX_LINE_CHARS);
    assertThat(buf.length()).isEqualTo(TraceReader.MAX_LINE_CHARS);
    assertThat(TraceReader.readLine(in, buf)).isEqualTo(4);
    assertThat(buf.toString()).isEqualTo("next");
    assertThat(TraceReader.readLine(in, buf)).isEqualTo(-1);
  }
}

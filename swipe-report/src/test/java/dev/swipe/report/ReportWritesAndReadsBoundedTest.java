package dev.swipe.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.trace.TraceReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34: a crafted trace directory cannot make the report write outside it (a {@code
 * report.html} planted as a link, a run directory that is a link), and the trace reader does not
 * hold a line of any length.
 */
class ReportWritesAndReadsBoundedTest {
  @TempDir Path tmp;

  private static final String RECORD = "{\"seq\":1,\"t_ms\":0,\"action\":\"screenshot\"}\n";

  private static int report(String... args) {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    return HtmlReport.run(args, quiet, quiet);
  }

  @Test
  void aReportPlantedAsALinkIsReplacedNotWrittenThrough() throws IOException {
    Path trace = Files.createDirectories(tmp.resolve("run"));
    Files.writeString(trace.resolve(TraceReader.FILE), RECORD);
    Path victim = Files.writeString(tmp.resolve("victim.txt"), "keep me");
    Files.createSymbolicLink(trace.resolve(HtmlReport.FILE), victim);

    assertThat(report(trace.toString())).isZero();

    assertThat(Files.readString(victim)).isEqualTo("keep me");
    assertThat(Files.isSymbolicLink(trace.resolve(HtmlReport.FILE))).isFalse();
    assertThat(Files.readString(trace.resolve(HtmlReport.FILE))).contains("<html");
    try (var left = Files.list(trace)) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .as("no temporary file left behind")
          .noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  @Test
  void aRunDirectoryThatIsALinkIsNotRendered() throws IOException {
    Path runs = Files.createDirectories(tmp.resolve("runs"));
    Path real = Files.createDirectories(runs.resolve("2026-12-03T10-00-00"));
    Files.writeString(real.resolve(TraceReader.FILE), RECORD);
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
    Files.writeString(elsewhere.resolve(TraceReader.FILE), RECORD);
    Files.createSymbolicLink(runs.resolve("2026-12-03T11-00-00"), elsewhere);

    assertThat(report(runs.toString())).isZero();

    assertThat(real.resolve(HtmlReport.FILE)).exists();
    assertThat(elsewhere.resolve(HtmlReport.FILE)).doesNotExist();
    assertThat(Files.readString(runs.resolve("index.html")))
        .contains("2026-12-03T10-00-00")
        .doesNotContain("2026-12-03T11-00-00");
  }
}

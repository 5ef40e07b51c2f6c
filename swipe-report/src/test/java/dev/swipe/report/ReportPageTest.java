package dev.swipe.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.core.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page as built from typed trace records and its template: text from a trace is data, never
 * markup, wherever the page shows it, and records the SDK would not write still render.
 */
class ReportPageTest {
  @TempDir Path dir;

  private static final String SCRIPT = "<script>alert(1)</script>";

  private String render(String... lines) throws IOException {
    Files.writeString(dir.resolve(TraceReader.FILE), String.join("\n", lines) + "\n");
    return Files.readString(HtmlReport.render(dir));
  }

  @Test
  void textFromTheTraceIsEscapedWhereverThePageShowsIt() throws IOException {
    String s = "\"" + SCRIPT + "\"";
    String html =
        render(
            "{\"seq\":1,\"t_ms\":0,\"action\":"
                + s
                + ",\"goal\":{\"label\":"
                + s
                + "},\"outcome\":{\"note\":"
                + s
                + ",\"nested\":{\"n\":"
                + s
                + "}},\"evidence\":{\"found\":"
                + s
                + "},\"args\":{\"text\":"
                + s
                + "},\"error\":{\"code\":\"x\",\"message\":"
                + s
                + "},\"after\":{\"id\":"
                + s
                + ",\"skipped\":"
                + s
                + "}}",
            "{\"seq\":2,\"t_ms\":1,\"action\":\"trace_stopped\",\"reason\":" + s + "}");
    assertThat(Pattern.compile("<script>").matcher(html).results().count())
        .as("only the page's own script")
        .isEqualTo(1);
    assertThat(html).doesNotContain(SCRIPT).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    assertThat(html)
        .as("an attribute cannot be closed from the trace")
        .contains("data-action=\"&lt;script&gt;alert(1)&lt;/script&gt;\"");
  }

  @Test
  void aMarkOfThePageTemplateInTheTraceIsShownNotFilled() throws IOException {
    String html =
        render(
            "{\"seq\":1,\"t_ms\":0,\"action\":\"tap\",\"goal\":{\"note\":\"{{steps}}\"}}",
            "{\"seq\":2,\"t_ms\":1,\"action\":\"trace_stopped\",\"reason\":\"{{timeline}}\"}");
    assertThat(html).contains("note = {{steps}}").contains("stopped early:</strong> {{timeline}}");
    assertThat(HtmlReport.fill("a {{x}} b", Map.of("x", "{{x}}"))).isEqualTo("a {{x}} b");
    assertThatThrownBy(() -> HtmlReport.fill("{{missing}}", Map.of()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("missing");
  }

  @Test
  void oddValuesWhereNumbersAndListsBelongStillRender() throws IOException {
    String html =
        render(
            "{\"seq\":1,\"t_ms\":0,\"action\":\"swipe\",\"planned\":[[],7,[5,\"move\"],"
                + "[9,\"move\",\"x\",null]],\"actual_ms\":\"soon\",\"cost\":{\"hid_reports\":\"many\"},"
                + "\"before\":{\"id\":\"b\"},\"after\":\"none\",\"diff\":{\"region\":[1]}}");
    assertThat(html).contains("id=\"step-1\"").contains("timeline (4 reports, 0 merged)");
    assertThat(html).contains("<dt>hid_reports</dt><dd>many</dd>");
  }

  @Test
  void aMissingPartOfThePageFailsClearly() {
    assertThatThrownBy(() -> HtmlReport.resource("no-such-part.html"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no-such-part.html is missing");
  }
}

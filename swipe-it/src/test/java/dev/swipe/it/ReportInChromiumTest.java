package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.report.HtmlReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders the report of a simulator run and loads it in headless Chromium (installed by .ci/run
 * from Debian's packages): the page must load with every image and no script error, show one step
 * per trace record, and a screenshot of it is saved.
 */
class ReportInChromiumTest {
  @TempDir Path dir;

  @Test
  void theReportOfASimulatorRunLoadsInChromium() throws Exception {
    Path chromium = findChromium();
    if (chromium == null && "1".equals(System.getenv("SWIPE_REQUIRE_TOOLS"))) {
      throw new AssertionError("chromium is not installed, and SWIPE_REQUIRE_TOOLS=1 requires it");
    }
    assumeTrue(chromium != null, "chromium is not installed (.ci/run installs it)");
    Path trace = dir.resolve("trace");
    try (Device d = Device.open("sim:?scale=0.5&platform=ios&input=ideal&trace=" + trace)) {
      d.screenshot();
      d.scroll(Scroll.of(ScrollDirection.DOWN));
      d.swipe(
          Swipe.builder(NormPoint.of(500, 750), NormPoint.of(500, 450))
              .durationMs(400)
              .steps(16)
              .holdAfterMs(100)
              .build());
      d.tap(NormPoint.of(500, 600));
    }
    int records = TraceReader.read(trace).records().size();
    assertThat(records).isEqualTo(4);
    Path report = HtmlReport.render(trace);

    String dom = run(chromium, "--dump-dom", report.toUri().toString());
    Matcher ready = Pattern.compile("data-ready=\"(\\w+)\"").matcher(dom);
    assertThat(ready.find()).as("the page's script ran").isTrue();
    assertThat(ready.group(1)).as("every image loaded and no script error").isEqualTo("ok");
    assertThat(attr(dom, "data-steps")).isEqualTo(String.valueOf(records));
    assertThat(Integer.parseInt(attr(dom, "data-images")))
        .as("before/after images and heat overlays")
        .isGreaterThanOrEqualTo(2 * (records - 1) + 1);
    assertThat(attr(dom, "data-broken-images")).isEqualTo("0");

    Path png = Path.of("target", "report-screenshot.png").toAbsolutePath();
    Files.deleteIfExists(png);
    run(chromium, "--screenshot=" + png, "--window-size=1280,2000", report.toUri().toString());
    assertThat(png).exists();
    assertThat(Files.size(png)).isGreaterThan(10_000);
  }

  private static String attr(String dom, String name) {
    Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(dom);
    assertThat(m.find()).as(name).isTrue();
    return m.group(1);
  }

  private String run(Path chromium, String... args) throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--allow-file-access-from-files",
                "--user-data-dir=" + dir.resolve("profile"),
                "--virtual-time-budget=5000"));
    cmd.addAll(List.of(args));
    Path out = dir.resolve("chromium-out.txt");
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(false)
            .redirectOutput(out.toFile())
            .redirectError(dir.resolve("chromium-err.txt").toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish");
    }
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  private static Path findChromium() {
    for (String c :
        List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
      if (Files.isExecutable(Path.of(c))) {
        return Path.of(c);
      }
    }
    return null;
  }
}

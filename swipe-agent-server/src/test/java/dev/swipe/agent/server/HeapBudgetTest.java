package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Kept screenshots stay within a small heap: {@code serve} in its own JVM with {@code -Xmx256m} and
 * the screenshot budget the docs advise for it (a quarter of the heap) takes full-size screenshots
 * in four runs, more than the budget holds, each followed by a diff against the run's oldest. Every
 * answer is a result or a coded error ({@code attachment_evicted} once the oldest went); none is an
 * HTTP 500, no {@code OutOfMemoryError} is printed, and the server lives to answer at the end. The
 * reliability table runs 1,200 screenshots with {@code -Dswipe.reliability.screenshots=1200};
 * {@code -Dswipe.reliability.attachmentBytes=N} changes the budget.
 */
@Timeout(600)
class HeapBudgetTest {
  private static final Pattern LISTENING =
      Pattern.compile("HTTP tools on http://127\\.0\\.0\\.1:(\\d+)/");
  private static final int SCREENSHOTS = Integer.getInteger("swipe.reliability.screenshots", 480);
  private static final int RUNS = 4;

  /** The server's screenshot budget: a quarter of the heap, as the docs advise. */
  private static final long BUDGET =
      Long.getLong("swipe.reliability.attachmentBytes", 64L * 1024 * 1024);

  @Test
  void screenshotsBeyondTheHeapAreEvictedNeverAnOutOfMemory() throws Exception {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName(),
                "serve",
                "--http",
                "127.0.0.1:0",
                "--memory",
                "none",
                "--device",
                "sim:?scene=list",
                "--max-attachment-bytes",
                String.valueOf(BUDGET))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    StringBuilder err = new StringBuilder();
    CompletableFuture<Integer> port = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                  synchronized (err) {
                    err.append(line).append('\n');
                  }
                  Matcher m = LISTENING.matcher(line);
                  if (m.find()) {
                    port.complete(Integer.parseInt(m.group(1)));
                  }
                }
              } catch (java.io.IOException e) {
                port.completeExceptionally(e);
              }
              port.completeExceptionally(new IllegalStateException("the server ended: " + err));
            });
    reader.setDaemon(true);
    reader.start();
    try {
      int at = port.get(60, TimeUnit.SECONDS);
      Map<String, Integer> answers = new TreeMap<>();
      List<List<String>> ids = new ArrayList<>();
      for (int r = 0; r < RUNS; r++) {
        ids.add(new ArrayList<>());
      }
      try (RawHttp client = new RawHttp(at)) {
        for (int i = 0; i < SCREENSHOTS; i++) {
          int run = i % RUNS;
          RawHttp.Answer shot =
              client.send(RawHttp.post("/tools/screenshot", "{}", "run: heap-" + run)).read();
          answers.merge("screenshot " + shot.status(), 1, Integer::sum);
          assertThat(shot.status()).as("screenshot %d: %s", i, shot.body()).isEqualTo(200);
          String id = shot.json().get("screenshot_attachment_id").asText();
          List<String> mine = ids.get(run);
          mine.add(id);
          String diff = "{\"before\":\"" + mine.get(0) + "\",\"after\":\"" + id + "\"}";
          RawHttp.Answer d =
              client.send(RawHttp.post("/tools/image_diff", diff, "run: heap-" + run)).read();
          String code = d.status() == 200 ? "" : " " + d.json().path("error").path("code").asText();
          answers.merge("image_diff " + d.status() + code, 1, Integer::sum);
          assertThat(d.status()).as("diff %d: %s", i, d.body()).isNotEqualTo(500);
          if (d.status() != 200) {
            assertThat(code).as(d.body()).isEqualTo(" attachment_evicted");
          }
        }
        assertThat(client.send(RawHttp.get("/tools")).read().status())
            .as("the server still answers")
            .isEqualTo(200);
      }
      assertThat(answers)
          .as("the oldest screenshots were evicted: the budget, not the heap, bounded them")
          .containsKey("image_diff 410 attachment_evicted");
      assertThat(p.isAlive()).isTrue();
      synchronized (err) {
        assertThat(err.toString()).doesNotContain("OutOfMemoryError");
      }
      System.out.printf(
          "reliability: %d screenshots over %d runs at -Xmx256m: %s%n", SCREENSHOTS, RUNS, answers);
    } finally {
      p.destroy();
      if (!p.waitFor(20, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
  }
}

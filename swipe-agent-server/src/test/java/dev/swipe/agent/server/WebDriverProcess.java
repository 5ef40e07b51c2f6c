package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The agent jar's {@code webdriver} command in a JVM of its own, as a Grid node or a user starts
 * it: the address it prints on stderr is where clients connect; closing ends the process.
 */
final class WebDriverProcess implements AutoCloseable {
  private static final Pattern LISTENING =
      Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");

  private final Process process;
  private final URL url;

  private WebDriverProcess(Process process, URL url) {
    this.process = process;
    this.url = url;
  }

  /** Starts {@code webdriver --port 0} with {@code args} and waits for its address. */
  static WebDriverProcess start(String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(SwipeAgentCli.class.getName());
    command.add("webdriver");
    command.add("--port");
    command.add("0");
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).start();
    try {
      BufferedReader err =
          new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
      String url =
          CompletableFuture.supplyAsync(
                  () -> {
                    try {
                      for (String line; (line = err.readLine()) != null; ) {
                        Matcher m = LISTENING.matcher(line);
                        if (m.find()) {
                          return m.group(1);
                        }
                      }
                      return null;
                    } catch (java.io.IOException e) {
                      return null;
                    }
                  })
              .get(120, TimeUnit.SECONDS);
      assertThat(url).as("the webdriver command printed its address").isNotNull();
      CompletableFuture.runAsync(
          () -> {
            try {
              while (err.readLine() != null) {
                // keep the pipe drained
              }
            } catch (java.io.IOException e) {
              // the process ended
            }
          });
      return new WebDriverProcess(p, new URL(url));
    } catch (Exception | AssertionError e) {
      p.destroyForcibly();
      throw e;
    }
  }

  /** Where WebDriver clients connect. */
  URL url() {
    return url;
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}

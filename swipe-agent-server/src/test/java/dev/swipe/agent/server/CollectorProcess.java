package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The agent jar's {@code collect} command in a JVM of its own, as a farm runs it: the address it
 * prints on stderr is where rigs send; {@link #kill()} ends it as SIGKILL does, mid-write or not.
 */
final class CollectorProcess implements AutoCloseable {
  private static final Pattern LISTENING =
      Pattern.compile("collecting traces on (http://127\\.0\\.0\\.1:\\d+)");

  private final Process process;
  private final URI url;

  private CollectorProcess(Process process, URI url) {
    this.process = process;
    this.url = url;
  }

  /** Starts {@code collect} with {@code args} and waits for its address. */
  static CollectorProcess start(Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(SwipeAgentCli.class.getName());
    command.add("collect");
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().putAll(env);
    Process p = pb.start();
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
      assertThat(url).as("the collect command printed its address").isNotNull();
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
      return new CollectorProcess(p, URI.create(url));
    } catch (Exception | AssertionError e) {
      p.destroyForcibly();
      throw e;
    }
  }

  URI url() {
    return url;
  }

  int port() {
    return url.getPort();
  }

  /** Ends the process at once (SIGKILL on Linux) and waits for it. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}

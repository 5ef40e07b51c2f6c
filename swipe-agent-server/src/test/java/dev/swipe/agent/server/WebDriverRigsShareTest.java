package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.agent.server.internal.TraceCollector;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One agent jar serving two phones ({@code webdriver --rig A=URI --rig B=URI}) with one memory
 * store and a trace collector, in a child JVM on loopback: what a session on one phone saves, a
 * session on the other recalls; and each session's trace is filed at the collector under its own
 * phone's rig name.
 */
@Timeout(300)
class WebDriverRigsShareTest {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private static JsonNode post(String url, String body) throws Exception {
    return GridTracesDocsTest.post(HTTP, url, body).path("value");
  }

  private static String session(String base, String rig) throws Exception {
    JsonNode v =
        post(
            base + "/session",
            "{\"capabilities\":{\"alwaysMatch\":{\"appium:automationName\":\"Swipe\","
                + "\"swipe:rig\":\""
                + rig
                + "\"}}}");
    assertThat(v.path("capabilities").path("swipe:rig").asText()).isEqualTo(rig);
    return v.path("sessionId").asText();
  }

  private static JsonNode call(String base, String id, String method, String args)
      throws Exception {
    return post(
        base + "/session/" + id + "/execute/sync",
        "{\"script\":\"swipe: " + method + "\",\"args\":[" + args + "]}");
  }

  private static void end(String base, String id) throws Exception {
    HTTP.send(
        HttpRequest.newBuilder(URI.create(base + "/session/" + id)).DELETE().build(),
        HttpResponse.BodyHandlers.discarding());
  }

  private static List<Path> dirs(Path p) throws Exception {
    if (!Files.isDirectory(p)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(p)) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }

  @Test
  void aSaveOnOnePhoneIsRecalledOnTheOtherAndEachTraceIsFiledByItsRig(@TempDir Path work)
      throws Exception {
    Path farm = work.resolve("farm-traces");
    try (TraceCollector collector =
        TraceCollector.builder(farm)
            .address(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .start()) {
      String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
      List<String> command =
          List.of(
              java,
              "-Xmx512m",
              "-cp",
              System.getProperty("java.class.path"),
              SwipeAgentCli.class.getName(),
              "webdriver",
              "--port",
              "0",
              "--rig",
              "phone-a=sim:?scene=list&scale=0.25",
              "--rig",
              "phone-b@ios=sim:?scene=list&platform=ios&scale=0.25",
              "--memory",
              "sqlite:" + work.resolve("farm.db"),
              "--trace-to",
              "http://127.0.0.1:" + collector.address().getPort());
      Process rigs = new ProcessBuilder(command).directory(work.toFile()).start();
      List<String> ids = new ArrayList<>();
      try {
        String base =
            GridTracesDocsTest.await(
                rigs, Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)"));
        String a = session(base, "phone-a");
        ids.add(a);
        JsonNode saved =
            call(
                base,
                a,
                "saveMemory",
                "{\"title\":\"Clock hour picker swipe parameters\",\"content\":\"effective distance:"
                    + " 35, hold_after_ms: 100\",\"entities\":[\"Clock\"],\"tags\":[\"picker\"]}");
        assertThat(saved.path("id").asText()).as(saved.toString()).isNotEmpty();
        String b = session(base, "phone-b");
        ids.add(b);
        JsonNode recalled = call(base, b, "recallMemory", "{\"query\":\"Clock hour picker\"}");
        assertThat(recalled.toString()).contains(saved.path("id").asText());
        call(base, b, "screenshot", "{\"image\":\"none\"}");
        end(base, a);
        end(base, b);
      } finally {
        rigs.destroy(); // SIGTERM: the rigs end their sessions, whose traces are sent first
        if (!rigs.waitFor(60, TimeUnit.SECONDS)) {
          rigs.destroyForcibly();
        }
      }
      assertThat(dirs(farm))
          .extracting(p -> p.getFileName().toString())
          .containsExactly("phone-a", "phone-b");
      for (int i = 0; i < 2; i++) {
        List<Path> runs = dirs(farm.resolve(i == 0 ? "phone-a" : "phone-b"));
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).getFileName().toString()).endsWith("-session-" + ids.get(i));
        assertThat(TraceReader.read(runs.get(0)).records())
            .extracting(TraceRecord::action)
            .contains(i == 0 ? "memory_save" : "memory_recall");
      }
    }
  }
}

package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AgentHttpServerTest {
  private static final ObjectMapper M = new ObjectMapper();
  private Device device;
  private MemoryStore memory;
  private AgentHttpServer server;
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @BeforeEach
  void start() {
    device = Device.open("sim:?scale=0.5&scene=list");
    memory = MemoryStore.open("mem:");
    server =
        AgentHttpServer.builder(device)
            .address(new InetSocketAddress("127.0.0.1", 0))
            .memory(memory)
            .maxRequestBytes(2 * 1024 * 1024)
            .simState(true)
            .start();
  }

  @AfterEach
  void stop() {
    server.close();
    memory.close();
    device.close();
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.address().getPort() + path);
  }

  private HttpResponse<String> post(String tool, String body, String run) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri("/tools/" + tool))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (run != null) {
      b.header("run", run);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode json(HttpResponse<String> r) throws Exception {
    return M.readTree(r.body());
  }

  @Test
  void listsToolsAndRunsThemWithTheDispatchersJson() throws Exception {
    HttpResponse<String> list =
        http.send(
            HttpRequest.newBuilder(uri("/tools")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(list.statusCode()).isEqualTo(200);
    assertThat(json(list).get("tools").findValuesAsText("name"))
        .contains("screenshot", "image_diff", "touch_gesture", "sim_state");
    assertThat(
            json(list)
                .get("tools")
                .get(0)
                .get("input_schema")
                .get("additionalProperties")
                .asBoolean())
        .isFalse();

    HttpResponse<String> shot = post("screenshot", "{}", "alice");
    assertThat(shot.statusCode()).isEqualTo(200);
    assertThat(shot.headers().firstValue("run")).contains("alice");
    String id = json(shot).get("screenshot_attachment_id").asText();
    String b64 = json(shot).get("image").asText();
    HttpResponse<String> swiped =
        post(
            "touch_gesture",
            "{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":700},\"end\":{\"x\":500,\"y\":400},\"hold_after_ms\":100}",
            "alice");
    assertThat(swiped.statusCode()).isEqualTo(200);
    // base64 JPEG where an id is accepted, mixed with an id of the same run
    String body =
        M.createObjectNode()
            .put("before", b64)
            .put("after", json(swiped).get("screenshot_attachment_id").asText())
            .toString();
    HttpResponse<String> diff = post("image_diff", body, "alice");
    assertThat(diff.statusCode()).isEqualTo(200);
    assertThat(json(diff).get("changed").asBoolean()).isTrue();
    assertThat(json(diff).get("primary_axis").asText()).isEqualTo("vertical");

    // another run does not know alice's ids
    HttpResponse<String> foreign =
        post("image_diff", "{\"before\":\"" + id + "\",\"after\":\"" + id + "\"}", "bob");
    assertThat(foreign.statusCode()).isEqualTo(400);
    assertThat(json(foreign).get("error").get("code").asText()).isEqualTo("unknown_attachment");
  }

  @Test
  void withoutARunHeaderEachConnectionIsARun() throws Exception {
    String id = json(post("screenshot", "{}", null)).get("screenshot_attachment_id").asText();
    HttpResponse<String> same =
        post("image_diff", "{\"before\":\"" + id + "\",\"after\":\"" + id + "\"}", null);
    assertThat(same.statusCode()).as(same.body()).isEqualTo(200);
    assertThat(same.headers().firstValue("run").orElseThrow()).startsWith("connection-");
    HttpClient other = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpResponse<String> r =
        other.send(
            HttpRequest.newBuilder(uri("/tools/image_diff"))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"before\":\"" + id + "\",\"after\":\"" + id + "\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(json(r).get("error").get("code").asText()).isEqualTo("unknown_attachment");
  }

  @Test
  void refusesBadRequestsWithStructuredErrors() throws Exception {
    assertThat(post("no_such_tool", "{}", null).statusCode()).isEqualTo(404);
    HttpResponse<String> bad = post("touch_gesture", "{\"type\":\"swipe\"", null);
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(json(bad).get("error").get("code").asText()).isEqualTo("invalid_argument");
    HttpResponse<String> big =
        post("screenshot", "{\"x\":\"" + "a".repeat(3 * 1024 * 1024) + "\"}", null);
    assertThat(big.statusCode()).isEqualTo(413);
    assertThat(json(big).get("error").get("code").asText()).isEqualTo("request_too_large");
    HttpResponse<String> text =
        http.send(
            HttpRequest.newBuilder(uri("/tools/screenshot"))
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(text.statusCode()).isEqualTo(415);
    assertThat(post("screenshot", "{}", "bad run!").statusCode()).isEqualTo(400);
    HttpResponse<String> get =
        http.send(
            HttpRequest.newBuilder(uri("/elsewhere")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(get.statusCode()).isEqualTo(404);
  }

  @Test
  void aTokenIsRequiredOffLoopbackAndEnforcedWhenSet() throws Exception {
    assertThatThrownBy(
            () ->
                AgentHttpServer.builder(device)
                    .address(new InetSocketAddress("0.0.0.0", 0))
                    .start())
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("token"));
    try (AgentHttpServer guarded =
        AgentHttpServer.builder(device)
            .address(new InetSocketAddress("127.0.0.1", 0))
            .token("s3cret")
            .start()) {
      URI u = URI.create("http://127.0.0.1:" + guarded.address().getPort() + "/tools/screenshot");
      HttpRequest.Builder b =
          HttpRequest.newBuilder(u)
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString("{}"));
      HttpResponse<String> no = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
      assertThat(no.statusCode()).isEqualTo(401);
      HttpResponse<String> wrong =
          http.send(
              b.copy().header("Authorization", "Bearer nope").build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(wrong.statusCode()).isEqualTo(401);
      HttpResponse<String> ok =
          http.send(
              b.copy().header("Authorization", "Bearer s3cret").build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(ok.statusCode()).isEqualTo(200);
      assertThat(json(ok).get("screenshot_attachment_id").asText()).startsWith("shot-");
    }
  }

  @Test
  void keptScreenshotsStayWithinTheServersBudgetAndEvictedIdsSaySo() throws Exception {
    long mib = 1024 * 1024;
    try (AgentHttpServer small =
        AgentHttpServer.builder(device)
            .address(new InetSocketAddress("127.0.0.1", 0))
            .maxRunAttachmentBytes(mib)
            .maxAttachmentBytes(2 * mib)
            .start()) {
      URI shot = URI.create("http://127.0.0.1:" + small.address().getPort() + "/tools/screenshot");
      URI diff = URI.create("http://127.0.0.1:" + small.address().getPort() + "/tools/image_diff");
      java.util.Map<String, java.util.List<String>> ids = new java.util.LinkedHashMap<>();
      for (int i = 0; i < 48; i++) { // bounded: 12 screenshots in each of 4 runs
        String run = "run-" + (i % 4);
        HttpResponse<String> r = send(shot, "{}", run);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        java.util.List<String> mine = ids.computeIfAbsent(run, k -> new java.util.ArrayList<>());
        mine.add(json(r).get("screenshot_attachment_id").asText());
        if (mine.size() >= 2) { // diffing decodes and caches the rasters of both
          String body =
              M.createObjectNode()
                  .put("before", mine.get(mine.size() - 2))
                  .put("after", mine.get(mine.size() - 1))
                  .toString();
          HttpResponse<String> d = send(diff, body, run);
          assertThat(d.statusCode()).as(d.body()).isEqualTo(200);
        }
        assertThat(small.attachmentBudget().heldBytes())
            .as("bytes held by all runs' screenshots after request %d", i)
            .isPositive()
            .isLessThanOrEqualTo(2 * mib);
      }
      String first = ids.get("run-0").get(0);
      HttpResponse<String> gone =
          send(diff, "{\"before\":\"" + first + "\",\"after\":\"" + first + "\"}", "run-0");
      assertThat(gone.statusCode()).as(gone.body()).isEqualTo(410);
      assertThat(json(gone).get("error").get("code").asText()).isEqualTo("attachment_evicted");
      assertThat(json(gone).get("error").get("message").asText()).contains("take a new screenshot");
    }
  }

  private HttpResponse<String> send(URI u, String body, String run) throws Exception {
    return http.send(
        HttpRequest.newBuilder(u)
            .header("Content-Type", "application/json")
            .header("run", run)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}

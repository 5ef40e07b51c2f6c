package dev.swipe.langchain4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.swipe.core.Device;
import dev.swipe.langchain4j.PhoneTools;
import dev.swipe.langchain4j.testing.ScriptedPhoneModel;
import dev.swipe.sim.SimOracle;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class PhoneAgentExampleTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String run(Map<String, String> env, String... args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code =
        PhoneAgentExample.run(args, env, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return code + "\n" + bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void withoutAModelItSaysWhatToSet() {
    String out = run(Map.of());
    assertThat(out)
        .startsWith("2\n")
        .contains("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "SWIPE_AGENT_PROVIDER");
  }

  @Test
  void aWrongSettingIsNamed() {
    assertThat(run(Map.of("SWIPE_AGENT_PROVIDER", "gemini")))
        .startsWith("2\n")
        .contains("SWIPE_AGENT_PROVIDER");
    assertThat(run(Map.of("SWIPE_AGENT_PROVIDER", "anthropic")))
        .startsWith("2\n")
        .contains("ANTHROPIC_API_KEY");
    assertThat(run(Map.of("OPENAI_API_KEY", "k", "SWIPE_AGENT_IMAGES", "some")))
        .startsWith("2\n")
        .contains("SWIPE_AGENT_IMAGES");
  }

  @Test
  void eachProviderGetsTheImageDeliveryItsApiTakes() {
    assertThat(
            ConfiguredModel.fromEnvironment(Map.of("OPENAI_API_KEY", "k")).orElseThrow().images())
        .isEqualTo(PhoneTools.ImageDelivery.IN_USER_MESSAGE);
    ConfiguredModel anthropic =
        ConfiguredModel.fromEnvironment(Map.of("ANTHROPIC_API_KEY", "k", "OPENAI_API_KEY", "k"))
            .orElseThrow();
    assertThat(anthropic.images()).isEqualTo(PhoneTools.ImageDelivery.IN_TOOL_RESULT);
    assertThat(anthropic.name()).startsWith("anthropic claude");
    assertThat(
            ConfiguredModel.fromEnvironment(
                    Map.of("OPENAI_API_KEY", "k", "SWIPE_AGENT_IMAGES", "none"))
                .orElseThrow()
                .images())
        .isEqualTo(PhoneTools.ImageDelivery.NONE);
    assertThat(ConfiguredModel.fromEnvironment(Map.of("OPENAI_API_KEY", "k")).orElseThrow().name())
        .isEqualTo("openai gpt-4o-mini");
  }

  @Test
  void theExampleSetsThePickerWithAScriptedModel() {
    try (Device phone = Device.open("sim:?scene=picker&scale=0.5&platform=ios")) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      int code =
          PhoneAgentExample.run(
              new ScriptedPhoneModel(),
              PhoneTools.ImageDelivery.IN_TOOL_RESULT,
              phone,
              "Set the time picker to 18:30.",
              new PrintStream(bytes, true, StandardCharsets.UTF_8));
      assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("status: FINISHED");
      assertThat(code).isZero();
      SimOracle oracle = SimOracle.of(phone);
      assertThat(oracle.wheel("hour").value()).isEqualTo(18);
      assertThat(oracle.wheel("minute").value()).isEqualTo(30);
    }
  }

  /**
   * The OpenAI client of LangChain4j against an OpenAI-compatible server on loopback: the requests
   * carry our schemas, tool results as text and the screen as an image_url user part.
   */
  @Test
  void anOpenAiCompatibleServerGetsTextToolResultsAndTheScreenAsAUserImage() throws Exception {
    List<JsonNode> requests = new CopyOnWriteArrayList<>();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/v1/chat/completions",
        ex -> {
          JsonNode body = JSON.readTree(ex.getRequestBody());
          requests.add(body);
          String call =
              requests.size() == 1
                  ? "{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"screenshot\",\"arguments\":\"{}\"}}"
                  : "{\"id\":\"call_2\",\"type\":\"function\",\"function\":{\"name\":\"finished\",\"arguments\":\"{\\\"text\\\":\\\"seen\\\"}\"}}";
          byte[] answer =
              ("{\"id\":\"r"
                      + requests.size()
                      + "\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"m\","
                      + "\"choices\":[{\"index\":0,\"finish_reason\":\"tool_calls\",\"message\":{\"role\":\"assistant\",\"content\":null,"
                      + "\"tool_calls\":["
                      + call
                      + "]}}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,\"total_tokens\":2}}")
                  .getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(200, answer.length);
          ex.getResponseBody().write(answer);
          ex.close();
        });
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
      String out =
          run(
              Map.of("OPENAI_API_KEY", "test", "OPENAI_BASE_URL", base, "OPENAI_MODEL", "local"),
              "sim:?scene=carousel&scale=0.3",
              "Look at the screen.");
      assertThat(out).startsWith("0\n").contains("model: openai local", "status: FINISHED");
      assertThat(requests).hasSize(2);
      JsonNode tools = requests.get(0).get("tools");
      JsonNode gesture = null;
      for (JsonNode t : tools) {
        if (t.at("/function/name").asText().equals("touch_gesture")) {
          gesture = t.at("/function/parameters");
        }
      }
      assertThat(gesture).isNotNull();
      assertThat(gesture.at("/properties/start/properties/x/maximum").asDouble()).isEqualTo(1000);
      JsonNode messages = requests.get(1).get("messages");
      JsonNode toolMessage = messages.get(messages.size() - 2);
      assertThat(toolMessage.get("role").asText()).isEqualTo("tool");
      assertThat(toolMessage.get("content").asText())
          .contains("\"screenshot_attachment_id\":\"shot-1\"");
      JsonNode screen = messages.get(messages.size() - 1);
      assertThat(screen.get("role").asText()).isEqualTo("user");
      assertThat(screen.at("/content/1/image_url/url").asText())
          .startsWith("data:image/jpeg;base64,/9j/");
    } finally {
      server.stop(0);
    }
  }
}

package dev.swipe.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.internal.JsonSchemaElementJsonUtils;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolSpec;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PhoneToolsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private Device phone;

  @BeforeEach
  void open() {
    phone = Device.open("sim:?scene=picker&scale=0.3");
  }

  @AfterEach
  void close() {
    phone.close();
  }

  private static ToolExecutionRequest request(String name, String args) {
    return ToolExecutionRequest.builder().id("c1").name(name).arguments(args).build();
  }

  private static JsonNode text(ToolExecutionResult r) throws Exception {
    return JSON.readTree(((TextContent) r.resultContents().get(0)).text());
  }

  @Test
  void everyToolIsOfferedWithItsDescriptionAndItsSchemaKeywordForKeyword() throws Exception {
    try (AgentRun run = AgentRun.start(phone);
        PhoneTools tools = PhoneTools.open(phone)) {
      List<ToolSpec> ours = new ToolDispatcher(run).specs();
      List<ToolSpecification> theirs = tools.specifications();
      assertThat(theirs)
          .extracting(ToolSpecification::name)
          .containsExactlyElementsOf(ours.stream().map(ToolSpec::name).toList());
      for (int i = 0; i < ours.size(); i++) {
        ToolSpec spec = ours.get(i);
        ToolSpecification t = theirs.get(i);
        assertThat(t.description()).isEqualTo(spec.description());
        // LangChain4j's own lossless writer gives back exactly the schema the dispatcher enforces
        JsonNode back =
            withEmptyProperties(JSON.valueToTree(JsonSchemaElementJsonUtils.toMap(t.parameters())));
        assertThat(back).as(spec.name()).isEqualTo(JSON.readTree(spec.inputSchema().toString()));
      }
      assertThat(tools.executors()).hasSameSizeAs(ours);
    }
  }

  /** LangChain4j's writer leaves out an empty properties map; the schema means the same. */
  private static JsonNode withEmptyProperties(JsonNode schema) {
    if (schema.isObject()
        && "object".equals(schema.path("type").asText())
        && !schema.has("properties")) {
      ((com.fasterxml.jackson.databind.node.ObjectNode) schema).putObject("properties");
    }
    schema.forEach(PhoneToolsTest::withEmptyProperties);
    return schema;
  }

  @Test
  void aCompactListingIsShorterAndItsToolsStillTakeEveryArgument() throws Exception {
    try (PhoneTools full = PhoneTools.open(phone);
        PhoneTools compact =
            PhoneTools.builder(phone).toolListing(dev.swipe.agent.ToolListing.COMPACT).build()) {
      String fullText = full.specifications().toString();
      String compactText = compact.specifications().toString();
      assertThat(compact.specifications())
          .extracting(dev.langchain4j.agent.tool.ToolSpecification::name)
          .containsExactlyElementsOf(
              full.specifications().stream()
                  .map(dev.langchain4j.agent.tool.ToolSpecification::name)
                  .toList());
      assertThat(compactText.length()).isLessThan(fullText.length() / 3);
      // an argument the compact listing leaves out is still taken
      ToolExecutionResult r = compact.execute(request("screenshot", "{\"image\":\"scaled:128\"}"));
      assertThat(r.isError()).as("%s", r.resultContents()).isFalse();
    }
    assertThatThrownBy(() -> PhoneTools.builder(phone).toolListing(null))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("tool_listing"));
  }

  @Test
  void boundsTypedElementsCannotHoldTravelAsRawSchemaAndPlainFieldsAsTypedElements()
      throws Exception {
    try (PhoneTools tools = PhoneTools.open(phone)) {
      ToolSpecification gesture =
          tools.specifications().stream()
              .filter(s -> s.name().equals("touch_gesture"))
              .findFirst()
              .orElseThrow();
      JsonObjectSchema start = (JsonObjectSchema) gesture.parameters().properties().get("start");
      assertThat(start.properties().get("x")).isInstanceOf(JsonRawSchema.class);
      JsonNode x = JSON.readTree(((JsonRawSchema) start.properties().get("x")).schema());
      assertThat(x.get("minimum").asDouble()).isEqualTo(0);
      assertThat(x.get("maximum").asDouble()).isEqualTo(1000);
      assertThat(start.required()).containsExactly("x", "y");
      assertThat(start.additionalProperties()).isFalse();
      assertThat(gesture.parameters().required()).contains("type", "start");
    }
  }

  @Test
  void aScreenshotComesBackAsJsonTextAndAJpegImageOfTheSizeItStates() throws Exception {
    try (PhoneTools tools = PhoneTools.open(phone)) {
      ToolExecutionResult r = tools.execute(request("screenshot", "{}"));
      assertThat(r.isError()).isFalse();
      JsonNode json = text(r);
      assertThat(json.has("image")).as("no base64 in the text").isFalse();
      assertThat(json.get("screenshot_attachment_id").asText()).startsWith("shot-");
      assertThat(r.resultContents()).hasSize(2);
      ImageContent image = (ImageContent) r.resultContents().get(1);
      assertThat(image.image().mimeType()).isEqualTo("image/jpeg");
      BufferedImage decoded =
          ImageIO.read(
              new ByteArrayInputStream(Base64.getDecoder().decode(image.image().base64Data())));
      assertThat(decoded.getWidth()).isEqualTo(json.get("width").asInt());
      assertThat(decoded.getHeight()).isEqualTo(json.get("height").asInt());
    }
  }

  @Test
  void forOpenAiStyleApisTheResultsStayTextAndTheLatestScreenFollowsAsAUserMessage()
      throws Exception {
    try (PhoneTools tools =
        PhoneTools.builder(phone).images(PhoneTools.ImageDelivery.IN_USER_MESSAGE).build()) {
      AiMessage ask =
          AiMessage.from(
              List.of(
                  ToolExecutionRequest.builder().id("a").name("screenshot").arguments("{}").build(),
                  ToolExecutionRequest.builder()
                      .id("b")
                      .name("tap")
                      .arguments("{\"point_2d\":[500,900]}")
                      .build(),
                  ToolExecutionRequest.builder()
                      .id("c")
                      .name("image_diff")
                      .arguments("{\"before\":\"shot-1\",\"after\":\"shot-2\"}")
                      .build()));
      List<ChatMessage> answer = tools.execute(ask);
      assertThat(answer).hasSize(4);
      for (int i = 0; i < 3; i++) {
        ToolExecutionResultMessage m = (ToolExecutionResultMessage) answer.get(i);
        assertThat(m.id()).isEqualTo(List.of("a", "b", "c").get(i));
        assertThat(m.hasSingleText()).as("text only, as OpenAI's tool messages require").isTrue();
      }
      UserMessage screen = (UserMessage) answer.get(3);
      assertThat(((TextContent) screen.contents().get(0)).text()).contains("shot-2");
      assertThat(screen.contents().get(1)).isInstanceOf(ImageContent.class);
    }
  }

  @Test
  void withoutImagesNothingButTextIsSent() throws Exception {
    try (PhoneTools tools =
        PhoneTools.builder(phone).images(PhoneTools.ImageDelivery.NONE).build()) {
      List<ChatMessage> answer =
          tools.execute(AiMessage.from(List.of(request("screenshot", "{}"))));
      assertThat(answer).hasSize(1);
      assertThat(((ToolExecutionResultMessage) answer.get(0)).hasSingleText()).isTrue();
    }
  }

  @Test
  void wrongCallsComeBackAsCodedErrorResultsTheModelCanRead() throws Exception {
    try (PhoneTools tools = PhoneTools.open(phone)) {
      ToolExecutionResult unknown = tools.execute(request("open_app", "{}"));
      assertThat(unknown.isError()).isTrue();
      assertThat(text(unknown).at("/error/code").asText()).isEqualTo("unknown_tool");
      assertThat(text(unknown).at("/error/details/tools").toString()).contains("set_wheel");

      ToolExecutionResult malformed = tools.execute(request("tap", "{\"point_2d\": [500,"));
      assertThat(malformed.isError()).isTrue();
      assertThat(text(malformed).at("/error/code").asText()).isEqualTo("invalid_argument");

      ToolExecutionResult outOfRange =
          tools.execute(
              request("touch_gesture", "{\"type\":\"tap\",\"start\":{\"x\":1500,\"y\":10}}"));
      assertThat(text(outOfRange).at("/error/code").asText()).isEqualTo("invalid_argument");
      assertThat(text(outOfRange).at("/error/details/field").asText()).isEqualTo("start.x");

      ToolExecutionResult badId =
          tools.execute(request("read_wheel", "{\"screenshot_attachment_id\":\"shot-77\"}"));
      assertThat(text(badId).at("/error/code").asText()).isEqualTo("unknown_attachment");
      assertThat(text(badId).at("/error/details/field").asText())
          .isEqualTo("screenshot_attachment_id");

      ToolExecutionResult path =
          tools.execute(request("read_wheel", "{\"screenshot_attachment_id\":\"/etc/passwd\"}"));
      assertThat(path.isError()).isTrue();

      ToolExecutionResult nullArgs = tools.execute(request("screenshot", null));
      assertThat(nullArgs.isError()).isFalse();

      assertThat(tools.errorCodes())
          .containsExactly(
              "unknown_tool",
              "invalid_argument",
              "invalid_argument",
              "unknown_attachment",
              text(path).at("/error/code").asText());
      assertThat(tools.calls()).isEqualTo(6);
    }
  }

  @Test
  void anUnknownToolNameForAnAiServiceIsAnErrorResultNotAnException() throws Exception {
    try (PhoneTools tools = PhoneTools.open(phone)) {
      ToolExecutionResultMessage m = tools.unknownTool(request("launch_rocket", "{}"));
      assertThat(m.isError()).isTrue();
      assertThat(m.id()).isEqualTo("c1");
      assertThat(JSON.readTree(m.text()).at("/error/code").asText()).isEqualTo("unknown_tool");
    }
  }

  @Test
  void eachConversationHasItsOwnIdsAndClosingItEndsTheRun() throws Exception {
    PhoneTools first = PhoneTools.open(phone);
    String id =
        text(first.execute(request("screenshot", "{}"))).get("screenshot_attachment_id").asText();
    try (PhoneTools second = PhoneTools.open(phone)) {
      ToolExecutionResult foreign =
          second.execute(request("read_wheel", "{\"screenshot_attachment_id\":\"" + id + "\"}"));
      assertThat(text(foreign).at("/error/code").asText()).isEqualTo("unknown_attachment");
      assertThat(second.run().runId()).isNotEqualTo(first.run().runId());
    }
    assertThat(
            first
                .execute(request("read_wheel", "{\"screenshot_attachment_id\":\"" + id + "\"}"))
                .isError())
        .isFalse();
    first.close();
    first.close();
    ToolExecutionResult after = first.execute(request("screenshot", "{}"));
    assertThat(text(after).at("/error/code").asText()).isEqualTo("run_closed");
    // the phone outlives the conversation
    try (PhoneTools third = PhoneTools.open(phone)) {
      assertThat(third.execute(request("screenshot", "{}")).isError()).isFalse();
    }
  }

  @Test
  void aModelThatKeepsCallingIsStoppedByTheCallBudget() throws Exception {
    try (PhoneTools tools = PhoneTools.builder(phone).maxCalls(3).build()) {
      for (int i = 0; i < 3; i++) {
        assertThat(
                tools
                    .execute(request("image_diff", "{\"before\":\"shot-1\",\"after\":\"shot-1\"}"))
                    .isError())
            .isTrue();
      }
      ToolExecutionResult over = tools.execute(request("screenshot", "{}"));
      assertThat(text(over).at("/error/code").asText()).isEqualTo("call_budget_exhausted");
      assertThat(text(over).at("/error/details/max_calls").asInt()).isEqualTo(3);
    }
  }

  @Test
  void theExecutorsRunTheirToolForAnAiServiceAndForTheOlderTextOnlyCall() throws Exception {
    try (PhoneTools tools = PhoneTools.open(phone)) {
      Map.Entry<ToolSpecification, ToolExecutor> shot =
          tools.executors().entrySet().stream()
              .filter(e -> e.getKey().name().equals("screenshot"))
              .findFirst()
              .orElseThrow();
      String plain = shot.getValue().execute(request("screenshot", "{}"), null);
      assertThat(JSON.readTree(plain).get("screenshot_attachment_id").asText()).isEqualTo("shot-1");
      ToolExecutionResult rich =
          shot.getValue().executeWithContext(request("screenshot", "{}"), null);
      assertThat(rich.resultContents()).hasSize(2);
      assertThat(tools.provideTools(null).aiServiceTools()).hasSize(tools.executors().size());
    }
  }
}

package dev.swipe.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An AI service over PhoneTools ends when the model ends the task, and sends few screenshots. */
class AiServicesEndAndTrimTest {
  interface Operator {
    String work(String task);
  }

  interface ResultOperator {
    Result<String> work(String task);
  }

  /** Plays the given tool calls one per turn, then answers in text. */
  static final class Script implements ChatModel {
    final List<ChatRequest> seen = new ArrayList<>();
    private final List<String[]> calls;

    Script(String[]... calls) {
      this.calls = List.of(calls);
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
      seen.add(request);
      int turn = seen.size() - 1;
      if (turn >= calls.size()) {
        return ChatResponse.builder().aiMessage(AiMessage.from("asked again")).build();
      }
      String[] c = calls.get(turn);
      return ChatResponse.builder()
          .aiMessage(
              AiMessage.from(
                  ToolExecutionRequest.builder().id("c" + turn).name(c[0]).arguments(c[1]).build()))
          .build();
    }

    long imagesInLastRequest() {
      return images(seen.get(seen.size() - 1).messages());
    }
  }

  static long images(List<ChatMessage> messages) {
    return messages.stream()
        .flatMap(
            m ->
                m instanceof ToolExecutionResultMessage t
                    ? t.contents().stream()
                    : m instanceof UserMessage u
                        ? u.contents().stream()
                        : java.util.stream.Stream.empty())
        .filter(c -> c instanceof ImageContent)
        .count();
  }

  private static final String[] SHOT = {"screenshot", "{}"};
  private static final String[] DONE = {"finished", "{\"text\":\"the clock shows\"}"};

  @Test
  void theServiceReturnsWhenTheModelCallsFinishedWithoutAskingItAgain() throws Exception {
    Script model = new Script(SHOT, DONE);
    try (Device phone = Device.open("sim:?scale=0.3");
        PhoneTools tools = PhoneTools.open(phone)) {
      Operator operator =
          AiServices.builder(Operator.class).chatModel(model).toolProvider(tools).build();
      String answer = operator.work("Look at the clock.");
      assertThat(model.seen).as("requests to the model").hasSize(2);
      assertThat(answer).as("no closing text was asked for").isNull();
      assertThat(tools.run().termination()).get().extracting(t -> t.status()).isEqualTo("finished");
    }
  }

  @Test
  void aResultAnswerCarriesTheTerminalCall() throws Exception {
    Script model = new Script(new String[] {"failed_to_complete_task", "{\"reason\":\"no app\"}"});
    try (Device phone = Device.open("sim:?scale=0.3");
        PhoneTools tools = PhoneTools.open(phone)) {
      ResultOperator operator =
          AiServices.builder(ResultOperator.class).chatModel(model).toolProvider(tools).build();
      Result<String> r = operator.work("Open an app that does not exist.");
      assertThat(model.seen).hasSize(1);
      assertThat(r.toolExecutions()).hasSize(1);
      assertThat(r.toolExecutions().get(0).request().name()).isEqualTo("failed_to_complete_task");
      assertThat(tools.run().termination()).isPresent();
    }
  }

  @Test
  void aRefusedFinishedGoesBackToTheModel() throws Exception {
    Script model = new Script(new String[] {"finished", "{\"summary\":\"done\"}"}, DONE);
    try (Device phone = Device.open("sim:?scale=0.3");
        PhoneTools tools = PhoneTools.open(phone)) {
      Operator operator =
          AiServices.builder(Operator.class).chatModel(model).toolProvider(tools).build();
      assertThat(operator.work("Finish.")).isNull();
      assertThat(model.seen).as("the model saw its wrong call refused, then ended").hasSize(2);
      assertThat(tools.errorCodes()).containsExactly("invalid_argument");
    }
  }

  @Test
  void theOldWayAsksTheModelOnceMoreWhenTurnedOff() throws Exception {
    Script model = new Script(DONE);
    try (Device phone = Device.open("sim:?scale=0.3");
        PhoneTools tools = PhoneTools.builder(phone).endServiceOnTerminalTool(false).build()) {
      Operator operator =
          AiServices.builder(Operator.class).chatModel(model).toolProvider(tools).build();
      assertThat(operator.work("Finish.")).isEqualTo("asked again");
      assertThat(model.seen).hasSize(2);
    }
  }

  @Test
  void aTrimmingMemorySendsOnlyTheLatestScreenshotsAsImages() throws Exception {
    for (boolean trimmed : new boolean[] {false, true}) {
      Script model = new Script(SHOT, SHOT, SHOT, SHOT, DONE);
      try (Device phone = Device.open("sim:?scale=0.3");
          PhoneTools tools = PhoneTools.open(phone)) {
        AiServices<Operator> b =
            AiServices.builder(Operator.class).chatModel(model).toolProvider(tools);
        if (trimmed) {
          b.chatMemory(ScreenshotTrimmingMemory.withMaxMessages(100));
        }
        b.build().work("Look four times.");
        assertThat(model.seen).hasSize(5);
        if (trimmed) {
          assertThat(model.imagesInLastRequest()).isEqualTo(2);
          ToolExecutionResultMessage first =
              (ToolExecutionResultMessage)
                  model.seen.get(4).messages().stream()
                      .filter(m -> m instanceof ToolExecutionResultMessage)
                      .findFirst()
                      .orElseThrow();
          assertThat(first.contents())
              .anyMatch(c -> c instanceof TextContent t && t.text().equals(OlderScreenshots.NOTE));
        } else {
          assertThat(model.imagesInLastRequest()).as("every screenshot resent").isEqualTo(4);
        }
      }
    }
  }

  @Test
  void theMemoryStoresNoOlderImageAndRefusesBadArguments() {
    ScreenshotTrimmingMemory memory =
        ScreenshotTrimmingMemory.wrap(MessageWindowChatMemory.withMaxMessages(20), 1);
    for (int i = 0; i < 3; i++) {
      memory.add(
          UserMessage.from(
              TextContent.from("screen " + i), ImageContent.from("AAAA", "image/jpeg")));
    }
    assertThat(images(memory.messages())).isEqualTo(1);
    assertThat(((UserMessage) memory.messages().get(2)).contents())
        .anyMatch(c -> c instanceof ImageContent);
    assertThat(((UserMessage) memory.messages().get(0)).contents())
        .extracting(c -> c instanceof TextContent t ? t.text() : "image")
        .containsExactly("screen 0", OlderScreenshots.NOTE);
    assertThatThrownBy(() -> ScreenshotTrimmingMemory.wrap(null, 1))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).contains("delegate"));
    assertThatThrownBy(() -> ScreenshotTrimmingMemory.withMaxMessages(0))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).contains("max_messages"));
    assertThatThrownBy(
            () -> ScreenshotTrimmingMemory.wrap(MessageWindowChatMemory.withMaxMessages(2), -1))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).contains("keep_images"));
  }
}

package dev.swipe.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.swipe.core.Device;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How the loop ends whatever the model does, and what it keeps of the conversation. */
class PhoneAgentTest {
  private Device phone;

  @BeforeEach
  void open() {
    phone = Device.open("sim:?scale=0.3");
  }

  @AfterEach
  void close() {
    phone.close();
  }

  /**
   * A chat model that answers by {@code reply} (ChatModel has no abstract method, so no lambda).
   */
  private static ChatModel model(java.util.function.Function<ChatRequest, ChatResponse> reply) {
    return new ChatModel() {
      @Override
      public ChatResponse doChat(ChatRequest request) {
        return reply.apply(request);
      }
    };
  }

  private static ChatResponse calls(String name, String args) {
    return ChatResponse.builder()
        .aiMessage(
            AiMessage.from(
                List.of(ToolExecutionRequest.builder().id("c").name(name).arguments(args).build())))
        .build();
  }

  private static long images(List<ChatMessage> transcript) {
    return transcript.stream()
        .mapToLong(
            m -> {
              var contents =
                  m instanceof ToolExecutionResultMessage t
                      ? t.contents()
                      : m instanceof UserMessage u
                          ? u.contents()
                          : List.<dev.langchain4j.data.message.Content>of();
              return contents.stream().filter(c -> c instanceof ImageContent).count();
            })
        .sum();
  }

  @Test
  void onlyTheLatestScreenshotsStayImagesAndFinishedEndsTheRun() {
    AtomicInteger turn = new AtomicInteger();
    ChatModel model =
        model(
            request ->
                turn.incrementAndGet() <= 4
                    ? calls("screenshot", "{}")
                    : calls("finished", "{\"text\":\"seen\"}"));
    try (PhoneTools tools = PhoneTools.open(phone)) {
      PhoneAgent.Outcome out = PhoneAgent.builder(model).keepImages(1).build().run(tools, "Look.");
      assertThat(out.status()).isEqualTo(PhoneAgent.Status.FINISHED);
      assertThat(out.text()).isEqualTo("seen");
      assertThat(out.turns()).isEqualTo(5);
      assertThat(out.toolCalls()).isEqualTo(5);
      assertThat(images(out.transcript())).isEqualTo(1);
    }
  }

  @Test
  void aModelThatStopsCallingToolsIsRemindedOnceThenTheRunStops() {
    AtomicInteger turn = new AtomicInteger();
    ChatModel model =
        model(
            request -> {
              turn.incrementAndGet();
              return ChatResponse.builder().aiMessage(AiMessage.from("All done, I think.")).build();
            });
    try (PhoneTools tools = PhoneTools.open(phone)) {
      PhoneAgent.Outcome out = PhoneAgent.builder(model).build().run(tools, "Do something.");
      assertThat(out.status()).isEqualTo(PhoneAgent.Status.STOPPED_WITHOUT_ENDING);
      assertThat(turn.get()).isEqualTo(2);
      assertThat(out.text()).isEqualTo("All done, I think.");
    }
  }

  @Test
  void aModelThatLoopsRunsOutOfTurnsWithItsErrorsCounted() {
    ChatModel model =
        model(request -> calls("image_diff", "{\"before\":\"shot-5\",\"after\":\"shot-6\"}"));
    try (PhoneTools tools = PhoneTools.open(phone)) {
      PhoneAgent.Outcome out = PhoneAgent.builder(model).maxTurns(6).build().run(tools, "Compare.");
      assertThat(out.status()).isEqualTo(PhoneAgent.Status.TURN_BUDGET_EXHAUSTED);
      assertThat(out.turns()).isEqualTo(6);
      assertThat(out.toolErrors()).hasSize(6).containsOnly("unknown_attachment");
    }
  }

  @Test
  void aFailingModelEndsTheRunWithModelErrorInsteadOfThrowing() {
    ChatModel model =
        model(
            request -> {
              throw new IllegalStateException("HTTP 529 overloaded");
            });
    try (PhoneTools tools = PhoneTools.open(phone)) {
      PhoneAgent.Outcome out = PhoneAgent.builder(model).build().run(tools, "Anything.");
      assertThat(out.status()).isEqualTo(PhoneAgent.Status.MODEL_ERROR);
      assertThat(out.text()).contains("overloaded");
    }
  }

  @Test
  void givingUpIsReportedWithTheReason() {
    ChatModel model =
        model(request -> calls("failed_to_complete_task", "{\"reason\":\"no such app\"}"));
    try (PhoneTools tools = PhoneTools.open(phone)) {
      PhoneAgent.Outcome out = PhoneAgent.builder(model).build().run(tools, "Open the app.");
      assertThat(out.status()).isEqualTo(PhoneAgent.Status.GAVE_UP);
      assertThat(out.text()).isEqualTo("no such app");
    }
  }
}

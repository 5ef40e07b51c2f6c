package dev.swipe.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.swipe.core.Device;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** PhoneTools handed to LangChain4j's own AI service loop, as a host would in one line. */
class AiServicesWiringTest {
  interface Operator {
    String work(String task);
  }

  /** Calls a real tool and a made-up one, then answers with what it was shown. */
  static final class TwoStepModel implements ChatModel {
    final List<ChatRequest> seen = new ArrayList<>();

    @Override
    public ChatResponse doChat(ChatRequest request) {
      seen.add(request);
      List<ToolExecutionResultMessage> results =
          request.messages().stream()
              .filter(m -> m instanceof ToolExecutionResultMessage)
              .map(m -> (ToolExecutionResultMessage) m)
              .toList();
      if (results.isEmpty()) {
        return ChatResponse.builder()
            .aiMessage(
                AiMessage.from(
                    List.of(
                        ToolExecutionRequest.builder()
                            .id("1")
                            .name("screenshot")
                            .arguments("{}")
                            .build(),
                        ToolExecutionRequest.builder()
                            .id("2")
                            .name("open_app")
                            .arguments("{\"name\":\"Clock\"}")
                            .build())))
            .build();
      }
      StringBuilder summary = new StringBuilder();
      for (ToolExecutionResultMessage r : results) {
        boolean image = r.contents().stream().anyMatch(c -> c instanceof ImageContent);
        // the error object is what a model reads (LangChain4j 1.19 drops the isError flag of a
        // result
        // made by the hallucinated-tool strategy, but keeps its text)
        boolean error =
            ((TextContent) r.contents().get(0)).text().startsWith("{\"error\":{\"code\":");
        summary
            .append(r.toolName())
            .append(error ? " error" : " ok")
            .append(image ? " image;" : ";");
      }
      return ChatResponse.builder().aiMessage(AiMessage.from(summary.toString())).build();
    }
  }

  @Test
  void anAiServiceSeesTheScreenshotAsAnImageAndAMadeUpToolAsAnError() throws Exception {
    TwoStepModel model = new TwoStepModel();
    try (Device phone = Device.open("sim:?scale=0.3");
        PhoneTools tools = PhoneTools.open(phone)) {
      Operator operator =
          AiServices.builder(Operator.class)
              .chatModel(model)
              .toolProvider(tools)
              .hallucinatedToolNameStrategy(tools::unknownTool)
              .build();
      String answer = operator.work("Look at the phone.");
      assertThat(answer).isEqualTo("screenshot ok image;open_app error;");
      assertThat(model.seen.get(0).toolSpecifications())
          .extracting(ToolSpecification::name)
          .contains("screenshot", "set_wheel", "find_text", "finished");
      List<ChatMessage> second = model.seen.get(1).messages();
      ToolExecutionResultMessage unknown =
          (ToolExecutionResultMessage) second.get(second.size() - 1);
      assertThat(unknown.text()).contains("\"code\":\"unknown_tool\"");
      assertThat(tools.errorCodes()).containsExactly("unknown_tool");
    }
  }
}

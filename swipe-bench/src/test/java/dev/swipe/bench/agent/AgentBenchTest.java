package dev.swipe.bench.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.langchain4j.PhoneTools;
import dev.swipe.langchain4j.testing.ScriptedPhoneModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The agent benchmark at its smallest size, so CI runs it: one task of each kind, judged by the
 * truth.
 */
class AgentBenchTest {
  @Test
  void theScriptedAgentSolvesOneTaskOfEachKindAndTheTableSaysSo() {
    List<AgentTask> tasks =
        List.of(
            AgentTask.fixedSet(1, List.of(AgentTask.Kind.PICKER), List.of("android")).get(0),
            AgentTask.fixedSet(1, List.of(AgentTask.Kind.CONTACT), List.of("ios")).get(0),
            AgentTask.fixedSet(1, List.of(AgentTask.Kind.CAROUSEL), List.of("flutter")).get(0),
            AgentTask.fixedSet(1, List.of(AgentTask.Kind.MAP), List.of("android")).get(0));
    AgentBench.Agent scripted =
        new AgentBench.Agent("scripted", new ScriptedPhoneModel(), PhoneTools.ImageDelivery.NONE);
    List<AgentBench.Row> rows = tasks.stream().map(t -> AgentBench.run(scripted, t)).toList();
    ByteArrayOutputStream table = new ByteArrayOutputStream();
    AgentBench.print(rows, new PrintStream(table, true, StandardCharsets.UTF_8));
    System.out.println(table.toString(StandardCharsets.UTF_8));
    for (AgentBench.Row r : rows) {
      assertThat(r.success()).as(r.task().id() + ": " + r.reason()).isTrue();
      // every task has a deliberate mistake the agent recovered from
      assertThat(r.toolErrors()).as(r.task().id()).isNotEmpty();
    }
    assertThat(table.toString(StandardCharsets.UTF_8))
        .contains("| scripted | picker | android | 1 | 1/1 |");
  }

  @Test
  void theJudgeFailsARunThatDidNothing() {
    AgentTask picker =
        AgentTask.fixedSet(1, List.of(AgentTask.Kind.PICKER), List.of("android")).get(0);
    AgentBench.Agent idle =
        new AgentBench.Agent(
            "idle",
            new dev.langchain4j.model.chat.ChatModel() {
              @Override
              public dev.langchain4j.model.chat.response.ChatResponse doChat(
                  dev.langchain4j.model.chat.request.ChatRequest r) {
                return dev.langchain4j.model.chat.response.ChatResponse.builder()
                    .aiMessage(dev.langchain4j.data.message.AiMessage.from("I am done."))
                    .build();
              }
            },
            PhoneTools.ImageDelivery.NONE);
    AgentBench.Row r = AgentBench.run(idle, picker);
    assertThat(r.success()).isFalse();
    assertThat(r.status()).isEqualTo("STOPPED_WITHOUT_ENDING");
    assertThat(r.reason()).contains("picker shows");
  }
}

package dev.swipe.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A chat model that plays an agent by rules instead of weights: each reply is decided from the
 * task (the first user message) and what the tools returned so far in the conversation, as a
 * model would. It makes the mistakes models make (an attachment id it never saw, a wheel target
 * past the end of the wheel, a scroll along the wrong axis) and recovers from the error results.
 * It only calls tools the request offers, so a missing tool shows up as a failure.
 */
public final class ScriptedPhoneModel implements ChatModel {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern TIME = Pattern.compile("(\\d{2}):(\\d{2})");

  /** One call of the conversation and its result. */
  record Call(String name, JsonNode args, JsonNode result, boolean error) {
    String code() {
      return result.path("error").path("code").asText("");
    }
  }

  private int replies;

  int replies() {
    return replies;
  }

  @Override
  public ChatResponse doChat(ChatRequest request) {
    replies++;
    List<String> offered = request.toolSpecifications().stream().map(ToolSpecification::name).toList();
    String task = "";
    for (ChatMessage m : request.messages()) {
      if (m instanceof UserMessage u && u.hasSingleText()) {
        task = u.singleText();
        break;
      }
    }
    List<Call> calls = history(request.messages());
    ToolExecutionRequest next = task.contains("picker") ? picker(task, calls) : carousel(calls);
    if (!offered.contains(next.name())) {
      next = call("failed_to_complete_task", Map.of("reason", "no tool named " + next.name() + " was offered"));
    }
    return ChatResponse.builder().aiMessage(AiMessage.from(List.of(next))).build();
  }

  /** Set a time: a bad screenshot id, a read, a minute past the wheel's end, then the real targets. */
  private ToolExecutionRequest picker(String task, List<Call> calls) {
    Matcher t = TIME.matcher(task);
    if (!t.find()) {
      return call("failed_to_complete_task", Map.of("reason", "the task names no time"));
    }
    String hour = t.group(1);
    String minute = t.group(2);
    Call shot = last(calls, "screenshot");
    if (shot == null) {
      return call("screenshot", Map.of());
    }
    String id = shot.result().path("screenshot_attachment_id").asText();
    if (last(calls, "image_diff") == null) {
      // A made-up id, as models do when they count screenshots themselves.
      return call("image_diff", Map.of("before", "shot-999", "after", id));
    }
    Call read = first(calls, "read_wheel");
    if (read == null) {
      return call("read_wheel", Map.of("screenshot_attachment_id", id));
    }
    int hourColumn = column(read.result(), 24);
    int minuteColumn = column(read.result(), 60);
    if (hourColumn < 0 || minuteColumn < 0) {
      return call("failed_to_complete_task", Map.of("reason", "no hour and minute wheels read: " + read.result()));
    }
    List<Call> sets = all(calls, "set_wheel");
    if (sets.isEmpty()) {
      // Past the end of a 00-59 wheel: the tool must refuse rather than spin the wheel.
      return call("set_wheel", Map.of("column", minuteColumn, "target", "75"));
    }
    if (sets.size() == 1) {
      return call("set_wheel", Map.of("column", hourColumn, "target", hour));
    }
    if (sets.size() == 2) {
      return call("set_wheel", Map.of("column", minuteColumn, "target", minute));
    }
    Call check = calls.get(calls.size() - 1);
    if (!check.name().equals("read_wheel") || calls.stream().filter(c -> c.name().equals("read_wheel")).count() < 2) {
      return call("read_wheel", Map.of());
    }
    String h = label(check.result(), hourColumn);
    String m = label(check.result(), minuteColumn);
    if (hour.equals(h) && minute.equals(m)) {
      return call("finished", Map.of("text", "the picker shows " + h + ":" + m));
    }
    return call("failed_to_complete_task", Map.of("reason", "the picker shows " + h + ":" + m));
  }

  /** Page to the end: one scroll along the wrong axis, then right until the carousel stops. */
  private ToolExecutionRequest carousel(List<Call> calls) {
    if (calls.isEmpty()) {
      return call("screenshot", Map.of());
    }
    if (last(calls, "scroll") == null) {
      // The carousel pages sideways: a vertical scroll that expects content finds none.
      return call("scroll", Map.of("direction", "down", "expect_content", true));
    }
    Call lastScroll = last(calls, "scroll");
    long rights = calls.stream().filter(c -> c.name().equals("scroll") && c.args().path("direction").asText().equals("right")).count();
    boolean stopped = lastScroll.args().path("direction").asText().equals("right")
        && (lastScroll.code().equals("scroll_no_progress")
            || lastScroll.result().path("movement").asText().equals("at-edge")
            || lastScroll.result().path("movement").asText().equals("unchanged"));
    if (stopped) {
      return call("finished", Map.of("text", "the carousel does not page further right"));
    }
    if (rights >= 10) {
      return call("failed_to_complete_task", Map.of("reason", "still paging after 10 scrolls"));
    }
    return call("scroll", Map.of("direction", "right", "amount", 0.8, "expect_content", true));
  }

  private static int column(JsonNode read, int cycle) {
    for (JsonNode c : read.path("columns")) {
      if (c.path("cycle_size").asInt(-1) == cycle) {
        return c.path("index").asInt();
      }
    }
    return -1;
  }

  private static String label(JsonNode read, int index) {
    for (JsonNode c : read.path("columns")) {
      if (c.path("index").asInt() == index) {
        return c.path("selected_label").asText("");
      }
    }
    return "";
  }

  private static Call last(List<Call> calls, String name) {
    for (int i = calls.size() - 1; i >= 0; i--) {
      if (calls.get(i).name().equals(name)) {
        return calls.get(i);
      }
    }
    return null;
  }

  private static Call first(List<Call> calls, String name) {
    return calls.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  private static List<Call> all(List<Call> calls, String name) {
    return calls.stream().filter(c -> c.name().equals(name)).toList();
  }

  private int ids;

  private ToolExecutionRequest call(String name, Map<String, ?> args) {
    try {
      return ToolExecutionRequest.builder()
          .id("call-" + (++ids))
          .name(name)
          .arguments(JSON.writeValueAsString(args))
          .build();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The conversation's tool calls with their results, in order. */
  static List<Call> history(List<ChatMessage> messages) {
    List<Call> out = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      if (messages.get(i) instanceof AiMessage ai && ai.hasToolExecutionRequests()) {
        for (ToolExecutionRequest r : ai.toolExecutionRequests()) {
          for (int j = i + 1; j < messages.size(); j++) {
            if (messages.get(j) instanceof ToolExecutionResultMessage res && r.id().equals(res.id())) {
              JsonNode result = read(textOf(res.contents()));
              out.add(new Call(r.name(), read(r.arguments()), result, Boolean.TRUE.equals(res.isError())));
              break;
            }
          }
        }
      }
    }
    return out;
  }

  private static String textOf(List<Content> contents) {
    for (Content c : contents) {
      if (c instanceof TextContent t) {
        return t.text();
      }
    }
    return "{}";
  }

  private static JsonNode read(String json) {
    try {
      return JSON.readTree(json == null || json.isBlank() ? "{}" : json);
    } catch (java.io.IOException e) {
      ObjectNode n = JSON.createObjectNode();
      n.put("unreadable", json);
      return n;
    }
  }
}

package dev.swipe.langchain4j.testing;

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
import dev.swipe.base.Api;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A chat model that plays an agent by rules instead of weights: each reply is decided from the task
 * (the first user message) and what the tools returned so far in the conversation, never from the
 * simulator's truth. It makes the mistakes models make on each task (an attachment id it never saw,
 * a minute past the end of the wheel, a tap on a name before searching for it, a match mode and a
 * field name the tools do not have, a scroll along the wrong axis) and recovers from the error
 * results. It only calls tools the request offers, so a missing tool shows up as a failure.
 *
 * <p>It knows four kinds of task, told apart by a word of the first user message: a <em>picker</em>
 * task names a time ({@code HH:MM}) to set; a <em>contact</em> task says "contact NAME in the
 * contacts list" or "find NAME and open her contact"; a <em>carousel</em> task pages to the end; a
 * <em>map</em> task says "labelled NAME is near". Any other task it gives up on with {@code
 * failed_to_complete_task}, as it does when a tool it needs is not offered. It drives the phone
 * tools of {@code swipe-agent} (through {@code PhoneTools} or {@code PhoneAgent}), so a host can
 * test its own wiring (memory, listeners, budgets, an AI service) on {@code sim:} without a model
 * API. The same model is the baseline a real model is compared with in swipe's agent benchmark.
 *
 * <p>One instance per conversation: it numbers its calls.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class ScriptedPhoneModel implements ChatModel {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern TIME = Pattern.compile("(\\d{2}):(\\d{2})");
  private static final Pattern CONTACT =
      Pattern.compile(
          "contact (.+?) in the contacts list|[Ff]ind (.+?) and open (?:her|his|their) contact");
  private static final Pattern PLACE = Pattern.compile("labelled (.+?) is near");

  /**
   * Pans tried in turn while a place is not in sight: a widening square spiral, in content
   * directions.
   */
  private static final int[][] SPIRAL = {
    {1, 0}, {0, 1}, {-1, 0}, {-1, 0}, {0, -1}, {0, -1}, {1, 0}, {1, 0}, {1, 0}, {0, 1}, {0, 1},
    {0, 1}, {-1, 0}, {-1, 0}, {-1, 0}, {-1, 0}
  };

  /** One call of the conversation and its result. */
  record Call(String name, JsonNode args, JsonNode result) {
    String code() {
      return result.path("error").path("code").asText("");
    }

    boolean failed() {
      return result.has("error");
    }
  }

  private int ids;

  @Override
  public ChatResponse doChat(ChatRequest request) {
    List<String> offered =
        request.toolSpecifications().stream().map(ToolSpecification::name).toList();
    String task = "";
    for (ChatMessage m : request.messages()) {
      if (m instanceof UserMessage u && u.hasSingleText()) {
        task = u.singleText();
        break;
      }
    }
    List<Call> calls = history(request.messages());
    ToolExecutionRequest next;
    if (task.contains("picker")) {
      next = picker(task, calls);
    } else if (task.contains("contact")) {
      next = contact(task, calls);
    } else if (task.contains("carousel")) {
      next = carousel(calls);
    } else if (task.contains("map")) {
      next = map(task, calls);
    } else {
      next =
          call("failed_to_complete_task", Map.of("reason", "a task this agent has no rules for"));
    }
    if (!offered.contains(next.name())) {
      next =
          call(
              "failed_to_complete_task",
              Map.of("reason", "no tool named " + next.name() + " was offered"));
    }
    return ChatResponse.builder().aiMessage(AiMessage.from(List.of(next))).build();
  }

  private ToolExecutionRequest picker(String task, List<Call> calls) {
    Matcher t = TIME.matcher(task);
    if (!t.find()) {
      return call("failed_to_complete_task", Map.of("reason", "the task names no time"));
    }
    String hour = t.group(1);
    String minute = t.group(2);
    Call shot = first(calls, "screenshot");
    if (shot == null) {
      return call("screenshot", Map.of());
    }
    String id = shot.result().path("screenshot_attachment_id").asText();
    if (first(calls, "image_diff") == null) {
      return call("image_diff", Map.of("before", "shot-999", "after", id));
    }
    Call read = first(calls, "read_wheel");
    if (read == null) {
      return call("read_wheel", Map.of("screenshot_attachment_id", id));
    }
    int hourColumn = column(read.result(), 24);
    int minuteColumn = column(read.result(), 60);
    if (hourColumn < 0 || minuteColumn < 0) {
      return call("failed_to_complete_task", Map.of("reason", "no hour and minute wheels read"));
    }
    List<Call> sets = all(calls, "set_wheel");
    switch (sets.size()) {
      case 0 -> {
        return call("set_wheel", Map.of("column", minuteColumn, "target", "75"));
      }
      case 1 -> {
        return call("set_wheel", Map.of("column", hourColumn, "target", hour));
      }
      case 2 -> {
        return call("set_wheel", Map.of("column", minuteColumn, "target", minute));
      }
      default -> {}
    }
    Call lastCall = calls.get(calls.size() - 1);
    if (!lastCall.name().equals("read_wheel")) {
      return call("read_wheel", Map.of());
    }
    String h = label(lastCall.result(), hourColumn);
    String m = label(lastCall.result(), minuteColumn);
    if (hour.equals(h) && minute.equals(m)) {
      return call("finished", Map.of("text", "the picker shows " + h + ":" + m));
    }
    if (sets.size() < 6) {
      // Android's TimePicker carries a minute wheel's wrap into the hour: set what the check shows
      // wrong
      return hour.equals(h)
          ? call("set_wheel", Map.of("column", minuteColumn, "target", minute))
          : call("set_wheel", Map.of("column", hourColumn, "target", hour));
    }
    return call(
        "failed_to_complete_task",
        Map.of("reason", "the picker shows " + h + ":" + m + " after setting it"));
  }

  private ToolExecutionRequest contact(String task, List<Call> calls) {
    Matcher c = CONTACT.matcher(task);
    if (!c.find()) {
      return call("failed_to_complete_task", Map.of("reason", "the task names no contact"));
    }
    String name = c.group(1) != null ? c.group(1) : c.group(2);
    if (calls.isEmpty()) {
      return call("screenshot", Map.of());
    }
    List<Call> taps = all(calls, "tap_text");
    if (taps.isEmpty()) {
      // A model's first try: tap the name, which is rarely on the first screen of a long list.
      return call("tap_text", Map.of("text", name));
    }
    if (taps.size() == 1) {
      if (!taps.get(0).failed()) {
        return call("finished", Map.of("text", "opened " + name));
      }
      return call("tap_text", Map.of("text", "Search contacts"));
    }
    if (first(calls, "type_text") == null) {
      if (taps.get(1).failed()) {
        return call(
            "failed_to_complete_task", Map.of("reason", "no search field: " + taps.get(1).code()));
      }
      return call("type_text", Map.of("text", name));
    }
    Call lastTap = taps.get(taps.size() - 1);
    if (taps.size() == 2) {
      // Below the search field, which shows the same words.
      return call("tap_text", Map.of("text", name, "region", region(0, 172, 1000, 500)));
    }
    if (!lastTap.failed()) {
      return call("finished", Map.of("text", "opened " + name));
    }
    return call(
        "failed_to_complete_task", Map.of("reason", name + " not tapped: " + lastTap.code()));
  }

  private ToolExecutionRequest carousel(List<Call> calls) {
    if (calls.isEmpty()) {
      return call("screenshot", Map.of());
    }
    Call lastScroll = last(calls, "scroll");
    if (lastScroll == null) {
      return call("scroll", Map.of("direction", "down", "expect_content", true));
    }
    long rights =
        calls.stream()
            .filter(
                c ->
                    c.name().equals("scroll")
                        && c.args().path("direction").asText().equals("right"))
            .count();
    boolean stopped =
        lastScroll.args().path("direction").asText().equals("right")
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

  private ToolExecutionRequest map(String task, List<Call> calls) {
    Matcher p = PLACE.matcher(task);
    if (!p.find()) {
      return call("failed_to_complete_task", Map.of("reason", "the task names no place"));
    }
    String place = p.group(1);
    Call lastCall = calls.isEmpty() ? null : calls.get(calls.size() - 1);
    if (lastCall == null || !lastCall.name().equals("find_text")) {
      if (lastCall != null
          && lastCall.name().equals("drag")
          && lastCall.failed()
          && !lastCall.code().equals("invalid_argument")) {
        return call(
            "failed_to_complete_task", Map.of("reason", "the map did not pan: " + lastCall.code()));
      }
      if (lastCall != null && lastCall.name().equals("drag") && lastCall.failed()) {
        // fix the call the tool refused, with the field names its schema has
        Map<String, Object> fixed = new LinkedHashMap<>();
        fixed.put("start", lastCall.args().get("start"));
        fixed.put("end", lastCall.args().get("end"));
        fixed.put("duration_ms", 900);
        return call("drag", fixed);
      }
      if (lastCall == null) {
        // a match mode the tool does not have, as a model guessing an enum sends
        return call("find_text", Map.of("text", place, "match", "approximate"));
      }
      return call("find_text", Map.of("text", place, "match", "fuzzy"));
    }
    if (lastCall.failed()) {
      return call("find_text", Map.of("text", place, "match", "fuzzy"));
    }
    JsonNode best = lastCall.result().path("matches").path(0);
    List<Call> drags = all(calls, "drag");
    boolean centring =
        lastCall.args().path("text").asText().equals(place)
            && !drags.isEmpty()
            && drags.get(drags.size() - 1).args().path("end").path("x").asDouble() == 500;
    if (lastCall.result().path("found").asBoolean() && best.has("center")) {
      double x = best.path("center").path("x").asDouble();
      double y = best.path("center").path("y").asDouble();
      if (Math.abs(x - 500) <= 150 && Math.abs(y - 500) <= 150) {
        return call(
            "finished",
            Map.of("text", place + " is at (" + Math.round(x) + ", " + Math.round(y) + ")"));
      }
      JsonNode before = previousMatch(calls, place);
      if (centring
          && before != null
          && Math.hypot(before.path("x").asDouble() - x, before.path("y").asDouble() - y) < 30) {
        // the drag toward the middle hardly moved it: the map is at its edge
        if (Math.abs(x - 500) <= 250 && Math.abs(y - 500) <= 250) {
          return call(
              "finished",
              Map.of("text", place + " is as near the middle as the map's edge allows"));
        }
        return call(
            "failed_to_complete_task",
            Map.of("reason", place + " is at the map's edge, far from the middle"));
      }
      return call("drag", Map.of("start", point(x, y), "end", point(500, 500), "duration_ms", 900));
    }
    long pans = drags.stream().filter(d -> !d.failed()).count();
    if (pans >= SPIRAL.length) {
      return call(
          "failed_to_complete_task",
          Map.of("reason", place + " not found after " + pans + " pans"));
    }
    int[] d = SPIRAL[(int) pans];
    // Reveal content in direction d: the finger moves the other way.
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("start", point(500 + 220 * d[0], 550 + 220 * d[1]));
    args.put("end", point(500 - 220 * d[0], 550 - 220 * d[1]));
    if (drags.isEmpty()) {
      // a field the tool does not have, as a model guessing names sends
      args.put("duration", 900);
    } else {
      args.put("duration_ms", 900);
    }
    return call("drag", args);
  }

  /** Where the find_text before the latest one saw the place, if it did. */
  private static @Nullable JsonNode previousMatch(List<Call> calls, String place) {
    int seen = 0;
    for (int i = calls.size() - 1; i >= 0; i--) {
      Call c = calls.get(i);
      if (c.name().equals("find_text")
          && c.args().path("text").asText().equals(place)
          && !c.failed()) {
        if (++seen == 2) {
          return c.result().path("found").asBoolean()
              ? c.result().path("matches").path(0).path("center")
              : null;
        }
      }
    }
    return null;
  }

  private static Map<String, Object> point(double x, double y) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("x", Math.round(x * 10) / 10.0);
    m.put("y", Math.round(y * 10) / 10.0);
    return m;
  }

  private static Map<String, Object> region(double x, double y, double w, double h) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("x", x);
    m.put("y", y);
    m.put("w", w);
    m.put("h", h);
    return m;
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

  private static @Nullable Call first(List<Call> calls, String name) {
    return calls.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  private static @Nullable Call last(List<Call> calls, String name) {
    for (int i = calls.size() - 1; i >= 0; i--) {
      if (calls.get(i).name().equals(name)) {
        return calls.get(i);
      }
    }
    return null;
  }

  private static List<Call> all(List<Call> calls, String name) {
    return calls.stream().filter(c -> c.name().equals(name)).toList();
  }

  private ToolExecutionRequest call(String name, Map<String, ?> args) {
    try {
      return ToolExecutionRequest.builder()
          .id("call-" + ++ids)
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
            if (messages.get(j) instanceof ToolExecutionResultMessage res
                && r.id().equals(res.id())) {
              out.add(new Call(r.name(), read(r.arguments()), read(textOf(res.contents()))));
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

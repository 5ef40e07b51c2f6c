package dev.swipe.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.agent.internal.JsonInput;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.http.internal.ServerCode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Runs the agent tools by name on JSON arguments, over one {@link AgentRun}: {@code call(name,
 * json) -> result json}. Arguments are checked against the tool's input schema first (unknown
 * fields, types, NaN, ranges), then the tool runs. Every failure comes back as a result {@code
 * {"error": {"code", "message", "details"}}} with a stable snake_case code; no exception or stack
 * trace ever leaves {@link #call}.
 *
 * <p>Tools: {@code screenshot}, {@code touch_gesture}, {@code image_diff}, {@code wheel_nudge},
 * {@code scroll}, {@code save_memory}, {@code recall_memory}, {@code click}, {@code tap}, {@code
 * type_text}, {@code drag}, {@code press_back}, {@code home}, {@code finished}, {@code
 * failed_to_complete_task}, and {@code sim_state} when the phone is the simulator.
 *
 * <p>Every tool that answers with a screenshot takes {@code image}: {@code full} (default), {@code
 * scaled:N} or {@code none}, so a model with little context can ask for less; {@link
 * #specs(ToolListing)} lists the tools short for the same models.
 *
 * <p>Thread-safe; the phone serializes actions, so calls from several threads take turns.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class ToolDispatcher {
  private final AgentRun run;
  private final Map<String, Tool> tools;

  /** The tools of {@code run}. */
  public ToolDispatcher(AgentRun run) {
    this.run = SwipeException.requireArgument(run, "run");
    Map<String, Tool> m = new LinkedHashMap<>();
    List<Tool> all = new ArrayList<>();
    all.addAll(ObservationTools.tools(run));
    all.addAll(GestureTools.tools(run));
    all.addAll(WheelAndScrollTools.tools(run));
    all.addAll(TextTools.tools(run));
    all.addAll(WheelReadTools.tools(run));
    all.addAll(MemoryTools.tools(run));
    all.addAll(RunTools.tools(run));
    for (Tool t : all) {
      m.put(t.name(), withImageOption(t));
    }
    this.tools = Collections.unmodifiableMap(m);
  }

  /**
   * A tool that returns a screenshot also takes {@code image} ({@link ImageOption}): added here,
   * once, so no tool can answer with a whole JPEG a caller asked to have scaled or left out.
   */
  private static Tool withImageOption(Tool t) {
    ToolSpec s = t.spec();
    if (!s.outputSchema().path("properties").has(ImageOption.FIELD)) {
      return t;
    }
    ObjectNode in = s.inputSchema();
    ((ObjectNode) in.get("properties")).set(ImageOption.FIELD, ImageOption.schema());
    List<String> kept = new ArrayList<>(s.compactArguments());
    kept.add(ImageOption.FIELD); // the option small-context models need most
    ToolSpec spec = s.withInputSchema(in, kept);
    Tool.Handler h = t.handler();
    return new Tool(
        spec,
        a -> {
          ImageOption image = ImageOption.of(a.node());
          return image.apply(h.call(a));
        },
        t.usesPhone());
  }

  /** The run the tools act on. */
  public AgentRun run() {
    return run;
  }

  /** Every tool's spec, in a stable order. */
  public List<ToolSpec> specs() {
    List<ToolSpec> out = new ArrayList<>();
    tools.values().forEach(t -> out.add(t.spec()));
    return out;
  }

  /**
   * Every tool's spec as {@code listing} shows it: {@link ToolListing#COMPACT} for models with
   * little context ({@link ToolSpec#compact}).
   */
  public List<ToolSpec> specs(ToolListing listing) {
    SwipeException.requireArgument(listing, "listing");
    List<ToolSpec> out = specs();
    if (listing == ToolListing.COMPACT) {
      out.replaceAll(ToolSpec::compact);
    }
    return out;
  }

  /** The spec of one tool. */
  public Optional<ToolSpec> spec(String name) {
    return Optional.ofNullable(tools.get(name)).map(Tool::spec);
  }

  /**
   * Runs a tool.
   *
   * @param name the tool's name
   * @param arguments a JSON object (null means {@code {}})
   * @return the result object, or {@code {"error": {...}}}
   */
  public ObjectNode call(String name, @Nullable JsonNode arguments) {
    try {
      Tool tool = tools.get(name);
      if (tool == null) {
        throw new ToolFailure(
            ServerCode.UNKNOWN_TOOL,
            "no tool named '"
                + abbreviate(String.valueOf(name))
                + "'; tools: "
                + String.join(", ", tools.keySet()),
            Map.of("tools", List.copyOf(tools.keySet())));
      }
      JsonNode args =
          arguments == null || arguments.isNull() || arguments.isMissingNode()
              ? AgentJson.JSON.createObjectNode()
              : arguments;
      ArgumentValidator.validate(tool.spec().inputSchema(), args);
      if (tool.usesPhone() && run.termination().isPresent()) {
        AgentRun.Termination t = run.termination().get();
        throw new ToolFailure(
            AgentErrorCode.RUN_TERMINATED,
            "the run already ended with "
                + t.status()
                + "; start a new run to act on the phone again",
            Map.of("status", t.status()));
      }
      return tool.handler().call(new Args((ObjectNode) args));
    } catch (ToolFailure f) {
      return AgentJson.error(f.code(), f.getMessage(), f.details());
    } catch (SwipeException e) {
      return AgentJson.error(e.code().id(), e.getMessage(), e.details());
    } catch (RuntimeException e) {
      SwipeException s = SwipeException.orInternal(e);
      return AgentJson.error(s.code().id(), s.getMessage(), s.details());
    } catch (StackOverflowError | OutOfMemoryError e) {
      return AgentJson.error(
          CommonCode.INTERNAL.id(),
          "the tool ran out of resources: " + e.getClass().getSimpleName(),
          Map.of());
    }
  }

  /**
   * Runs a tool on arguments given as JSON text; returns the result as JSON text. Text that is not
   * one JSON object is refused with {@code invalid_argument}.
   */
  public String call(String name, String argumentsJson) {
    JsonNode args;
    try {
      args = parseArguments(argumentsJson);
    } catch (ToolFailure f) {
      return AgentJson.toText(AgentJson.error(f.code(), f.getMessage(), f.details()));
    }
    return AgentJson.toText(call(name, args));
  }

  /** Whether a result is an error result. */
  public static boolean isError(JsonNode result) {
    return result != null && result.has("error") && result.get("error").isObject();
  }

  /**
   * Parses argument text with the {@link JsonInput} bounds; malformed text is an {@code
   * invalid_argument} failure (or {@code json_too_deep} and the like) naming the field.
   */
  static JsonNode parseArguments(String text) {
    if (text == null || text.isBlank()) {
      return AgentJson.JSON.createObjectNode();
    }
    return JsonInput.read(text, "arguments");
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }
}

package dev.swipe.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ReturnBehavior;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolListing;
import dev.swipe.agent.ToolSpec;
import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The phone's agent tools for LangChain4j: one agent conversation on one phone. Opening it starts
 * an {@link AgentRun} (its own screenshot ids and wheel guard); closing it ends that run, and the
 * tools then answer {@code run_closed}. Hand it to an AI service as a {@link ToolProvider}, take
 * the {@link #executors() specification and executor pairs}, or drive your own loop with {@link
 * #execute(AiMessage)}.
 *
 * <p>Results are the tool's JSON as text, with the screenshot as {@link ImageContent} where the
 * {@link ImageDelivery} says. Nothing a model sends makes these tools throw: unknown tools,
 * malformed or out-of-range arguments, ids of screenshots it never saw and refused actions come
 * back as error results ({@code isError}) whose text is {@code {"error": {"code", "message",
 * "details"}}} with a stable snake_case code and, for arguments, {@code details.field}. The run's
 * budgets hold whatever the model asks (the wheel guard, scroll passes), and a conversation that
 * keeps calling past {@code maxCalls} is answered {@code call_budget_exhausted}.
 *
 * <p>An AI service returns as soon as the model ends the task: {@code finished} and {@code
 * failed_to_complete_task} are immediate-return tools, so the model is not asked again after a
 * successful call of either (a refused call, e.g. with a wrong argument, goes back to the model as
 * usual). The service method's {@code String} answer is then {@code null}; declare it as {@code
 * Result<String>} to get the terminal call among {@code toolExecutions()}, or read {@link
 * AgentRun#termination() run().termination()}. {@link Builder#endServiceOnTerminalTool(boolean)}
 * turns this off. For long conversations, wrap the service's chat memory in a {@link
 * ScreenshotTrimmingMemory}.
 *
 * <pre>{@code
 * try (Device phone = Device.open("sim:?scene=picker");
 *      PhoneTools tools = PhoneTools.open(phone)) {
 *   Assistant assistant = AiServices.builder(Assistant.class)
 *       .chatModel(model)
 *       .toolProvider(tools)
 *       .hallucinatedToolNameStrategy(tools::unknownTool)
 *       .build();
 * }
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class PhoneTools implements ToolProvider, AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String JPEG = "image/jpeg";

  /** The tools that end the task: {@code finished} and {@code failed_to_complete_task}. */
  public static final Set<String> TERMINAL_TOOLS = Set.of("finished", "failed_to_complete_task");

  private final AgentRun run;
  private final ToolDispatcher dispatcher;
  private final ImageDelivery images;
  private final int maxCalls;
  private final boolean endServiceOnTerminalTool;
  private final Map<ToolSpecification, ToolExecutor> executors;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicInteger calls = new AtomicInteger();
  private final List<String> errorCodes = Collections.synchronizedList(new ArrayList<>());

  private PhoneTools(Builder b) {
    AgentRun.Builder rb = AgentRun.builder(b.phone);
    if (b.memory != null) {
      rb.memory(b.memory);
    }
    this.run = rb.build();
    this.dispatcher = new ToolDispatcher(run);
    this.images = b.images;
    this.maxCalls = b.maxCalls;
    this.endServiceOnTerminalTool = b.endServiceOnTerminalTool;
    Map<ToolSpecification, ToolExecutor> m = new LinkedHashMap<>();
    for (ToolSpec spec : dispatcher.specs(b.listing)) {
      m.put(specification(spec), new Executor());
    }
    this.executors = Collections.unmodifiableMap(m);
  }

  /** Opens a conversation's tools on {@code phone}: no memory, screenshots inside tool results. */
  public static PhoneTools open(Device phone) {
    return builder(phone).build();
  }

  /** A builder for a conversation's tools on {@code phone}. */
  public static Builder builder(Device phone) {
    return new Builder(phone);
  }

  /** The tool as LangChain4j declares tools: name, model-facing description, argument schema. */
  static ToolSpecification specification(ToolSpec spec) {
    return ToolSpecification.builder()
        .name(spec.name())
        .description(spec.description())
        .parameters(JsonSchemaConversion.parameters(spec.inputSchema()))
        .build();
  }

  /** Every tool's specification, in a stable order. */
  public List<ToolSpecification> specifications() {
    return List.copyOf(executors.keySet());
  }

  /** Each tool's specification with the executor that runs it on this conversation's run. */
  public Map<ToolSpecification, ToolExecutor> executors() {
    return executors;
  }

  /**
   * The tools for an AI service, the same set on every request of the conversation; the {@link
   * #TERMINAL_TOOLS} return at once unless the builder said otherwise.
   */
  @Override
  public ToolProviderResult provideTools(ToolProviderRequest request) {
    ToolProviderResult.Builder result = ToolProviderResult.builder();
    executors.forEach(
        (spec, executor) ->
            result.add(
                spec,
                executor,
                endServiceOnTerminalTool && TERMINAL_TOOLS.contains(spec.name())
                    ? ReturnBehavior.IMMEDIATE
                    : ReturnBehavior.TO_LLM));
    return result.build();
  }

  /** The run the tools act on: its id and, once the model called a terminal tool, how it ended. */
  public AgentRun run() {
    return run;
  }

  /** Tool calls answered so far, errors included. */
  public int calls() {
    return calls.get();
  }

  /** The codes of the error results so far, in order. */
  public List<String> errorCodes() {
    synchronized (errorCodes) {
      return List.copyOf(errorCodes);
    }
  }

  /**
   * Runs one tool request; never throws. The result's text is the tool's JSON (without the base64
   * image); with {@link ImageDelivery#IN_TOOL_RESULT} a screenshot follows as image content.
   */
  public ToolExecutionResult execute(ToolExecutionRequest request) {
    return answer(request).result();
  }

  /**
   * Answers every tool request of a model's message, in order: one {@link
   * ToolExecutionResultMessage} each and, with {@link ImageDelivery#IN_USER_MESSAGE}, one user
   * message with the latest screenshot after them. Append them to the conversation and ask the
   * model again. Never throws.
   */
  public List<ChatMessage> execute(AiMessage message) {
    List<ChatMessage> out = new ArrayList<>();
    Answer latest = null;
    for (ToolExecutionRequest r : message.toolExecutionRequests()) {
      Answer a = answer(r);
      out.add(
          ToolExecutionResultMessage.builder()
              .id(r.id())
              .toolName(r.name())
              .contents(a.result().resultContents())
              .isError(a.result().isError())
              .build());
      if (a.image() != null) {
        latest = a;
      }
    }
    if (latest != null && images == ImageDelivery.IN_USER_MESSAGE) {
      out.add(
          UserMessage.from(
              TextContent.from(
                  "The screen after the tool calls above (screenshot_attachment_id: "
                      + latest.screenshotId()
                      + "):"),
              ImageContent.from(latest.image(), JPEG)));
    }
    return out;
  }

  /** A result, and the screenshot it brought (null when none). */
  private record Answer(ToolExecutionResult result, @Nullable String image, String screenshotId) {}

  private Answer answer(ToolExecutionRequest request) {
    ObjectNode result = call(request);
    JsonNode image = result.remove("image");
    result.remove("mime_type");
    List<Content> contents = new ArrayList<>();
    contents.add(TextContent.from(text(result)));
    if (image != null && images == ImageDelivery.IN_TOOL_RESULT) {
      contents.add(ImageContent.from(image.asText(), JPEG));
    }
    ToolExecutionResult r =
        ToolExecutionResult.builder()
            .isError(ToolDispatcher.isError(result))
            .resultContents(contents)
            .build();
    return new Answer(
        r,
        image == null ? null : image.asText(),
        result.path("screenshot_attachment_id").asText(""));
  }

  /**
   * An error result for a tool the model made up, for {@code
   * AiServices.hallucinatedToolNameStrategy}: the model reads {@code unknown_tool} and the list of
   * real tools instead of the conversation failing.
   */
  public ToolExecutionResultMessage unknownTool(ToolExecutionRequest request) {
    ToolExecutionResult r = execute(request);
    return ToolExecutionResultMessage.builder()
        .id(request.id())
        .toolName(request.name())
        .contents(r.resultContents())
        .isError(r.isError())
        .build();
  }

  /** Ends the conversation's run (its ids stop resolving); the phone stays open. Idempotent. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      run.close();
    }
  }

  private ObjectNode call(ToolExecutionRequest request) {
    calls.incrementAndGet();
    ObjectNode result;
    if (request == null) {
      result = error("invalid_argument", "no tool request", Map.of("field", "request"));
    } else if (closed.get()) {
      result =
          error(
              "run_closed",
              "this conversation's tools were closed; open new PhoneTools to go on",
              Map.of());
    } else if (calls.get() > maxCalls) {
      result =
          error(
              "call_budget_exhausted",
              "this conversation made more than "
                  + maxCalls
                  + " tool calls; finish or give up with failed_to_complete_task",
              Map.of("max_calls", maxCalls));
    } else {
      result = parse(dispatcher.call(request.name(), request.arguments()));
    }
    if (ToolDispatcher.isError(result)) {
      errorCodes.add(result.get("error").path("code").asText());
    }
    return result;
  }

  private static ObjectNode parse(String json) {
    try {
      return (ObjectNode) JSON.readTree(json);
    } catch (java.io.IOException | ClassCastException e) {
      return error("internal", "the tool's result could not be read", Map.of());
    }
  }

  private static ObjectNode error(String code, String message, Map<String, ?> details) {
    ObjectNode out = JSON.createObjectNode();
    ObjectNode e = out.putObject("error");
    e.put("code", code);
    e.put("message", message);
    e.set("details", JSON.valueToTree(details));
    return out;
  }

  private static String text(JsonNode n) {
    try {
      return JSON.writeValueAsString(n);
    } catch (java.io.IOException e) {
      return "{\"error\":{\"code\":\"internal\",\"message\":\"result could not be written\",\"details\":{}}}";
    }
  }

  /** Runs any of the tools by the request's name (LangChain4j looks it up by name). */
  private final class Executor implements ToolExecutor {
    @Override
    public String execute(ToolExecutionRequest request, Object memoryId) {
      List<Content> contents = PhoneTools.this.execute(request).resultContents();
      return ((TextContent) contents.get(0)).text();
    }

    @Override
    public ToolExecutionResult executeWithContext(
        ToolExecutionRequest request, InvocationContext context) {
      return PhoneTools.this.execute(request);
    }
  }

  /**
   * Builds {@link PhoneTools}. The memory store is a part, set once: a second set fails with {@code
   * invalid_argument} naming {@code memory}. The options ({@link #images}, {@link #maxCalls}) take
   * the last value given.
   */
  public static final class Builder {
    private final Device phone;
    private @Nullable MemoryStore memory;
    private ImageDelivery images = ImageDelivery.IN_TOOL_RESULT;
    private int maxCalls = 200;
    private boolean endServiceOnTerminalTool = true;
    private ToolListing listing = ToolListing.FULL;

    private Builder(Device phone) {
      this.phone = SwipeException.requireArgument(phone, "phone");
    }

    /** The store behind save_memory and recall_memory (the caller closes it); default none. */
    public Builder memory(MemoryStore memory) {
      SwipeException.requireArgument(memory, "memory");
      SwipeException.requireNotSet(this.memory != null, "memory");
      this.memory = memory;
      return this;
    }

    /** Where screenshots go; default {@link ImageDelivery#IN_TOOL_RESULT}. */
    public Builder images(ImageDelivery images) {
      this.images = SwipeException.requireArgument(images, "images");
      return this;
    }

    /**
     * Tool calls the conversation may make before every further call is refused with {@code
     * call_budget_exhausted} (a model stuck in a loop); default 200.
     */
    public Builder maxCalls(int maxCalls) {
      if (maxCalls < 1) {
        throw SwipeException.invalidArgument("max_calls", "must be at least 1, was " + maxCalls);
      }
      this.maxCalls = maxCalls;
      return this;
    }

    /**
     * Whether an AI service returns right after a successful {@code finished} or {@code
     * failed_to_complete_task} instead of asking the model once more; default true. Applies to
     * {@link PhoneTools#provideTools}; a host that passes {@link PhoneTools#executors()} itself
     * gives LangChain4j {@link PhoneTools#TERMINAL_TOOLS} as the immediate-return names.
     */
    public Builder endServiceOnTerminalTool(boolean end) {
      this.endServiceOnTerminalTool = end;
      return this;
    }

    /**
     * How the tools are described to the model; default {@link ToolListing#FULL}. {@link
     * ToolListing#COMPACT} sends short descriptions and only the arguments most calls need, for
     * models with a small context; the tools take every argument either way.
     */
    public Builder toolListing(ToolListing listing) {
      this.listing = SwipeException.requireArgument(listing, "tool_listing");
      return this;
    }

    /** Opens the conversation's run. */
    public PhoneTools build() {
      return new PhoneTools(this);
    }
  }

  /**
   * Where the screenshot of a tool result goes. Model APIs differ: Anthropic takes images inside a
   * tool result, while OpenAI's Chat Completions API takes only text there (LangChain4j 1.19
   * refuses to send an image in an OpenAI tool message), so the picture has to follow as a user
   * message.
   */
  public enum ImageDelivery {
    /**
     * The tool result carries the JSON text and the screenshot as {@code ImageContent} (Anthropic,
     * and any model whose API accepts images in tool results).
     */
    IN_TOOL_RESULT,
    /**
     * The tool result is the JSON text only; {@link
     * PhoneTools#execute(dev.langchain4j.data.message.AiMessage)} appends one user message with the
     * latest screenshot after the tool results (OpenAI Chat Completions and OpenAI-compatible
     * servers).
     */
    IN_USER_MESSAGE,
    /** Text only, for models that cannot see images: they work from find_text and read_wheel. */
    NONE
  }
}

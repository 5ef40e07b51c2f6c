package dev.swipe.langchain4j.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.langchain4j.PhoneAgent;
import dev.swipe.langchain4j.PhoneTools;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * An LLM agent on a phone in a page of code: a LangChain4j chat model, the phone's tools, and the
 * tool-calling loop. The model comes from environment variables ({@link ConfiguredModel}); without
 * them the program says what to set.
 *
 * <pre>
 * OPENAI_API_KEY=... java -cp ... dev.swipe.langchain4j.examples.PhoneAgentExample \
 *     'sim:?scene=picker' 'Set the time picker to 07:45.'
 * </pre>
 *
 * <p>Arguments: the device URI (default {@code sim:?scene=picker}) and the task (default: set the
 * picker to 07:45). Exit code 0 when the model finished the task, 1 when it did not, 2 when no
 * model is configured or an argument is wrong.
 */
public final class PhoneAgentExample {
  /** The device when none is given. */
  public static final String DEFAULT_DEVICE = "sim:?scene=picker";

  /** The task when none is given. */
  public static final String DEFAULT_TASK = "Set the time picker to 07:45.";

  private PhoneAgentExample() {}

  public static void main(String[] args) {
    int code = run(args, System.getenv(), System.out);
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs with the model the environment names ({@link ConfiguredModel}); returns the exit code. */
  public static int run(String[] args, Map<String, String> env, PrintStream out) {
    Optional<ConfiguredModel> model;
    try {
      model = ConfiguredModel.fromEnvironment(env);
    } catch (SwipeException e) {
      out.println(e.getMessage());
      out.println(ConfiguredModel.HOW_TO_CONFIGURE);
      return 2;
    }
    if (model.isEmpty()) {
      out.println(ConfiguredModel.HOW_TO_CONFIGURE);
      return 2;
    }
    out.println("model: " + model.get().name());
    return run(model.get().model(), model.get().images(), args, out);
  }

  /**
   * Runs the agent with {@code model} on the device and task the arguments name; returns the exit
   * code.
   */
  public static int run(
      ChatModel model, PhoneTools.ImageDelivery images, String[] args, PrintStream out) {
    String uri = args.length > 0 ? args[0] : DEFAULT_DEVICE;
    String task =
        args.length > 1 ? String.join(" ", Arrays.copyOfRange(args, 1, args.length)) : DEFAULT_TASK;
    try (Device phone = Device.open(uri)) {
      return run(model, images, phone, task, out);
    } catch (SwipeException e) {
      out.println("cannot open " + uri + ": " + e.code().id() + ": " + e.getMessage());
      return 2;
    }
  }

  /**
   * One conversation on an open phone: the tools open a run, the loop works on the task, and
   * closing the tools ends the run (the phone stays open). Returns the exit code.
   */
  public static int run(
      ChatModel model,
      PhoneTools.ImageDelivery images,
      Device phone,
      String task,
      PrintStream out) {
    try (PhoneTools tools = PhoneTools.builder(phone).images(images).build()) {
      PhoneAgent.Outcome outcome = PhoneAgent.builder(model).build().run(tools, task);
      out.println("task: " + task);
      out.println("status: " + outcome.status() + " (" + outcome.text() + ")");
      out.println(
          "turns: "
              + outcome.turns()
              + ", tool calls: "
              + outcome.toolCalls()
              + ", tool errors: "
              + outcome.toolErrors());
      return outcome.status() == PhoneAgent.Status.FINISHED ? 0 : 1;
    }
  }
}

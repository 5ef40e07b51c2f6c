package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.ToolFailure;
import java.util.List;
import java.util.Map;

/** The run terminators: {@code finished} and {@code failed_to_complete_task}. */
final class RunTools {
  /** Status of a run that ended with {@code finished}. */
  static final String FINISHED = "finished";

  /** Status of a run that ended with {@code failed_to_complete_task}. */
  static final String FAILED = "failed_to_complete_task";

  private RunTools() {}

  static List<Tool> tools(AgentRun run) {
    return List.of(
        terminator(
            run,
            FINISHED,
            "text",
            "Declare the task done (terminal): call it once, when the latest screenshot shows the goal reached."
                + " Afterwards the run's phone tools refuse with run_terminated.",
            "Optional answer or summary for the user.",
            "Declare the task done (ends the run)."),
        terminator(
            run,
            FAILED,
            "reason",
            "Give up on the task (terminal), e.g. after the retry limits are reached or when the goal is"
                + " impossible. Afterwards the run's phone tools refuse with run_terminated.",
            "Why the task cannot be completed.",
            "Give up on the task (ends the run)."));
  }

  private static Tool terminator(
      AgentRun run,
      String name,
      String field,
      String description,
      String fieldDescription,
      String brief) {
    ToolSpec spec =
        new ToolSpec(
                name,
                description,
                Schema.object(null).prop(field, Schema.string(fieldDescription, 0, 4000)).build(),
                Schema.result("The run's end.")
                    .prop("status", Schema.oneOf("How the run ended.", FINISHED, FAILED))
                    .prop(field, Schema.string(fieldDescription))
                    .required("status")
                    .build())
            .withCompact(brief, field)
            // ends the run, never the phone's content; a second call changes nothing more
            .withHints(new ToolSpec.Hints(false, false, true, false));
    return new Tool(
        spec,
        a -> {
          String text = a.string(field, "");
          if (!run.terminate(new AgentRun.Termination(name, text))) {
            AgentRun.Termination t = run.termination().orElseThrow();
            throw new ToolFailure(
                AgentErrorCode.RUN_TERMINATED,
                "the run already ended with " + t.status(),
                Map.of("status", t.status()));
          }
          ObjectNode out = Results.object();
          out.put("status", name);
          out.put(field, text);
          return out;
        },
        false);
  }
}

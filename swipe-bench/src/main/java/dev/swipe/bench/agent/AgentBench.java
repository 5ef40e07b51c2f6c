package dev.swipe.bench.agent;

import dev.langchain4j.model.chat.ChatModel;
import dev.swipe.core.Device;
import dev.swipe.langchain4j.PhoneAgent;
import dev.swipe.langchain4j.PhoneTools;
import dev.swipe.langchain4j.examples.ConfiguredModel;
import dev.swipe.langchain4j.testing.ScriptedPhoneModel;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The agent benchmark: a fixed set of phone tasks (set a picker time, find and open a contact, page
 * a carousel to its end, pan a map to a labelled place) on android, ios and flutter simulators,
 * each run by every agent through the LangChain4j tools and judged afterwards by the simulator's
 * truth, which the agents never see. A run succeeds when the agent called {@code finished} and the
 * truth agrees; a goal reached by accident in a run that never ended does not count. It always runs
 * the scripted agent, the baseline, and a real model when environment variables name one ({@link
 * ConfiguredModel}), so models and prompts can be compared on the same tasks.
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.agent.AgentBench [variations] [kinds] [platforms]
 * </pre>
 *
 * <p>Arguments: variations per kind and platform (default 1), a comma-separated list of kinds
 * ({@code picker,contact,carousel,map}, default all) and of platforms (default all three).
 */
public final class AgentBench {
  /** One run of one task by one agent. */
  record Row(
      String agent,
      AgentTask task,
      boolean success,
      int turns,
      int actions,
      long wallMs,
      List<String> toolErrors,
      String status,
      String reason) {}

  /** An agent under test: a chat model and where its API takes screenshots. */
  record Agent(String name, ChatModel model, PhoneTools.ImageDelivery images) {}

  private AgentBench() {}

  public static void main(String[] args) {
    int variations = args.length > 0 ? Integer.parseInt(args[0]) : 1;
    List<AgentTask.Kind> kinds =
        args.length > 1 ? parseKinds(args[1]) : List.of(AgentTask.Kind.values());
    List<String> platforms =
        args.length > 2 ? Arrays.asList(args[2].split(",")) : AgentTask.PLATFORMS;
    List<Agent> agents = new ArrayList<>();
    agents.add(new Agent("scripted", new ScriptedPhoneModel(), PhoneTools.ImageDelivery.NONE));
    Optional<ConfiguredModel> real = ConfiguredModel.fromEnvironment(System.getenv());
    real.ifPresentOrElse(
        m -> agents.add(new Agent(m.name(), m.model(), m.images())),
        () ->
            System.out.println(
                "(no real model configured: set OPENAI_API_KEY or ANTHROPIC_API_KEY, see docs/agents.md)"));
    List<AgentTask> tasks = AgentTask.fixedSet(variations, kinds, platforms);
    List<Row> rows = new ArrayList<>();
    for (Agent a : agents) {
      for (AgentTask t : tasks) {
        Row r = run(a, t);
        rows.add(r);
        System.out.printf(
            Locale.ROOT,
            "%-10s %-22s %-5s %2d actions %6d ms errors %s%s%n",
            a.name(),
            t.id(),
            r.success() ? "ok" : "FAIL",
            r.actions(),
            r.wallMs(),
            r.toolErrors(),
            r.success() ? "" : " (" + r.reason() + ")");
      }
    }
    print(rows, System.out);
  }

  static List<AgentTask.Kind> parseKinds(String s) {
    List<AgentTask.Kind> out = new ArrayList<>();
    for (String k : s.split(",", 0)) { // limit 0 as ever: a trailing comma is let through
      out.add(AgentTask.Kind.valueOf(k.strip().toUpperCase(Locale.ROOT)));
    }
    return out;
  }

  /**
   * Runs one task with a fresh scripted agent or the shared real model; never throws for the
   * agent's mistakes.
   */
  static Row run(Agent agent, AgentTask task) {
    ChatModel model =
        agent.model() instanceof ScriptedPhoneModel ? new ScriptedPhoneModel() : agent.model();
    long start = System.nanoTime();
    try (Device phone = Device.open(task.deviceUri())) {
      PhoneAgent.Outcome out;
      try (PhoneTools tools = PhoneTools.builder(phone).images(agent.images()).build()) {
        out = PhoneAgent.builder(model).maxTurns(40).build().run(tools, task.instruction());
      }
      long wallMs = (System.nanoTime() - start) / 1_000_000;
      AgentTask.Verdict v = task.judge(phone);
      boolean finished = out.status() == PhoneAgent.Status.FINISHED;
      // success needs both: the agent said it was done, and the truth agrees
      String reason =
          finished && v.success()
              ? v.reason()
              : finished
                  ? "claimed finished, but " + v.reason()
                  : out.status().name().toLowerCase(Locale.ROOT)
                      + ": "
                      + out.text()
                      + "; "
                      + v.reason();
      return new Row(
          agent.name(),
          task,
          finished && v.success(),
          out.turns(),
          out.toolCalls(),
          wallMs,
          out.toolErrors(),
          out.status().name(),
          reason);
    }
  }

  /**
   * The summary table (per agent and task kind) and the failures with their reasons, as Markdown.
   */
  static void print(List<Row> rows, PrintStream out) {
    out.println();
    out.println(
        "| agent | task | platforms | runs | success | actions (mean) | time s (mean) | tool errors (total) | error codes |");
    out.println("|---|---|---|---|---|---|---|---|---|");
    Map<String, List<Row>> groups = new LinkedHashMap<>();
    for (Row r : rows) {
      groups.computeIfAbsent(r.agent() + "\u0000" + r.task().kind(), k -> new ArrayList<>()).add(r);
    }
    for (List<Row> g : groups.values()) {
      Row first = g.get(0);
      long ok = g.stream().filter(Row::success).count();
      double actions = g.stream().mapToInt(Row::actions).average().orElse(0);
      double secs = g.stream().mapToLong(Row::wallMs).average().orElse(0) / 1000.0;
      int errors = g.stream().mapToInt(r -> r.toolErrors().size()).sum();
      Map<String, Integer> codes = new LinkedHashMap<>();
      g.forEach(r -> r.toolErrors().forEach(c -> codes.merge(c, 1, Integer::sum)));
      String platforms =
          String.join(",", g.stream().map(r -> r.task().platform()).distinct().toList());
      out.printf(
          Locale.ROOT,
          "| %s | %s | %s | %d | %d/%d | %.1f | %.1f | %d | %s |%n",
          first.agent(),
          first.task().kind().name().toLowerCase(Locale.ROOT),
          platforms,
          g.size(),
          ok,
          g.size(),
          actions,
          secs,
          errors,
          codes.isEmpty() ? "" : codes.toString().replaceAll("[{}]", ""));
    }
    List<Row> failed = rows.stream().filter(r -> !r.success()).toList();
    if (!failed.isEmpty()) {
      out.println();
      out.println("| agent | task | status | reason |");
      out.println("|---|---|---|---|");
      failed.forEach(
          r ->
              out.printf(
                  Locale.ROOT,
                  "| %s | %s | %s | %s |%n",
                  r.agent(),
                  r.task().id(),
                  r.status(),
                  r.reason().replace('|', '/')));
    }
  }
}

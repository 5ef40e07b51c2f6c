package dev.swipe.agent.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolListing;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.agent.server.internal.TraceCollector;
import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.DeviceBuilder;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.ReplayOptions;
import dev.swipe.flow.ReplayResult;
import dev.swipe.memory.MemoryStore;
import dev.swipe.report.HtmlReport;
import dev.swipe.webdriver.internal.WebDriverCli;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The runnable jar's entry point.
 *
 * <pre>
 * java -jar swipe-agent.jar mcp   [--device URI | --hid URI --capture URI] [--memory URI|none] [--settle-ms N]
 *                                 [--trace DIR [--trace-max-bytes N] [--trace-total-bytes N]] [--record FILE]
 *                                 [--http HOST:PORT [--token T[,T...]] [--allow-host H[,H...]]
 *                                  [--max-sessions N] [--session-idle-s N] [--max-request-bytes N]]
 * java -jar swipe-agent.jar serve --http HOST:PORT [device options] [--memory URI|none] [--token T[,T...]]
 *                                 [--allow-host H[,H...]] [--max-request-bytes N] [--max-runs N]
 *                                 [--max-attachment-bytes N] [--max-run-attachment-bytes N] [trace options]
 *                                 [--record FILE]
 * java -jar swipe-agent.jar tools [--device URI] [--tools full|compact]   (prints the tool specs)
 * java -jar swipe-agent.jar webdriver [--port N] [device options] [--memory URI|none] [--rig NAME]
 *                                 [trace options] [--record DIR] ...
 * java -jar swipe-agent.jar report DIR [--out FILE]   (renders the HTML report of a trace)
 * java -jar swipe-agent.jar replay FLOW [device options] [--settle-ms N] [--reports DIR]
 * java -jar swipe-agent.jar collect --http HOST:PORT --dir DIR [--token T[,T...]]
 *                                 [--allow-host H[,H...]] [--max-request-bytes N] [--max-run-bytes N]
 * </pre>
 *
 * <p>{@code --record FILE} ({@code mcp}, {@code serve}) records what the tools do on the phone as a
 * flow ({@link dev.swipe.flow.FlowRecorder}): every run's actions, in the order they are taken,
 * named after the file's stem. The file is rewritten after each call that changed the flow, and
 * with the screens recorded before each step ({@code NAME.screens/} beside it) when the session
 * ends or the server stops. {@code webdriver --record DIR} lets a session that asks for it with the
 * capability {@code swipe:recordFlow: NAME} record to {@code DIR/NAME.flow.yaml}. {@code replay
 * FLOW} plays a flow on a device without a model: one line per step, and at the first divergence
 * its code, message and report, exit code 1.
 *
 * <p>{@code --tools compact} ({@code mcp}, {@code serve}, {@code tools}) lists the tools with short
 * descriptions and no output schemas, for models with little context; the tools behave the same.
 *
 * <p>{@code --sim-state} (any command with tools) adds the {@code sim_state} tool on the simulator,
 * for demos and tests; it is off by default because it reveals what a model must judge from
 * screenshots.
 *
 * <p>{@code --trace DIR} gives each run (the mcp session, each serve run, each WebDriver session) a
 * trace of its own in a new sub-directory of {@code DIR}; {@code report DIR} renders them. {@code
 * --trace-to URL [--trace-token T] [--rig NAME]} sends each run's trace to a trace collector
 * ({@code collect}, {@link TraceCollector}) instead, filed under the rig's name (default: the host
 * name), so a farm's runs land in one directory and {@code report DIR} there renders them with an
 * index per rig.
 *
 * <p>Defaults: {@code --device sim:}, {@code --memory sqlite:~/.swipe/memory.db}. In {@code mcp}
 * mode stdout is the protocol channel: everything else goes to stderr.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class SwipeAgentCli {
  static final String USAGE =
      """
      usage:
        swipe-agent mcp   [--device URI | --hid URI --capture URI] [--memory URI|none] [--settle-ms N]
                          [--trace DIR [--trace-max-bytes N] [--trace-total-bytes N]] [--record FILE]
                          [--http HOST:PORT [--token TOKEN[,TOKEN...]] [--allow-host HOST[:PORT][,...]]
                           [--max-sessions N] [--session-idle-s N] [--max-request-bytes N]
                           [--max-attachment-bytes N] [--max-run-attachment-bytes N]]
        swipe-agent serve --http HOST:PORT [--device URI | --hid URI --capture URI] [--memory URI|none]
                          [--token TOKEN[,TOKEN...]] [--allow-host HOST[:PORT][,...]]
                          [--max-request-bytes N] [--max-runs N] [--settle-ms N]
                          [--max-attachment-bytes N] [--max-run-attachment-bytes N]
                          [--trace DIR [--trace-max-bytes N] [--trace-total-bytes N]] [--record FILE]
        swipe-agent tools [--device URI] [--tools full|compact]
        swipe-agent webdriver [--address HOST] [--port N] [device options] [--memory URI|none]
                          [--rig NAME] [--trace DIR [--trace-max-bytes N] [--trace-total-bytes N]]
                          [--record DIR] ...  (webdriver --help)
        swipe-agent report DIR [--out FILE]
        swipe-agent replay FLOW [--device URI | --hid URI --capture URI] [--settle-ms N] [--reports DIR]
        swipe-agent collect --http HOST:PORT --dir DIR [--token TOKEN[,TOKEN...]]
                          [--allow-host HOST[:PORT][,...]] [--max-request-bytes N] [--max-run-bytes N]
      --sim-state (mcp, serve, tools, webdriver): add the sim_state tool (simulator only; for demos
        and tests)
      --tools compact (mcp, serve, tools): list the tools with short descriptions and no output
        schemas, for models with little context (default full); the tools behave the same
      defaults: --device sim:  --memory sqlite:~/.swipe/memory.db  --http 127.0.0.1:8765
        (webdriver: --memory none; give the farm's postgresql:// store to every rig to share one)
      --trace DIR: each run (the mcp session, each serve run, each webdriver session) is traced in a
        new sub-directory of DIR, with a disk budget of --trace-max-bytes (default 512 MiB) each;
        all run directories together stay within --trace-total-bytes (default 4 GiB): the oldest
        ended runs' directories are removed first. A DIR that cannot be written is refused before
        anything starts.
      --trace-to URL [--trace-token T] [--rig NAME] (mcp, serve, webdriver): each run's trace goes to
        the trace collector at URL (collect) instead of a local directory, as DIR/RIG/RUN there; the
        rig is --rig (default: this host's name; webdriver with several --rig NAME=URI: each
        session's own rig), the token --trace-token or SWIPE_TRACE_TOKEN.
        --trace-max-bytes is each run's budget. A collector that cannot be reached holds no run up:
        traces wait for it in memory (64 MiB a run) and a run's end waits for it at most 5 s.
      collect: receives runs' traces into DIR/RIG/RUN (report DIR renders them with an index per rig);
        default --http 127.0.0.1:8770; off loopback it needs --token (or SWIPE_COLLECT_TOKEN). Each
        run's directory holds at most --max-run-bytes (default 1 GiB).
      --record FILE (mcp, serve): record what the tools do on the phone as a flow in FILE (named
        after its stem), rewritten after each call, with its screens when the session ends or the
        server stops. webdriver --record DIR: a session with the capability swipe:recordFlow NAME
        records to DIR/NAME.flow.yaml.
      replay FLOW: plays the flow on the device without a model, one line per step; at the first
        step that diverges prints its code, message and report (under --reports DIR, default a new
        temporary directory) and exits 1.
      report DIR: renders DIR/report.html from a trace, or each run's report and DIR/index.html from
        a DIR of runs; --out FILE writes a single trace's page elsewhere. Unreadable lines are listed.
      serve keeps screenshots within --max-run-attachment-bytes per run (default 64 MiB) and
        --max-attachment-bytes in all (default 256 MiB); the oldest beyond are evicted (attachment_evicted).
      mcp --http HOST:PORT: MCP over Streamable HTTP at http://HOST:PORT/mcp instead of stdio; each
        client gets a session (and a trace) of its own, at most --max-sessions (default 16); a session
        with no request, call or open stream for --session-idle-s (default 600) ends.
      serve and mcp --http need --token (or SWIPE_AGENT_TOKEN) when bound to a non-loopback address,
        and refuse requests whose Host or Origin is not a loopback name, the bound address or an
        --allow-host.
      """;

  private SwipeAgentCli() {}

  /** Runs a command; exits with 0 on a clean end, 2 on a usage error, 1 on a failure. */
  public static void main(String[] args) {
    System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
    System.setProperty(
        "org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("swipe.log", "warn"));
    PrintStream protocol =
        new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    // stdout may be the MCP channel: stray prints of any library go to stderr instead
    System.setOut(System.err);
    int code;
    try {
      code = run(args, protocol);
    } catch (UsageException e) {
      System.err.println("swipe-agent: " + e.getMessage());
      System.err.print(USAGE);
      code = 2;
    } catch (SwipeException e) {
      System.err.println(
          "swipe-agent: "
              + e.code().id()
              + (e.field() == null ? "" : " (" + e.field() + ")")
              + ": "
              + e.getMessage());
      code = 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      code = 1;
    } catch (RuntimeException e) {
      System.err.println("swipe-agent: unexpected failure: " + e);
      code = 1;
    }
    System.exit(code);
  }

  static int run(String[] args, PrintStream stdout) throws InterruptedException {
    if (args.length == 0 || args[0].equals("help") || args[0].equals("--help")) {
      System.err.print(USAGE);
      return args.length == 0 ? 2 : 0;
    }
    if (args[0].equals("report")) {
      return HtmlReport.run(Arrays.copyOfRange(args, 1, args.length), stdout, System.err);
    }
    if (args[0].equals("replay")) {
      return replay(args, stdout, System.err);
    }
    if (args[0].equals("collect")) {
      return collect(Options.parse(args));
    }
    if (args[0].equals("webdriver")) {
      // a W3C WebDriver remote end (swipe-webdriver) whose swipe: methods are these tools; the
      // trace
      // options are the agent's, taken out before the rest is parsed there
      List<String> rest = new ArrayList<>();
      Map<String, String> trace = new LinkedHashMap<>();
      boolean simState = false;
      boolean severalRigs = false;
      for (int i = 1; i < args.length; i++) {
        String a = args[i];
        String key = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
        if (a.equals(SIM_STATE)) {
          simState = true;
        } else if (key.equals("--trace")
            || key.equals("--trace-max-bytes")
            || key.equals("--trace-total-bytes")
            || key.equals("--trace-to")
            || key.equals("--trace-token")
            || key.equals("--record")) {
          String value =
              a.contains("=")
                  ? a.substring(a.indexOf('=') + 1)
                  : i + 1 < args.length ? args[++i] : null;
          if (value == null) {
            throw new UsageException(key + " needs a value");
          }
          if (trace.put(key, value) != null) {
            throw new UsageException(key + " given twice");
          }
        } else {
          if (key.equals("--rig") && (a.contains("=") || i + 1 < args.length)) {
            // the rig's name is the webdriver's too: read here, left for it; several rigs (--rig
            // NAME=DEVICE_URI) file each session's trace under its own rig's name
            String rig = a.contains("=") ? a.substring(a.indexOf('=') + 1) : args[i + 1];
            if (rig.contains("=")) {
              severalRigs = true;
            } else {
              trace.put("--rig", rig);
            }
          }
          rest.add(a);
        }
      }
      if (rest.size() == 1 && (rest.get(0).equals("--help") || rest.get(0).equals("help"))) {
        System.err.print(WebDriverCli.USAGE);
        System.err.println(
            "  [--trace DIR [--trace-max-bytes N] [--trace-total-bytes N]]: each session traced in a"
                + " new sub-directory of DIR");
        System.err.println(
            "  [--trace-to URL [--trace-token T]]: each session's trace sent to the trace"
                + " collector at URL, under the rig's --rig name (default: this host's name)");
        System.err.println(
            "  [--record DIR]: a session with the capability swipe:recordFlow NAME records a flow"
                + " to DIR/NAME.flow.yaml");
        return 0;
      }
      Options wd = new Options("webdriver", trace);
      RunTraces traces = wd.traces();
      FlowRecordings recordings = wd.recordings();
      return WebDriverCli.run(
          rest.toArray(String[]::new),
          WebDriverTools.factory(simState, traces, recordings, severalRigs),
          System.err);
    }
    Options o = Options.parse(args);
    // checked before any part opens: a trace directory or a flow file that cannot be written fails
    // here, not mid-run
    RunTraces traces = o.traces();
    FlowRecording recording = o.recording();
    switch (o.command()) {
      case "tools" -> {
        try (Device device = o.openDevice();
            AgentRun run = AgentRun.builder(device).simState(o.simState()).build()) {
          ArrayNode arr = AgentJson.JSON.createArrayNode();
          new ToolDispatcher(run).specs(o.toolListing()).forEach(s -> arr.add(s.toJson()));
          stdout.println(AgentJson.toText(arr));
        }
        return 0;
      }
      case "mcp" -> {
        if (o.values().containsKey("--http")) {
          try (Device device = o.openDevice();
              MemoryStore memory = o.openMemory();
              McpHttpServer server =
                  McpHttpServer.builder(served(device, recording))
                      .address(o.http())
                      .memory(memory)
                      .tokens(o.tokens())
                      .allowHosts(o.allowHosts())
                      .maxRequestBytes(o.maxRequestBytes())
                      .maxSessions(o.maxSessions())
                      .sessionIdleTimeout(o.sessionIdle())
                      .maxAttachmentBytes(o.maxAttachmentBytes())
                      .maxRunAttachmentBytes(o.maxRunAttachmentBytes())
                      .simState(o.simState())
                      .toolListing(o.toolListing())
                      .traces(traces)
                      .start()) {
            System.err.println(
                "swipe-agent: MCP over HTTP on http://"
                    + hostPort(server.address())
                    + McpHttpServer.PATH
                    + ", device "
                    + o.deviceLabel());
            Runtime.getRuntime()
                .addShutdownHook(new Thread(server::close, "swipe-agent-mcp-http-stop"));
            releaseOnExit(device);
            saveOnExit(recording);
            Thread.currentThread().join();
          }
          return 0;
        }
        try (Device device = o.openDevice();
            MemoryStore memory = o.openMemory();
            AgentRun run = o.run(served(device, recording), memory, traces)) {
          releaseOnExit(device);
          saveOnExit(recording);
          McpStdioServer server =
              McpStdioServer.start(new ToolDispatcher(run), o.toolListing(), System.in, stdout);
          System.err.println("swipe-agent: MCP server on stdio, device " + o.deviceLabel());
          server.awaitInputClosed();
          server.close();
          if (recording != null) {
            recording.save(); // the session ended: the flow and its screens (a failure exits 1)
          }
        }
        return 0;
      }
      case "serve" -> {
        try (Device device = o.openDevice();
            MemoryStore memory = o.openMemory();
            AgentHttpServer server =
                AgentHttpServer.builder(served(device, recording))
                    .address(o.http())
                    .memory(memory)
                    .tokens(o.tokens())
                    .allowHosts(o.allowHosts())
                    .maxRequestBytes(o.maxRequestBytes())
                    .maxRuns(o.maxRuns())
                    .maxAttachmentBytes(o.maxAttachmentBytes())
                    .maxRunAttachmentBytes(o.maxRunAttachmentBytes())
                    .simState(o.simState())
                    .toolListing(o.toolListing())
                    .traces(traces)
                    .start()) {
          System.err.println(
              "swipe-agent: HTTP tools on http://"
                  + hostPort(server.address())
                  + "/tools, device "
                  + o.deviceLabel());
          Runtime.getRuntime().addShutdownHook(new Thread(server::close, "swipe-agent-http-stop"));
          releaseOnExit(device);
          saveOnExit(recording);
          Thread.currentThread().join();
        }
        return 0;
      }
      default -> throw new UsageException("unknown command '" + o.command() + "'");
    }
  }

  /** The phone the tools drive: recorded into {@code recording} when there is one. */
  private static Device served(Device device, @Nullable FlowRecording recording) {
    if (recording == null) {
      return device;
    }
    System.err.println(
        "swipe-agent: recording the flow \"" + recording.name() + "\" to " + recording.file());
    return recording.phone(device);
  }

  /**
   * Saves the flow with its screens when the process is stopped; the flow file was rewritten after
   * each call already, so a call still running does not hold the stop up for long.
   */
  private static void saveOnExit(@Nullable FlowRecording recording) {
    if (recording != null) {
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(() -> recording.finish(Duration.ofSeconds(10)), "swipe-agent-flow-save"));
    }
  }

  /**
   * {@code collect --http HOST:PORT --dir DIR ...}: the trace collector, until the process is
   * stopped.
   */
  private static int collect(Options o) throws InterruptedException {
    String dir = o.values().get("--dir");
    if (dir == null || dir.isBlank()) {
      throw new UsageException("collect needs --dir DIR, where the traces land");
    }
    Path root;
    try {
      root = Path.of(dir);
    } catch (InvalidPathException e) {
      throw new UsageException("--dir: '" + dir + "' is not a path: " + e.getReason());
    }
    TraceCollector collector =
        TraceCollector.builder(root)
            .address(o.http())
            .tokens(Options.commaList(o.collectToken(), "--token"))
            .allowHosts(o.allowHosts())
            .maxRequestBytes(
                (int)
                    o.number(
                        "--max-request-bytes",
                        64 * 1024,
                        1024L * 1024 * 1024,
                        TraceCollector.DEFAULT_MAX_REQUEST_BYTES))
            .maxRunBytes(
                o.number(
                    "--max-run-bytes",
                    64 * 1024,
                    Long.MAX_VALUE,
                    TraceCollector.DEFAULT_MAX_RUN_BYTES))
            .start();
    Runtime.getRuntime().addShutdownHook(new Thread(collector::close, "swipe-agent-collect-stop"));
    System.err.println(
        "swipe-agent: collecting traces on http://"
            + hostPort(collector.address())
            + " into "
            + root.toAbsolutePath());
    Thread.currentThread().join();
    return 0;
  }

  /** The codes of a replay that stopped at a step (each with a report). */
  private static final List<FlowCode> DIVERGED =
      List.of(
          FlowCode.FLOW_ANCHOR_NOT_FOUND, FlowCode.FLOW_VERDICT_DIFFERS, FlowCode.FLOW_STEP_FAILED);

  /**
   * {@code replay FLOW [device options] [--settle-ms N] [--reports DIR]}: reads the flow, opens the
   * device and replays the flow on it, one line per step on {@code out}. A replay that diverges
   * prints its code, message and report on {@code err} and returns 1.
   */
  static int replay(String[] args, PrintStream out, PrintStream err) {
    if (args.length < 2 || args[1].startsWith("--")) {
      throw new UsageException("replay needs a flow file: replay FLOW --device URI");
    }
    String[] rest = new String[args.length - 1];
    rest[0] = "replay";
    System.arraycopy(args, 2, rest, 1, args.length - 2);
    Options o = Options.parse(rest);
    Path file;
    try {
      file = Path.of(args[1]);
    } catch (InvalidPathException e) {
      throw new UsageException("'" + args[1] + "' is not a path: " + e.getReason());
    }
    ReplayOptions options = ReplayOptions.forFile(file);
    if (o.values().containsKey("--reports")) {
      String dir = o.values().get("--reports");
      if (dir.isBlank()) {
        throw new UsageException("--reports needs a directory");
      }
      try {
        options = options.reportsTo(Path.of(dir));
      } catch (InvalidPathException e) {
        throw new UsageException("--reports: '" + dir + "' is not a path: " + e.getReason());
      }
    }
    Flow flow = Flow.read(file); // a file that is no flow fails before the device opens
    out.println(
        "replaying \""
            + flow.name()
            + "\" ("
            + flow.steps().size()
            + " steps) from "
            + file
            + " on "
            + o.deviceLabel());
    ReplayResult result;
    try (Device device = o.openDevice()) {
      result = flow.replay(device, options);
    } catch (SwipeException e) {
      if (!DIVERGED.contains(e.code())) {
        throw e;
      }
      err.println("swipe-agent: " + e.code().id() + ": " + e.getMessage());
      Object report = e.details().get("report");
      err.println(
          "swipe-agent: report: "
              + (report == null ? "none (it could not be written)" : report.toString()));
      return 1;
    }
    for (ReplayResult.Step s : result.steps()) {
      out.println(
          "step "
              + s.index()
              + "  "
              + s.kind()
              + "  found: "
              + s.found().name().toLowerCase(Locale.ROOT)
              + "  verdict: "
              + s.verdictSeen().orElse("-")
              + "  phone: "
              + s.phoneMs()
              + " ms");
    }
    out.println(
        "replayed \""
            + result.flow()
            + "\": "
            + result.steps().size()
            + " steps, "
            + result.phoneMs()
            + " ms on the phone's clock");
    return 0;
  }

  /**
   * Closes the device when the process is stopped (an MCP client ends the server with SIGTERM):
   * closing releases the pointer and keys, after a gesture in flight has finished.
   */
  private static void releaseOnExit(Device device) {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    device.close();
                  } catch (RuntimeException e) {
                    System.err.println("swipe-agent: closing the device failed: " + e.getMessage());
                  }
                },
                "swipe-agent-release"));
  }

  private static String hostPort(InetSocketAddress a) {
    return a.getHostString() + ":" + a.getPort();
  }

  /** The flag that adds the {@code sim_state} tool. */
  static final String SIM_STATE = "--sim-state";

  /** A command line that cannot be run. */
  static final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  /** Parsed command line. */
  record Options(String command, Map<String, String> values) {
    private static final List<String> KNOWN =
        List.of(
            "--device",
            "--hid",
            "--capture",
            "--memory",
            "--http",
            "--token",
            "--allow-host",
            "--max-request-bytes",
            "--max-runs",
            "--max-attachment-bytes",
            "--max-run-attachment-bytes",
            "--max-sessions",
            "--session-idle-s",
            "--settle-ms",
            "--trace",
            "--trace-max-bytes",
            "--trace-total-bytes",
            "--tools",
            "--record",
            "--reports",
            "--trace-to",
            "--trace-token",
            "--rig",
            "--dir",
            "--max-run-bytes",
            SIM_STATE);

    /** The options of the HTTP servers ({@code serve}, {@code mcp --http}). */
    private static final List<String> HTTP_ONLY =
        List.of(
            "--token",
            "--allow-host",
            "--max-request-bytes",
            "--max-attachment-bytes",
            "--max-run-attachment-bytes");

    /** The options of {@code mcp --http} alone. */
    private static final List<String> MCP_HTTP_ONLY = List.of("--max-sessions", "--session-idle-s");

    /** The options {@code replay} takes. */
    private static final List<String> REPLAY =
        List.of("--device", "--hid", "--capture", "--settle-ms", "--reports");

    /** The options {@code collect} takes. */
    private static final List<String> COLLECT =
        List.of(
            "--http", "--dir", "--token", "--allow-host", "--max-request-bytes", "--max-run-bytes");

    static Options parse(String[] args) {
      Map<String, String> v = new LinkedHashMap<>();
      List<String> rest = new ArrayList<>(List.of(args).subList(1, args.length));
      for (int i = 0; i < rest.size(); i++) {
        String a = rest.get(i);
        String key = a;
        String value;
        int eq = a.indexOf('=');
        if (a.equals(SIM_STATE)) {
          value = "true"; // a flag without a value
        } else if (a.startsWith("--") && eq > 0) {
          key = a.substring(0, eq);
          value = a.substring(eq + 1);
        } else {
          if (i + 1 >= rest.size()) {
            throw new UsageException(
                a.startsWith("--") ? a + " needs a value" : "unexpected argument '" + a + "'");
          }
          value = rest.get(++i);
        }
        if (!KNOWN.contains(key)) {
          throw new UsageException("unknown option '" + key + "'");
        }
        if (v.put(key, value) != null) {
          throw new UsageException(key + " given twice");
        }
      }
      Options o = new Options(args[0], v);
      for (String key : v.keySet()) {
        if (o.command().equals("replay") ? !REPLAY.contains(key) : key.equals("--reports")) {
          throw new UsageException(key + " does not apply to " + o.command());
        }
        if (o.command().equals("collect")
            ? !COLLECT.contains(key)
            : key.equals("--dir") || key.equals("--max-run-bytes")) {
          throw new UsageException(key + " does not apply to " + o.command());
        }
        if (HTTP_ONLY.contains(key)
            && !(o.command().equals("serve")
                || o.command().equals("collect")
                || (o.command().equals("mcp") && v.containsKey("--http")))) {
          throw new UsageException(key + " applies to serve, collect and mcp --http");
        }
        if (MCP_HTTP_ONLY.contains(key)
            && !(o.command().equals("mcp") && v.containsKey("--http"))) {
          throw new UsageException(key + " applies to mcp --http");
        }
        if (key.equals("--record") && !List.of("mcp", "serve").contains(o.command())) {
          throw new UsageException(
              "--record FILE applies to mcp and serve (webdriver takes --record DIR)");
        }
      }
      if (v.containsKey("--device") && (v.containsKey("--hid") || v.containsKey("--capture"))) {
        throw new UsageException("give either --device or --hid and --capture, not both");
      }
      if (v.containsKey("--hid") != v.containsKey("--capture")) {
        throw new UsageException("--hid and --capture go together");
      }
      o.toolListing(); // a bad value is refused before anything opens
      return o;
    }

    Device openDevice() {
      DeviceBuilder b = Device.builder();
      if (values.containsKey("--hid")) {
        // parse() refuses --hid without --capture
        b.hid(values.get("--hid")).capture(Objects.requireNonNull(values.get("--capture")));
      } else {
        b.device(values.getOrDefault("--device", "sim:"));
      }
      if (values.containsKey("--settle-ms")) {
        b.settleBound(Duration.ofMillis(number("--settle-ms", 0, 60_000)));
      }
      return b.open();
    }

    String deviceLabel() {
      return values.containsKey("--hid")
          ? values.get("--hid") + " + " + values.get("--capture")
          : values.getOrDefault("--device", "sim:");
    }

    @Nullable MemoryStore openMemory() {
      String uri = values.getOrDefault("--memory", MemoryStore.DEFAULT_URI);
      return uri.equals("none") ? null : MemoryStore.open(uri);
    }

    boolean simState() {
      return values.containsKey(SIM_STATE);
    }

    /** How the tools are listed ({@code --tools full|compact}, default full). */
    ToolListing toolListing() {
      String v = values.getOrDefault("--tools", "full");
      return switch (v) {
        case "full" -> ToolListing.FULL;
        case "compact" -> ToolListing.COMPACT;
        default -> throw new UsageException("--tools must be full or compact, was '" + v + "'");
      };
    }

    AgentRun run(Device device, @Nullable MemoryStore memory, @Nullable RunTraces traces) {
      AgentRun.Builder b = AgentRun.builder(device).acceptInlineImages(false).simState(simState());
      if (memory != null) {
        b.memory(memory);
      }
      return traces == null ? b.build() : traces.start(b, command);
    }

    /**
     * The trace root of {@code --trace}, checked writable now, or the collector of {@code
     * --trace-to}, asked now; null without either.
     */
    @Nullable RunTraces traces() {
      if (values.containsKey("--trace-to")) {
        return remoteTraces();
      }
      if (values.containsKey("--trace-token")) {
        throw new UsageException("--trace-token needs --trace-to");
      }
      if (values.containsKey("--rig") && !command.equals("webdriver")) {
        throw new UsageException("--rig needs --trace-to (it names the rig at the collector)");
      }
      if (!values.containsKey("--trace")) {
        if (values.containsKey("--trace-max-bytes")) {
          throw new UsageException("--trace-max-bytes needs --trace");
        }
        if (values.containsKey("--trace-total-bytes")) {
          throw new UsageException("--trace-total-bytes needs --trace");
        }
        return null;
      }
      if (values.get("--trace").isBlank()) {
        throw new UsageException("--trace needs a directory");
      }
      long max = number("--trace-max-bytes", 4096, Long.MAX_VALUE, RunTraces.defaultMaxBytes());
      long total =
          number("--trace-total-bytes", 4096, Long.MAX_VALUE, RunTraces.DEFAULT_TOTAL_MAX_BYTES);
      java.nio.file.Path root;
      try {
        root = java.nio.file.Path.of(values.get("--trace"));
      } catch (java.nio.file.InvalidPathException e) {
        throw SwipeException.invalidArgument(
            "trace", "'" + values.get("--trace") + "' is not a path: " + e.getReason());
      }
      return RunTraces.open(root, max, total, System.err);
    }

    /** The collector of {@code --trace-to URL}: each run's trace sent there. */
    private RunTraces remoteTraces() {
      if (values.containsKey("--trace")) {
        throw new UsageException(
            "give either --trace DIR (traces kept here) or --trace-to URL (sent to a collector)");
      }
      if (values.containsKey("--trace-total-bytes")) {
        throw new UsageException(
            "--trace-total-bytes bounds a local --trace DIR; the collector keeps --trace-to's");
      }
      String url = values.get("--trace-to");
      java.net.URI uri;
      try {
        uri = new java.net.URI(url);
      } catch (java.net.URISyntaxException e) {
        throw new UsageException("--trace-to must be http://HOST:PORT, was '" + url + "'");
      }
      String token = values.get("--trace-token");
      if (token == null) {
        token = System.getenv("SWIPE_TRACE_TOKEN");
      }
      long max = number("--trace-max-bytes", 4096, Long.MAX_VALUE, RunTraces.defaultMaxBytes());
      return RunTraces.remote(
          uri,
          token == null || token.isBlank() ? null : token,
          values.get("--rig"),
          max,
          System.err);
    }

    /** The recording of {@code --record FILE}, its file checked writable now; null without it. */
    @Nullable FlowRecording recording() {
      String file = values.get("--record");
      if (file == null) {
        return null;
      }
      if (file.isBlank()) {
        throw new UsageException("--record needs a file");
      }
      return FlowRecording.open(file, System.err);
    }

    /**
     * The sessions' recordings of {@code webdriver --record DIR}, the directory checked writable
     * now; null without it.
     */
    @Nullable FlowRecordings recordings() {
      String dir = values.get("--record");
      if (dir == null) {
        return null;
      }
      if (dir.isBlank()) {
        throw new UsageException("--record needs a directory");
      }
      return FlowRecordings.open(dir, System.err);
    }

    InetSocketAddress http() {
      String hp =
          values.getOrDefault(
              "--http",
              command.equals("collect")
                  ? "127.0.0.1:" + TraceCollector.DEFAULT_PORT
                  : "127.0.0.1:8765");
      int colon = hp.lastIndexOf(':');
      if (colon <= 0) {
        throw new UsageException("--http must be HOST:PORT, was '" + hp + "'");
      }
      String host = hp.substring(0, colon);
      if (host.startsWith("[") && host.endsWith("]")) {
        host = host.substring(1, host.length() - 1);
      }
      int port;
      try {
        port = Integer.parseInt(hp.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new UsageException(
            "--http port must be a number, was '" + hp.substring(colon + 1) + "'");
      }
      if (port < 0 || port > 65535) {
        throw new UsageException("--http port must be in [0, 65535], was " + port);
      }
      return new InetSocketAddress(host, port);
    }

    String token() {
      String t = values.get("--token");
      return t != null ? t : System.getenv("SWIPE_AGENT_TOKEN");
    }

    /** The collector's token: {@code --token} or {@code SWIPE_COLLECT_TOKEN}. */
    String collectToken() {
      String t = values.get("--token");
      return t != null ? t : System.getenv("SWIPE_COLLECT_TOKEN");
    }

    /** The bearer tokens: a comma-separated list gives each client its own. */
    List<String> tokens() {
      return commaList(token(), "--token");
    }

    List<String> allowHosts() {
      return commaList(values.get("--allow-host"), "--allow-host");
    }

    static List<String> commaList(@Nullable String v, String key) {
      if (v == null || v.isBlank()) {
        return List.of();
      }
      List<String> out = new ArrayList<>();
      for (String part : v.split(",", -1)) {
        if (part.isBlank()) {
          throw new UsageException(key + " has an empty entry in '" + v + "'");
        }
        out.add(part.strip());
      }
      return out;
    }

    int maxRequestBytes() {
      return (int)
          number(
              "--max-request-bytes",
              1024,
              256L * 1024 * 1024,
              AgentHttpServer.DEFAULT_MAX_REQUEST_BYTES);
    }

    int maxSessions() {
      return (int) number("--max-sessions", 1, 1024, McpHttpServer.DEFAULT_MAX_SESSIONS);
    }

    Duration sessionIdle() {
      return Duration.ofSeconds(
          number(
              "--session-idle-s",
              1,
              86_400,
              McpHttpServer.DEFAULT_SESSION_IDLE_TIMEOUT.toSeconds()));
    }

    int maxRuns() {
      return (int) number("--max-runs", 1, 10_000, AgentHttpServer.DEFAULT_MAX_RUNS);
    }

    long maxAttachmentBytes() {
      return number(
          "--max-attachment-bytes",
          1024 * 1024,
          Long.MAX_VALUE,
          AgentHttpServer.DEFAULT_MAX_ATTACHMENT_BYTES);
    }

    long maxRunAttachmentBytes() {
      return number(
          "--max-run-attachment-bytes",
          1024 * 1024,
          Long.MAX_VALUE,
          AgentHttpServer.DEFAULT_MAX_RUN_ATTACHMENT_BYTES);
    }

    private long number(String key, long min, long max) {
      return number(key, min, max, 0);
    }

    long number(String key, long min, long max, long dflt) {
      String s = values.get(key);
      if (s == null) {
        return dflt;
      }
      try {
        long n = Long.parseLong(s);
        if (n < min || n > max) {
          throw new UsageException(key + " must be in [" + min + ", " + max + "], was " + n);
        }
        return n;
      } catch (NumberFormatException e) {
        throw new UsageException(key + " must be a whole number, was '" + s + "'");
      }
    }
  }
}

package dev.swipe.bench.webdriver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.server.McpHttpServer;
import dev.swipe.agent.server.SwipeAgentCli;
import dev.swipe.agent.server.internal.TraceCollector;
import dev.swipe.bench.agent.McpOverheadBench;
import dev.swipe.bench.memory.FarmMemoryBench;
import dev.swipe.bench.memory.LocalPostgres;
import dev.swipe.bench.memory.MemoryStoreBench;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryStore;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A whole farm under load (issue 40): N simulated phones served by agent-jar rig JVMs ({@code
 * webdriver --rig NAME=URI ...}, several phones a JVM, one relay node each) behind one Selenium
 * Grid 4.41 hub (docs/grid.md's hub settings), in two shapes run one after the other:
 *
 * <ul>
 *   <li><b>shared</b>: every rig on one PostgreSQL memory ({@code --memory postgresql://...}) and
 *       sending its sessions' traces to one collector ({@code --trace-to}), with an agent on remote
 *       MCP beside them;
 *   <li><b>local</b> (the farm before: the competing approach): each rig JVM its own SQLite file
 *       and its own trace directory ({@code --memory sqlite:...}, {@code --trace DIR}).
 * </ul>
 *
 * <p>2N clients each loop WebDriver sessions through the hub for a fixed time: create (any free
 * phone), {@code swipe: screenshot}, a touch swipe, {@code swipe: saveMemory} (a new record),
 * {@code swipe: recallMemory} of a record an earlier session saved (shared: on another phone;
 * local: its own, since another JVM's file is out of reach), delete. In the shared farm, this JVM
 * also measures, first on the idle farm and then under the sessions' load:
 *
 * <ul>
 *   <li>remote MCP: a screenshot returned again by its id (almost no work of its own) over
 *       Streamable HTTP with a bare client, in turns with the same call on the dispatcher in
 *       process, 10 ms between rounds, on a device with the farm's memory; what MCP adds is the
 *       difference;
 *   <li>a recalling rig: its own store on the farm's memory, one agent-style recall every 50 ms.
 * </ul>
 *
 * Afterwards every save a session was answered for is looked up in the memory, and the traces are
 * counted against the sessions created.
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.webdriver.FarmLoadBench
 * [--rigs N] [--rigs-per-jvm K] [--seconds S] [--records R] [--mcp-calls C] [--shapes
 * shared,local]} (defaults 8, 4, 120, 100000, 1000, both). Needs PostgreSQL's binaries ({@link
 * LocalPostgres}). All on 127.0.0.1. Prints Markdown tables.
 */
public final class FarmLoadBench {
  private static final String TOKEN = "farm-load-token";
  private static final String PASSWORD_ENV = "SWIPE_FARM_PG_PASSWORD";
  private static final List<String> RIG_JVM =
      List.of(
          "-XX:TieredStopAtLevel=1",
          "-XX:+UseSerialGC",
          "-XX:CICompilerCount=1",
          "-Xmx512m",
          "-Djava.awt.headless=true");
  private static final List<String> GRID_JVM =
      List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true");
  private static final Pattern LISTENING =
      Pattern.compile("rigs [^\\n]* listening on (http://127\\.0\\.0\\.1:\\d+)");

  private FarmLoadBench() {}

  /**
   * What to run.
   *
   * @param rigs simulated phones
   * @param rigsPerJvm phones per rig JVM (and relay node)
   * @param seconds how long the clients loop sessions
   * @param records calibration records in the shared memory before the load
   * @param mcpCalls remote MCP calls (and as many in process) on the idle shared farm
   * @param shared the shared farm (one memory, one collector, remote MCP), else the local one
   */
  public record Config(
      int rigs, int rigsPerJvm, int seconds, int records, int mcpCalls, boolean shared) {
    /** Checks the sizes. */
    public Config {
      if (rigs < 1 || rigsPerJvm < 1 || seconds < 1 || records < 0 || mcpCalls < 1) {
        throw new IllegalArgumentException("sizes must be positive: " + this);
      }
    }

    int jvms() {
      return (rigs + rigsPerJvm - 1) / rigsPerJvm;
    }
  }

  /** A save a session was answered for: the record's id, and the rig whose session saved it. */
  public record Save(String id, String rig) {}

  /** Times of one kind, in ms. */
  public record Times(List<Double> idle, List<Double> loaded) {
    static final Times NONE = new Times(List.of(), List.of());
  }

  /**
   * What a run measured and found.
   *
   * @param created sessions the hub created
   * @param completed sessions that ran all their commands and were deleted
   * @param failed sessions or creations that failed, with {@code errors} saying why
   * @param sessionsPerMinute completed sessions per minute of load
   * @param commandMs each command's time through the hub, by kind
   * @param mcpDirectMs the screenshot by id on the dispatcher in process (shared farm)
   * @param mcpRemoteMs the same over Streamable HTTP (shared farm)
   * @param recallMs the recalling rig's recalls (shared farm)
   * @param acked saves a session was answered for
   * @param lost acknowledged saves not in the memory afterwards
   * @param crossRigRecalls recalls in a session that found a record saved on another phone
   * @param tracesByRig runs traced, by rig at the collector (shared) or by rig JVM (local)
   * @param usedRigs the rigs the hub gave sessions to
   */
  public record Result(
      int created,
      int completed,
      int failed,
      List<String> errors,
      double sessionsPerMinute,
      List<Double> sessionMs,
      Map<String, List<Double>> commandMs,
      Times mcpDirectMs,
      Times mcpRemoteMs,
      Times recallMs,
      List<Save> acked,
      int lost,
      int crossRigRecalls,
      Map<String, Integer> tracesByRig,
      Set<String> usedRigs,
      String loadBefore,
      String loadAfter) {}

  public static void main(String[] args) throws Exception {
    int rigs = 8;
    int perJvm = 4;
    int seconds = 120;
    int records = 100_000;
    int mcpCalls = 1000;
    List<String> shapes = List.of("shared", "local");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--rigs" -> rigs = Integer.parseInt(args[++i]);
        case "--rigs-per-jvm" -> perJvm = Integer.parseInt(args[++i]);
        case "--seconds" -> seconds = Integer.parseInt(args[++i]);
        case "--records" -> records = Integer.parseInt(args[++i]);
        case "--mcp-calls" -> mcpCalls = Integer.parseInt(args[++i]);
        case "--shapes" -> shapes = List.of(args[++i].split(",", -1));
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Map<Config, Result> results = new LinkedHashMap<>();
    for (String shape : shapes) {
      if (!shape.equals("shared") && !shape.equals("local")) {
        throw new IllegalArgumentException("--shapes takes shared and local, not " + shape);
      }
      if (!results.isEmpty()) {
        Thread.sleep(30_000); // the machine settles after the farm before
      }
      Config c = new Config(rigs, perJvm, seconds, records, mcpCalls, shape.equals("shared"));
      results.put(c, run(c, System.out));
    }
    results.forEach((c, r) -> print(c, r, System.out));
  }

  /** Starts the farm, loads it, checks it and stops it; {@code log} hears the steps. */
  public static Result run(Config c, PrintStream log) throws Exception {
    String loadBefore = WebDriverBench.loadAverage();
    Path work = Files.createTempDirectory("swipe-farm-load");
    List<WebDriverBench.Proc> procs = new ArrayList<>();
    try {
      if (!c.shared()) {
        return runLocal(c, work, procs, loadBefore, log);
      }
      try (LocalPostgres pg = LocalPostgres.start(List.of())) {
        return runShared(c, pg, work, procs, loadBefore, log);
      }
    } finally {
      for (int i = procs.size() - 1; i >= 0; i--) {
        stop(procs.get(i).process());
      }
    }
  }

  private static Result runShared(
      Config c,
      LocalPostgres pg,
      Path work,
      List<WebDriverBench.Proc> procs,
      String loadBefore,
      PrintStream log)
      throws Exception {
    pg.createDatabase("farm");
    Random rnd = new Random(42);
    String[] apps = MemoryStoreBench.appNames(Math.max(c.records(), 100), rnd);
    if (c.records() > 0) {
      FarmMemoryBench.load(
          "postgresql",
          pg.uri("farm", "pool_size=2"),
          MemoryStoreBench.records(c.records(), rnd, apps),
          5_000);
    }
    try (Connection db = pg.connect("farm");
        Statement s = db.createStatement()) {
      s.execute("VACUUM ANALYZE"); // what autovacuum does to a freshly loaded table within a minute
    }
    Path farmTraces = work.resolve("farm-traces");
    try (TraceCollector collector =
            TraceCollector.builder(farmTraces)
                .address(WebDriverBench.loopback())
                .tokens(List.of(TOKEN))
                .start();
        MemoryStore recaller = MemoryStore.open(pg.uri("farm", "pool_size=2"));
        MemoryStore mcpMemory = MemoryStore.open(pg.uri("farm", "pool_size=2"));
        Device mcpPhone = Device.open("sim:?input=ideal&scene=list&scale=0.5");
        AgentRun direct = AgentRun.builder(mcpPhone).acceptInlineImages(true).build();
        McpHttpServer mcp =
            McpHttpServer.builder(mcpPhone)
                .address(WebDriverBench.loopback())
                .memory(mcpMemory)
                .start()) {
      String memory = pg.uriWithPasswordEnv("farm", PASSWORD_ENV, "pool_size=2");
      String collectorUrl = "http://127.0.0.1:" + collector.address().getPort();
      List<WebDriverBench.Proc> rigJvms = new ArrayList<>();
      URI hub =
          startGrid(
              c,
              j -> List.of("--memory", memory, "--trace-to", collectorUrl, "--trace-token", TOKEN),
              Map.of(PASSWORD_ENV, pg.password()),
              work,
              procs,
              rigJvms,
              log);
      Mcp remote = new Mcp(direct, "http://127.0.0.1:" + mcp.address().getPort());
      List<MemoryQuery> queries = FarmMemoryBench.queries(4000, apps);

      log.println("idle farm: " + c.mcpCalls() + " MCP calls each way, recalls");
      List<Double> directIdle = new ArrayList<>();
      List<Double> remoteIdle = new ArrayList<>();
      remote.rounds(new ArrayList<>(), new ArrayList<>(), counter(200));
      remote.rounds(directIdle, remoteIdle, counter(c.mcpCalls()));
      List<Double> recallIdle = recalls(recaller, queries, 0, Math.min(400, c.mcpCalls()), null);

      log.println("shared farm under load for " + c.seconds() + " s");
      Load load = new Load(hub, 2 * c.rigs(), true);
      AtomicBoolean loaded = new AtomicBoolean(true);
      List<Double> directLoaded = Collections.synchronizedList(new ArrayList<>());
      List<Double> remoteLoaded = Collections.synchronizedList(new ArrayList<>());
      List<Double> recallLoaded = Collections.synchronizedList(new ArrayList<>());
      ExecutorService side = Executors.newFixedThreadPool(2);
      Future<?> mcpSide =
          side.submit(
              () -> {
                remote.rounds(directLoaded, remoteLoaded, loaded::get);
                return null;
              });
      Future<?> recallSide =
          side.submit(() -> recallLoaded.addAll(recalls(recaller, queries, 400, 4000, loaded)));
      load.run(c.seconds());
      loaded.set(false);
      mcpSide.get(120, TimeUnit.SECONDS);
      recallSide.get(120, TimeUnit.SECONDS);
      side.shutdown();
      remote.close();

      int lost = 0;
      for (Save save : load.acked) {
        lost += recaller.get(save.id()).isPresent() ? 0 : 1;
      }
      // the rigs end: SIGTERM ends their sessions, whose traces are sent first
      for (WebDriverBench.Proc p : rigJvms) {
        stop(p.process());
      }
      Map<String, Integer> traces = new TreeMap<>();
      for (Path rig : dirs(farmTraces)) {
        traces.put(rig.getFileName().toString(), dirs(rig).size());
      }
      return load.result(
          new Times(directIdle, List.copyOf(directLoaded)),
          new Times(remoteIdle, List.copyOf(remoteLoaded)),
          new Times(recallIdle, List.copyOf(recallLoaded)),
          lost,
          traces,
          loadBefore);
    }
  }

  private static Result runLocal(
      Config c, Path work, List<WebDriverBench.Proc> procs, String loadBefore, PrintStream log)
      throws Exception {
    List<WebDriverBench.Proc> rigJvms = new ArrayList<>();
    URI hub =
        startGrid(
            c,
            j ->
                List.of(
                    "--memory",
                    "sqlite:" + work.resolve("rigs-" + j + ".db"),
                    "--trace",
                    work.resolve("traces-" + j).toString()),
            Map.of(),
            work,
            procs,
            rigJvms,
            log);
    log.println("local farm under load for " + c.seconds() + " s");
    Load load = new Load(hub, 2 * c.rigs(), false);
    load.run(c.seconds());
    for (WebDriverBench.Proc p : rigJvms) {
      stop(p.process());
    }
    List<MemoryStore> files = new ArrayList<>();
    Map<String, Integer> traces = new TreeMap<>();
    try {
      for (int j = 0; j < c.jvms(); j++) {
        files.add(MemoryStore.open("sqlite:" + work.resolve("rigs-" + j + ".db")));
        traces.put("rig JVM " + j, dirs(work.resolve("traces-" + j)).size());
      }
      int lost = 0;
      for (Save save : load.acked) {
        // the file of the rig JVM that serves the rig (rig-N, numbered from 1)
        int jvm = (Integer.parseInt(save.rig().substring("rig-".length())) - 1) / c.rigsPerJvm();
        lost += files.get(jvm).get(save.id()).isPresent() ? 0 : 1;
      }
      return load.result(Times.NONE, Times.NONE, Times.NONE, lost, traces, loadBefore);
    } finally {
      files.forEach(MemoryStore::close);
    }
  }

  private static java.util.function.BooleanSupplier counter(int rounds) {
    AtomicInteger n = new AtomicInteger();
    return () -> n.incrementAndGet() <= rounds;
  }

  /**
   * The hub, then each rig JVM (with {@code rigOptions} of its index, and {@code env}) and its
   * relay node; the hub's URL once every node is up.
   */
  private static URI startGrid(
      Config c,
      java.util.function.IntFunction<List<String>> rigOptions,
      Map<String, String> env,
      Path work,
      List<WebDriverBench.Proc> procs,
      List<WebDriverBench.Proc> rigJvms,
      PrintStream log)
      throws Exception {
    int[] ports = WebDriverBench.freePorts(3 + c.jvms());
    String gridCp = WebDriverBench.gridClasspath();
    String pub = "tcp://127.0.0.1:" + ports[1];
    String sub = "tcp://127.0.0.1:" + ports[2];
    URI hub = URI.create("http://127.0.0.1:" + ports[0]);
    List<String> hubJvm = new ArrayList<>(GRID_JVM);
    hubJvm.add("-Xmx512m");
    procs.add(
        WebDriverBench.start(
            gridCp,
            "org.openqa.selenium.grid.Main",
            hubJvm,
            docsHub(ports[0], pub, sub),
            Map.of(),
            work.resolve("hub.log")));
    List<String> nodeJvm = new ArrayList<>(GRID_JVM);
    nodeJvm.add("-Xmx256m");
    int rig = 0;
    for (int j = 0; j < c.jvms(); j++) {
      List<String> args = new ArrayList<>(List.of("webdriver", "--port", "0"));
      args.addAll(List.of("--idle-timeout-s", "60", "--max-idle-timeout-s", "60"));
      for (int k = 0; k < c.rigsPerJvm() && rig < c.rigs(); k++) {
        rig++;
        args.add("--rig");
        args.add(
            rig % 2 == 1
                ? "rig-" + rig + "=sim:?input=ideal&scene=list&scale=0.25"
                : "rig-" + rig + "@ios=sim:?input=ideal&scene=list&platform=ios&scale=0.25");
      }
      args.addAll(rigOptions.apply(j));
      args.add("--print-relay-config");
      Path rigLog = work.resolve("rigs-" + j + ".log");
      WebDriverBench.Proc p =
          WebDriverBench.start(
              System.getProperty("java.class.path"),
              SwipeAgentCli.class.getName(),
              RIG_JVM,
              args,
              env,
              rigLog);
      procs.add(p);
      rigJvms.add(p);
      String relay = awaitRelay(p);
      Path toml = work.resolve("node-" + j + ".toml");
      Files.writeString(
          toml,
          "[server]\nhost = \"127.0.0.1\"\nport = "
              + ports[3 + j]
              + "\n\n[events]\npublish = \""
              + pub
              + "\"\nsubscribe = \""
              + sub
              + "\"\n\n[node]\ndetect-drivers = false\nsession-timeout = 60\nmax-sessions = "
              + c.rigsPerJvm()
              + "\noverride-max-sessions = true\n\n"
              + relay);
      procs.add(
          WebDriverBench.start(
              gridCp,
              "org.openqa.selenium.grid.Main",
              nodeJvm,
              List.of("node", "--config", toml.toString()),
              Map.of(),
              work.resolve("node-" + j + ".log")));
    }
    WebDriverBench.awaitNodesUp(hub, c.jvms());
    log.println("grid up: " + c.rigs() + " phones in " + c.jvms() + " rig JVMs; logs in " + work);
    return hub;
  }

  /** A hub with docs/grid.md's settings. */
  private static List<String> docsHub(int port, String publish, String subscribe) {
    List<String> args = new ArrayList<>(WebDriverBench.hubArgs(port, publish, subscribe));
    args.addAll(
        List.of(
            "--healthcheck-interval",
            "5",
            "--reject-unsupported-caps",
            "true",
            "--session-request-timeout",
            "300"));
    return args;
  }

  /** The [relay] section the rig JVM printed once listening. */
  private static String awaitRelay(WebDriverBench.Proc rig) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      String log = Files.readString(rig.log());
      int at = log.indexOf("[relay]");
      int end = log.indexOf("\n]\n", at);
      if (LISTENING.matcher(log).find() && at >= 0 && end > 0) {
        return log.substring(at, end + 3);
      }
      if (!rig.process().isAlive()) {
        throw new IllegalStateException("the rig JVM exited: " + log);
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("the rig JVM did not start: " + Files.readString(rig.log()));
  }

  private static void stop(Process p) {
    p.destroy();
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static List<Path> dirs(Path p) throws IOException {
    if (!Files.isDirectory(p)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(p)) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }

  /**
   * Recalls {@code queries[from, to)} one every 50 ms on {@code store}, timed; stops early when
   * {@code going} turns false.
   */
  private static List<Double> recalls(
      MemoryStore store, List<MemoryQuery> queries, int from, int to, @Nullable AtomicBoolean going)
      throws InterruptedException {
    List<Double> ms = new ArrayList<>();
    for (int i = from; i < to && (going == null || going.get()); i++) {
      long t0 = System.nanoTime();
      store.recall(queries.get(i));
      ms.add((System.nanoTime() - t0) / 1e6);
      Thread.sleep(50);
    }
    return ms;
  }

  // ---------------------------------------------------------------- remote MCP

  /** A screenshot returned by id, on the dispatcher in process and over Streamable HTTP. */
  private static final class Mcp {
    private final ToolDispatcher direct;
    private final String url;
    private final HttpClient http =
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String session;
    private final String directShot;
    private final String remoteShot;
    private long id = 100;

    Mcp(AgentRun run, String url) throws Exception {
      this.direct = new ToolDispatcher(run);
      this.url = url;
      HttpResponse<String> init =
          http.send(
              McpOverheadBench.post(url, null, McpOverheadBench.initialize(1)),
              HttpResponse.BodyHandlers.ofString());
      this.session = init.headers().firstValue("mcp-session-id").orElseThrow();
      http.send(
          McpOverheadBench.post(
              url, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"),
          HttpResponse.BodyHandlers.discarding());
      this.directShot =
          direct
              .call("screenshot", McpOverheadBench.image())
              .path("screenshot_attachment_id")
              .asText();
      this.remoteShot = remote(McpOverheadBench.image()).path("screenshot_attachment_id").asText();
    }

    private JsonNode remote(ObjectNode args) throws Exception {
      String body =
          http.send(
                  McpOverheadBench.post(
                      url, session, McpOverheadBench.toolCall(id++, "screenshot", args)),
                  HttpResponse.BodyHandlers.ofString())
              .body();
      return McpOverheadBench.lastEvent(body).path("result").path("structuredContent");
    }

    /** Rounds of one call each way, in turns, 10 ms apart, while {@code more} says so. */
    void rounds(
        List<Double> directMs, List<Double> remoteMs, java.util.function.BooleanSupplier more)
        throws Exception {
      while (more.getAsBoolean()) {
        ObjectNode a = McpOverheadBench.image();
        a.put("screenshot_attachment_id", directShot);
        long t0 = System.nanoTime();
        JsonNode d = direct.call("screenshot", a);
        long t1 = System.nanoTime();
        ObjectNode b = McpOverheadBench.image();
        b.put("screenshot_attachment_id", remoteShot);
        long t2 = System.nanoTime();
        JsonNode r = remote(b);
        long t3 = System.nanoTime();
        if (!d.has("screenshot_attachment_id") || !r.has("screenshot_attachment_id")) {
          throw new IllegalStateException("a screenshot by id failed: " + d + " / " + r);
        }
        directMs.add((t1 - t0) / 1e6);
        remoteMs.add((t3 - t2) / 1e6);
        Thread.sleep(10);
      }
    }

    void close() throws Exception {
      http.send(
          java.net.http.HttpRequest.newBuilder(URI.create(url + McpHttpServer.PATH))
              .header("mcp-session-id", session)
              .DELETE()
              .build(),
          HttpResponse.BodyHandlers.discarding());
    }
  }

  // ---------------------------------------------------------------- the sessions' load

  /** 2N clients looping sessions through the hub. */
  private static final class Load {
    private static final String CAPS =
        "{\"capabilities\":{\"alwaysMatch\":{\"appium:automationName\":\"Swipe\"}}}";
    private final URI hub;
    private final int clients;
    private final boolean recallOthers;
    final AtomicInteger created = new AtomicInteger();
    final AtomicInteger completed = new AtomicInteger();
    final AtomicInteger failed = new AtomicInteger();
    final AtomicInteger crossRig = new AtomicInteger();
    final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    final List<Double> sessionMs = Collections.synchronizedList(new ArrayList<>());
    final Map<String, List<Double>> byKind = new ConcurrentHashMap<>();
    final List<Save> acked = Collections.synchronizedList(new ArrayList<>());
    final Set<String> usedRigs = ConcurrentHashMap.newKeySet();

    /** Saves so far, as (entity, id, rig), for later sessions to recall. */
    private final List<String[]> saves = Collections.synchronizedList(new ArrayList<>());

    long elapsedNanos;

    /**
     * @param recallOthers each session recalls a save made on another phone (one memory), else its
     *     own
     */
    Load(URI hub, int clients, boolean recallOthers) {
      this.hub = hub;
      this.clients = clients;
      this.recallOthers = recallOthers;
    }

    Result result(
        Times mcpDirect,
        Times mcpRemote,
        Times recall,
        int lost,
        Map<String, Integer> traces,
        String loadBefore) {
      return new Result(
          created.get(),
          completed.get(),
          failed.get(),
          List.copyOf(errors),
          completed.get() / (elapsedNanos / 60e9),
          List.copyOf(sessionMs),
          commandMs(),
          mcpDirect,
          mcpRemote,
          recall,
          List.copyOf(acked),
          lost,
          crossRig.get(),
          traces,
          new TreeSet<>(usedRigs),
          loadBefore,
          WebDriverBench.loadAverage());
    }

    Map<String, List<Double>> commandMs() {
      Map<String, List<Double>> out = new LinkedHashMap<>();
      for (String k :
          List.of("create", "screenshot", "swipe", "save_memory", "recall_memory", "delete")) {
        out.put(k, List.copyOf(byKind.getOrDefault(k, List.of())));
      }
      return out;
    }

    private JsonNode timed(String kind, Call call) throws Exception {
      long t0 = System.nanoTime();
      JsonNode r = call.run();
      byKind
          .computeIfAbsent(kind, k -> Collections.synchronizedList(new ArrayList<>()))
          .add((System.nanoTime() - t0) / 1e6);
      return r;
    }

    private interface Call {
      JsonNode run() throws Exception;
    }

    private JsonNode exec(String id, String method, String args) throws Exception {
      return WebDriverBench.post(
              hub,
              "/session/" + id + "/execute/sync",
              "{\"script\":\"swipe: " + method + "\",\"args\":[" + args + "]}")
          .path("value");
    }

    void run(int seconds) throws InterruptedException {
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      ExecutorService pool = Executors.newFixedThreadPool(clients);
      long start = System.nanoTime();
      for (int c = 0; c < clients; c++) {
        int client = c;
        // each client counts its own outcomes; awaitTermination below waits for them all
        Future<?> unused =
            pool.submit(
                () -> {
                  Random rnd = new Random(client);
                  for (int k = 0; System.nanoTime() < end; k++) {
                    session(client, k, rnd);
                  }
                  return null;
                });
      }
      pool.shutdown();
      if (!pool.awaitTermination(seconds + 600L, TimeUnit.SECONDS)) {
        pool.shutdownNow();
      }
      elapsedNanos = System.nanoTime() - start;
    }

    private void session(int client, int k, Random rnd) {
      long t0 = System.nanoTime();
      String id = null;
      try {
        JsonNode v = timed("create", () -> WebDriverBench.post(hub, "/session", CAPS));
        id = v.path("value").path("sessionId").asText();
        created.incrementAndGet();
        String rig = v.path("value").path("capabilities").path("swipe:rig").asText();
        usedRigs.add(rig);
        String sid = id;
        timed("screenshot", () -> exec(sid, "screenshot", "{\"image\":\"none\"}"));
        timed(
            "swipe",
            () ->
                WebDriverBench.post(
                    hub,
                    "/session/" + sid + "/actions",
                    "{\"actions\":[{\"type\":\"pointer\",\"id\":\"f\",\"parameters\":"
                        + "{\"pointerType\":\"touch\"},\"actions\":[{\"type\":\"pointerMove\","
                        + "\"x\":135,\"y\":450},{\"type\":\"pointerDown\",\"button\":0},"
                        + "{\"type\":\"pointerMove\",\"duration\":300,\"x\":135,\"y\":150},"
                        + "{\"type\":\"pointerUp\",\"button\":0}]}]}"));
        String entity = "farm-c" + client + "-s" + k;
        JsonNode saved =
            timed(
                "save_memory",
                () ->
                    exec(
                        sid,
                        "saveMemory",
                        "{\"type\":\"procedure\",\"title\":\"Farm clock hour picker swipe"
                            + " parameters\",\"content\":\"effective distance: "
                            + (30 + rnd.nextInt(10))
                            + ", hold_after_ms: 100\",\"entities\":[\""
                            + entity
                            + "\"],\"tags\":[\"picker\"]}"));
        String savedId = saved.path("id").asText();
        if (savedId.isEmpty()) {
          throw new IllegalStateException("saveMemory answered " + saved);
        }
        acked.add(new Save(savedId, rig));
        String[] other = recallOthers ? earlierSave(rig, rnd) : null;
        saves.add(new String[] {entity, savedId, rig});
        String[] target = other == null ? new String[] {entity, savedId, rig} : other;
        JsonNode found =
            timed(
                "recall_memory",
                () ->
                    exec(
                        sid,
                        "recallMemory",
                        "{\"query\":\"clock hour picker\",\"entities\":[\"" + target[0] + "\"]}"));
        if (!found.toString().contains(target[1])) {
          throw new IllegalStateException(
              "recallMemory did not find " + target[1] + " saved on " + target[2] + ": " + found);
        }
        if (!target[2].equals(rig)) {
          crossRig.incrementAndGet();
        }
        timed("delete", () -> WebDriverBench.delete(hub, "/session/" + sid));
        id = null;
        completed.incrementAndGet();
        sessionMs.add((System.nanoTime() - t0) / 1e6);
      } catch (Exception e) {
        failed.incrementAndGet();
        if (errors.size() < 20) {
          errors.add(e.toString());
        }
        if (id != null) {
          try {
            WebDriverBench.delete(hub, "/session/" + id);
          } catch (Exception gone) {
            // the session is gone already
          }
        }
      }
    }

    /** A save made earlier on another phone than {@code rig}, if there is one. */
    private String @Nullable [] earlierSave(String rig, Random rnd) {
      synchronized (saves) {
        List<String[]> others = saves.stream().filter(s -> !s[2].equals(rig)).toList();
        return others.isEmpty() ? null : others.get(rnd.nextInt(others.size()));
      }
    }
  }

  // ---------------------------------------------------------------- the tables

  /** Prints the run's tables. */
  public static void print(Config c, Result r, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "%n%s farm: %d phones (odd android, even ios, sim list scene at 0.25) in %d rig JVMs of %d,"
            + " one relay node each, one hub; %s; %d clients for %d s. Load before %s, after %s.%n%n",
        c.shared() ? "Shared" : "Local",
        c.rigs(),
        c.jvms(),
        c.rigsPerJvm(),
        c.shared()
            ? String.format(
                Locale.ROOT,
                "one PostgreSQL memory holding %,d records, one trace collector",
                c.records())
            : "each rig JVM its own SQLite memory and trace directory",
        2 * c.rigs(),
        c.seconds(),
        r.loadBefore(),
        r.loadAfter());
    out.println("| sessions created | completed | failed | sessions/minute | session p50 / p99 |");
    out.println("|---:|---:|---:|---:|---|");
    out.printf(
        Locale.ROOT,
        "| %d | %d | %d | %.1f | %s |%n%n",
        r.created(),
        r.completed(),
        r.failed(),
        r.sessionsPerMinute(),
        WebDriverBench.ms2(r.sessionMs()));
    out.println("| command through the hub | count | p50 / p99 |");
    out.println("|---|---:|---|");
    r.commandMs()
        .forEach(
            (k, v) ->
                out.printf(Locale.ROOT, "| %s | %d | %s |%n", k, v.size(), WebDriverBench.ms2(v)));
    out.println();
    if (c.shared()) {
      out.println(
          "| measure | idle farm p50 / p99 | farm under load p50 / p99 | count idle / loaded |");
      out.println("|---|---|---|---|");
      row(out, "screenshot by id, dispatcher in process", r.mcpDirectMs());
      row(out, "screenshot by id, remote MCP (Streamable HTTP)", r.mcpRemoteMs());
      out.printf(
          Locale.ROOT,
          "| what remote MCP adds | %s | %s | - |%n",
          added(r.mcpRemoteMs().idle(), r.mcpDirectMs().idle()),
          added(r.mcpRemoteMs().loaded(), r.mcpDirectMs().loaded()));
      row(out, "memory recall by one more rig (PostgreSQL)", r.recallMs());
      out.println();
    }
    int runs = r.tracesByRig().values().stream().mapToInt(Integer::intValue).sum();
    out.printf(
        Locale.ROOT,
        "Saves acknowledged %d, lost %d; recalls that found another phone's save %d; traces %d for"
            + " %d sessions created, %s %s (%d phones used).%n",
        r.acked().size(),
        r.lost(),
        r.crossRigRecalls(),
        runs,
        r.created(),
        c.shared() ? "at the collector under" : "in the rig JVMs' directories:",
        c.shared() ? r.tracesByRig().size() + " rig names" : r.tracesByRig().toString(),
        r.usedRigs().size());
    r.errors().forEach(e -> out.println("error: " + e));
  }

  private static void row(PrintStream out, String what, Times t) {
    out.printf(
        Locale.ROOT,
        "| %s | %s | %s | %d / %d |%n",
        what,
        WebDriverBench.ms2(t.idle()),
        WebDriverBench.ms2(t.loaded()),
        t.idle().size(),
        t.loaded().size());
  }

  private static String added(List<Double> remote, List<Double> direct) {
    return String.format(
        Locale.ROOT,
        "%.2f / %.2f ms",
        WebDriverBench.pct(remote, 50) - WebDriverBench.pct(direct, 50),
        WebDriverBench.pct(remote, 99) - WebDriverBench.pct(direct, 99));
  }
}

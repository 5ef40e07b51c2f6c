package dev.swipe.bench.webdriver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.internal.Timeline;
import dev.swipe.core.internal.TimelinePlanner;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.sim.SimConfig;
import dev.swipe.sim.SimPhone;
import dev.swipe.webdriver.WebDriverServer;
import dev.swipe.webdriver.internal.WebDriverCli;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rig as a W3C WebDriver remote end, measured against the SDK called directly, and behind a
 * Selenium Grid 4.41 hub.
 *
 * <ol>
 *   <li>The same swipe (300 ms, one report per 16 ms) played on one real-time simulator rig, in
 *       turns, by {@code Device.perform} in this JVM and as a W3C touch action over HTTP: emit-time
 *       error of every report (when it reached the HID transport, relative to the gesture's first
 *       report, minus its planned offset) and the wall time per command.
 *   <li>Session create + delete, and one command, sent to a rig directly and through the hub.
 *   <li>Sessions per minute with N = 1..max rigs behind one hub: 2N clients each loop create, touch
 *       swipe, screenshot, delete for a fixed time.
 * </ol>
 *
 * <p>The hub and relay nodes run in child JVMs on Grid's own class path; rigs in child JVMs ({@code
 * WebDriverCli} on {@code sim:}); all on 127.0.0.1. Prints Markdown tables.
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar
 * dev.swipe.bench.webdriver.WebDriverBench [swipes] [seconds per N] [max N]} (defaults 40, 20, 3).
 */
public final class WebDriverBench {
  private static final ObjectMapper M = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();
  static final List<String> JVM =
      List.of(
          "-XX:TieredStopAtLevel=1",
          "-XX:+UseSerialGC",
          "-XX:CICompilerCount=1",
          "-Xmx384m",
          "-Djava.awt.headless=true");
  private static final String CAPS =
      "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"android\","
          + "\"appium:automationName\":\"Swipe\"}}}";
  private static final int W = 270;
  private static final int H = 600;

  private WebDriverBench() {}

  public static void main(String[] args) throws Exception {
    int swipes = args.length > 0 ? Integer.parseInt(args[0]) : 40;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    int maxRigs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    System.out.println("load average before: " + loadAverage());
    emitTiming(swipes);
    grid(seconds, maxRigs);
    System.out.println("load average after: " + loadAverage());
  }

  // ---------------------------------------------------------------- 1. W3C swipe vs Device.perform

  /** The simulator's transport with the time each report reached it. */
  static final class TimedTransport implements HidTransport {
    private final HidTransport phone;
    final List<Long> sentNanos = Collections.synchronizedList(new ArrayList<>());

    TimedTransport(HidTransport phone) {
      this.phone = phone;
    }

    @Override
    public HidCapabilities capabilities() {
      return phone.capabilities();
    }

    @Override
    public void send(HidReport report) {
      sentNanos.add(System.nanoTime());
      phone.send(report);
    }

    @Override
    public void releaseAll() {
      phone.releaseAll();
    }

    @Override
    public void close() {
      phone.close();
    }
  }

  private static void emitTiming(int swipes) throws Exception {
    SimPhone phone =
        SimPhone.create(SimConfig.fromUri("sim:?input=ideal&scene=list&scale=0.25&time=real"));
    TimedTransport hid = new TimedTransport(phone.transport());
    try (Device device =
            Device.builder()
                .hid(hid)
                .capture(phone.frameSource())
                .ticker(phone.ticker())
                .sleeper(phone.sleeper())
                .open();
        WebDriverServer server = WebDriverServer.builder(device).address(loopback()).start()) {
      URI base = server.uri();
      String id = post(base, "/session", CAPS).get("value").get("sessionId").asText();
      List<Double> directErr = new ArrayList<>();
      List<Double> w3cErr = new ArrayList<>();
      List<Double> directMs = new ArrayList<>();
      List<Double> w3cMs = new ArrayList<>();
      List<Double> rectMs = new ArrayList<>();
      for (int i = 0; i < swipes; i++) {
        boolean up = i % 2 == 0;
        int from = up ? 450 : 150;
        int to = up ? 150 : 450;
        Swipe swipe =
            Swipe.builder(norm(W / 2, from), norm(W / 2, to))
                .durationMs(300)
                .steps(19)
                .holdBeforeMs(0)
                .holdAfterMs(0)
                .build();
        Timeline plan =
            TimelinePlanner.plan(swipe, hid.capabilities().minReportInterval().toNanos());
        int first = hid.sentNanos.size();
        long t0 = System.nanoTime();
        device.rig().perform(swipe, Duration.ZERO);
        directMs.add((System.nanoTime() - t0) / 1e6);
        errors(hid, first, plan, directErr);
        first = hid.sentNanos.size();
        t0 = System.nanoTime();
        post(
            base,
            "/session/" + id + "/actions",
            "{\"actions\":[{\"type\":\"pointer\",\"id\":\"f\",\"parameters\":"
                + "{\"pointerType\":\"touch\"},\"actions\":[{\"type\":\"pointerMove\",\"duration\":0,\"x\":"
                + W / 2
                + ",\"y\":"
                + from
                + "},{\"type\":\"pointerDown\",\"button\":0},{\"type\":\"pointerMove\",\"duration\":300,\"x\":"
                + W / 2
                + ",\"y\":"
                + to
                + "},{\"type\":\"pointerUp\",\"button\":0}]}]}");
        w3cMs.add((System.nanoTime() - t0) / 1e6);
        errors(hid, first, plan, w3cErr);
        t0 = System.nanoTime();
        get(base, "/session/" + id + "/window/rect");
        rectMs.add((System.nanoTime() - t0) / 1e6);
      }
      delete(base, "/session/" + id);
      System.out.println();
      System.out.println(
          "Same swipe (300 ms, 19 steps, 21 reports) on one real-time sim rig, "
              + swipes
              + " each, in turns:");
      System.out.println();
      System.out.println("| path | emit error p50 / p99 / max | wall per command p50 / p99 |");
      System.out.println("|---|---|---|");
      System.out.println(
          "| Device.perform (in process) | " + ms3(directErr) + " | " + ms2(directMs) + " |");
      System.out.println("| W3C actions over HTTP | " + ms3(w3cErr) + " | " + ms2(w3cMs) + " |");
      System.out.println(
          "| W3C overhead per command (W3C - direct, p50) | - | "
              + String.format(Locale.ROOT, "%.2f ms", pct(w3cMs, 50) - pct(directMs, 50))
              + " |");
      System.out.println("| GET window/rect (protocol alone) | - | " + ms2(rectMs) + " |");
    } finally {
      phone.close();
    }
  }

  private static NormPoint norm(double px, double py) {
    return NormPoint.of(NormPoint.toNorm(px, W), NormPoint.toNorm(py, H));
  }

  private static void errors(TimedTransport hid, int first, Timeline plan, List<Double> out) {
    List<Long> sent = new ArrayList<>(hid.sentNanos.subList(first, hid.sentNanos.size()));
    if (sent.size() != plan.reportCount()) {
      throw new IllegalStateException(
          "expected " + plan.reportCount() + " reports, saw " + sent.size());
    }
    for (int i = 0; i < sent.size(); i++) {
      out.add(Math.abs((sent.get(i) - sent.get(0)) - plan.events().get(i).offsetNanos()) / 1e6);
    }
  }

  // ---------------------------------------------------------------- 2 and 3. through the Grid

  record Proc(Process process, Path log) {}

  private static void grid(int seconds, int maxRigs) throws Exception {
    Path logs = Files.createTempDirectory("swipe-webdriver-bench");
    List<Proc> procs = new ArrayList<>();
    try {
      int[] ports = freePorts(3 + maxRigs);
      String gridCp = gridClasspath();
      String pub = "tcp://127.0.0.1:" + ports[1];
      String sub = "tcp://127.0.0.1:" + ports[2];
      URI hub = URI.create("http://127.0.0.1:" + ports[0]);
      procs.add(
          start(
              gridCp,
              "org.openqa.selenium.grid.Main",
              hubArgs(ports[0], pub, sub),
              logs.resolve("hub.log")));
      List<String> rows = new ArrayList<>();
      for (int n = 1; n <= maxRigs; n++) {
        String name = "rig-" + n;
        Proc rig =
            start(
                System.getProperty("java.class.path"),
                WebDriverCli.class.getName(),
                List.of(
                    "--port",
                    "0",
                    "--rig",
                    name,
                    "--device",
                    "sim:?input=ideal&scene=list&scale=0.25"),
                logs.resolve(name + ".log"));
        procs.add(rig);
        URI rigUri = awaitRigUri(rig);
        Path toml = logs.resolve(name + ".toml");
        Files.writeString(
            toml,
            "[server]\nhost = \"127.0.0.1\"\nport = "
                + ports[2 + n]
                + "\n\n[events]\npublish = \""
                + pub
                + "\"\nsubscribe = \""
                + sub
                + "\"\n\n[node]\ndetect-drivers = false\n\n[relay]\nurl = \""
                + rigUri
                + "\"\nstatus-endpoint = \"/status\"\nprotocol-version = \"HTTP/1.1\"\nconfigs = [\n  \"1\", "
                + "\"{\\\"platformName\\\": \\\"android\\\", \\\"appium:automationName\\\": \\\"Swipe\\\", \\\"swipe:rig\\\": \\\""
                + name
                + "\\\"}\"\n]\n");
        procs.add(
            start(
                gridCp,
                "org.openqa.selenium.grid.Main",
                List.of("node", "--config", toml.toString()),
                logs.resolve(name + "-node.log")));
        awaitNodesUp(hub, n);
        if (n == 1) {
          overhead(rigUri, hub);
        }
        rows.add(throughput(hub, n, seconds));
      }
      System.out.println();
      System.out.println(
          "Sessions per minute through one hub (2N clients, each session: create, touch swipe, "
              + "screenshot, delete; "
              + seconds
              + " s per N):");
      System.out.println();
      System.out.println("| rigs N | sessions | sessions/minute | session p50 / p99 | failed |");
      System.out.println("|---:|---:|---:|---|---:|");
      rows.forEach(System.out::println);
    } finally {
      for (int i = procs.size() - 1; i >= 0; i--) {
        Process p = procs.get(i).process();
        p.destroy();
        if (!p.waitFor(15, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      }
    }
  }

  private static void overhead(URI rig, URI hub) throws Exception {
    int n = 30;
    List<Double> createDirect = new ArrayList<>();
    List<Double> createHub = new ArrayList<>();
    List<Double> cmdDirect = new ArrayList<>();
    List<Double> cmdHub = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (boolean viaHub : new boolean[] {false, true}) {
        URI base = viaHub ? hub : rig;
        long t0 = System.nanoTime();
        String id = post(base, "/session", CAPS).get("value").get("sessionId").asText();
        long t1 = System.nanoTime();
        for (int k = 0; k < 5; k++) {
          long c0 = System.nanoTime();
          get(base, "/session/" + id + "/window/rect");
          (viaHub ? cmdHub : cmdDirect).add((System.nanoTime() - c0) / 1e6);
        }
        long t2 = System.nanoTime();
        delete(base, "/session/" + id);
        (viaHub ? createHub : createDirect).add(((t1 - t0) + (System.nanoTime() - t2)) / 1e6);
      }
    }
    System.out.println();
    System.out.println(
        "One rig, direct and through the hub, in turns (" + n + " sessions, 5 commands each):");
    System.out.println();
    System.out.println(
        "| measure | direct p50 / p99 | through the hub p50 / p99 | the hub adds (p50) |");
    System.out.println("|---|---|---|---|");
    System.out.println(
        "| session create + delete | "
            + ms2(createDirect)
            + " | "
            + ms2(createHub)
            + " | "
            + String.format(Locale.ROOT, "%.2f ms", pct(createHub, 50) - pct(createDirect, 50))
            + " |");
    System.out.println(
        "| command (GET window/rect) | "
            + ms2(cmdDirect)
            + " | "
            + ms2(cmdHub)
            + " | "
            + String.format(Locale.ROOT, "%.2f ms", pct(cmdHub, 50) - pct(cmdDirect, 50))
            + " |");
  }

  private static String throughput(URI hub, int rigs, int seconds) throws Exception {
    int clients = 2 * rigs;
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    AtomicInteger done = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    List<Double> sessionMs = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    long start = System.nanoTime();
    for (int c = 0; c < clients; c++) {
      // the clients count their own outcomes; awaitTermination below waits for them all
      Future<?> unused =
          pool.submit(
              () -> {
                while (System.nanoTime() < end) {
                  long t0 = System.nanoTime();
                  try {
                    String id = post(hub, "/session", CAPS).get("value").get("sessionId").asText();
                    post(
                        hub,
                        "/session/" + id + "/actions",
                        "{\"actions\":[{\"type\":\"pointer\",\"id\":\"f\",\"parameters\":"
                            + "{\"pointerType\":\"touch\"},\"actions\":[{\"type\":\"pointerMove\",\"x\":135,\"y\":450},"
                            + "{\"type\":\"pointerDown\",\"button\":0},{\"type\":\"pointerMove\",\"duration\":300,\"x\":135,\"y\":150},"
                            + "{\"type\":\"pointerUp\",\"button\":0}]}]}");
                    get(hub, "/session/" + id + "/screenshot");
                    delete(hub, "/session/" + id);
                    done.incrementAndGet();
                    sessionMs.add((System.nanoTime() - t0) / 1e6);
                  } catch (Exception e) {
                    failed.incrementAndGet();
                  }
                }
                return null;
              });
    }
    pool.shutdown();
    pool.awaitTermination(seconds + 300L, TimeUnit.SECONDS);
    double minutes = (System.nanoTime() - start) / 60e9;
    return String.format(
        Locale.ROOT,
        "| %d | %d | %.1f | %s | %d |",
        rigs,
        done.get(),
        done.get() / minutes,
        ms2(sessionMs),
        failed.get());
  }

  // ---------------------------------------------------------------- plumbing

  /** A Grid hub's arguments on 127.0.0.1: its port and event bus. */
  static List<String> hubArgs(int port, String publish, String subscribe) {
    return List.of(
        "hub",
        "--host",
        "127.0.0.1",
        "--port",
        String.valueOf(port),
        "--publish-events",
        publish,
        "--subscribe-events",
        subscribe);
  }

  static String gridClasspath() throws IOException {
    try (InputStream in =
        WebDriverBench.class.getResourceAsStream("/dev/swipe/webdriver/grid/hub.classpath")) {
      if (in == null) {
        throw new IllegalStateException("hub.classpath missing: build swipe-bench with -am");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    }
  }

  static Proc start(String cp, String main, List<String> args, Path log) throws IOException {
    return start(cp, main, JVM, args, java.util.Map.of(), log);
  }

  /** A child JVM with {@code jvm} options and {@code env} added to this process's environment. */
  static Proc start(
      String cp,
      String main,
      List<String> jvm,
      List<String> args,
      java.util.Map<String, String> env,
      Path log)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvm);
    cmd.add("-cp");
    cmd.add(cp);
    cmd.add(main);
    cmd.addAll(args);
    ProcessBuilder pb =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().putAll(env);
    return new Proc(pb.start(), log);
  }

  private static URI awaitRigUri(Proc rig) throws Exception {
    Pattern p = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      Matcher m = p.matcher(Files.readString(rig.log()));
      if (m.find()) {
        return URI.create(m.group(1));
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("rig did not start: " + Files.readString(rig.log()));
  }

  static void awaitNodesUp(URI hub, int n) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
    while (System.nanoTime() < deadline) {
      try {
        int up = 0;
        for (JsonNode node : get(hub, "/status").get("value").path("nodes")) {
          up += node.path("availability").asText().equals("UP") ? 1 : 0;
        }
        if (up == n) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(250);
    }
    throw new IllegalStateException("the hub did not list " + n + " rigs UP within 240 s");
  }

  /** Any free port on the IPv4 loopback address. */
  @SuppressWarnings("AddressSelection") // a literal address: parsed, never looked up
  static InetSocketAddress loopback() {
    return new InetSocketAddress("127.0.0.1", 0);
  }

  static int[] freePorts(int n) throws IOException {
    int[] ports = new int[n];
    List<ServerSocket> held = new ArrayList<>();
    try {
      for (int i = 0; i < n; i++) {
        ServerSocket s = new ServerSocket();
        s.bind(loopback());
        held.add(s);
        ports[i] = s.getLocalPort();
      }
    } finally {
      for (ServerSocket s : held) {
        s.close();
      }
    }
    return ports;
  }

  static JsonNode post(URI base, String path, String json)
      throws IOException, InterruptedException {
    return send(
        HttpRequest.newBuilder(base.resolve(path))
            .header("Content-Type", "application/json; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  static JsonNode get(URI base, String path) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(base.resolve(path)).GET());
  }

  static JsonNode delete(URI base, String path) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(base.resolve(path)).DELETE());
  }

  private static JsonNode send(HttpRequest.Builder b) throws IOException, InterruptedException {
    HttpResponse<String> r =
        HTTP.send(b.timeout(Duration.ofMinutes(5)).build(), HttpResponse.BodyHandlers.ofString());
    JsonNode n = M.readTree(r.body());
    if (r.statusCode() != 200) {
      throw new IOException(r.statusCode() + " " + n);
    }
    return n;
  }

  static double pct(List<Double> v, double p) {
    if (v.isEmpty()) {
      return Double.NaN;
    }
    List<Double> s = new ArrayList<>(v);
    Collections.sort(s);
    int rank = (int) Math.ceil(p / 100.0 * s.size());
    return s.get(Math.max(0, Math.min(s.size() - 1, rank - 1)));
  }

  static String ms2(List<Double> v) {
    return String.format(Locale.ROOT, "%.2f / %.2f ms", pct(v, 50), pct(v, 99));
  }

  private static String ms3(List<Double> v) {
    return String.format(Locale.ROOT, "%.3f / %.3f / %.3f ms", pct(v, 50), pct(v, 99), pct(v, 100));
  }

  static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).strip();
    } catch (IOException e) {
      return "unknown";
    }
  }
}

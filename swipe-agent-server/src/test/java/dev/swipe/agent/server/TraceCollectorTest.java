package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.agent.AgentRun;
import dev.swipe.agent.server.internal.TraceCollector;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.spi.TraceSink;
import dev.swipe.core.trace.HttpTraceSink;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traces that come home: runs on the simulator traced through {@link HttpTraceSink} into a real
 * {@link TraceCollector} on loopback, read back with {@link TraceReader} and compared byte for byte
 * with the same run's local trace; a collector killed and started again in the middle of a run; a
 * run that ends while the collector is down; the collector's refusals; the servers' {@code
 * --trace-to}; {@code report} on a collector's directory.
 */
@Timeout(300)
class TraceCollectorTest {
  private static final long MAX = 64L << 20;
  private static final String KEY = "0123456789abcdef0123456789abcdef";

  @TempDir Path dir;

  private static TraceCollector start(Path root, String... tokens) {
    return TraceCollector.builder(root)
        .address(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
        .tokens(List.of(tokens))
        .start();
  }

  private static URI url(TraceCollector c) {
    return URI.create("http://127.0.0.1:" + c.address().getPort());
  }

  private static Device sim() {
    return Device.open("sim:?scale=0.5&scene=list");
  }

  /** A few of everything a run records: screenshots, swipes, scrolls (one may fail), taps. */
  private static void act(Device run, int rounds) {
    for (int i = 0; i < rounds; i++) {
      run.screenshot();
      run.swipe(Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 400)).build());
      try {
        run.scroll(Scroll.of(ScrollDirection.DOWN));
      } catch (SwipeException e) {
        // the end of the list: the failure is traced like any step
      }
      run.tap(NormPoint.of(500, 300));
    }
  }

  /** Waits, in bounded polls, for {@code condition}; fails when it never holds. */
  private static void eventually(String what, BooleanSupplier condition)
      throws InterruptedException {
    for (int i = 0; i < 1200; i++) {
      if (condition.getAsBoolean()) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("never happened: " + what);
  }

  private static long lines(Path trace) {
    try {
      Path f = trace.resolve(TraceReader.FILE);
      return Files.isRegularFile(f) ? Files.readAllLines(f).size() : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  private static Map<String, byte[]> files(Path trace, String sub) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    Path d = trace.resolve(sub);
    if (Files.isDirectory(d)) {
      try (Stream<Path> s = Files.list(d)) {
        for (Path p : s.toList()) {
          out.put(p.getFileName().toString(), Files.readAllBytes(p));
        }
      }
    }
    return out;
  }

  /** The collected trace is the local one: the same file, the same records, the same shots. */
  private static void assertSameTrace(Path local, Path collected) throws IOException {
    assertThat(Files.readString(collected.resolve(TraceReader.FILE)))
        .as("trace.jsonl, byte for byte")
        .isEqualTo(Files.readString(local.resolve(TraceReader.FILE)));
    TraceReader.Trace a = TraceReader.read(local);
    TraceReader.Trace b = TraceReader.read(collected);
    assertThat(b.skipped()).isEmpty();
    assertThat(b.records()).hasSameSizeAs(a.records()).isNotEmpty();
    for (int i = 0; i < a.records().size(); i++) {
      TraceRecord x = a.records().get(i);
      TraceRecord y = b.records().get(i);
      assertThat(y.seq()).isEqualTo(x.seq());
      assertThat(y.fields()).isEqualTo(x.fields());
    }
    Map<String, byte[]> shots = files(local, TraceReader.SHOTS);
    Map<String, byte[]> got = files(collected, TraceReader.SHOTS);
    assertThat(got.keySet()).as("each screenshot once").isEqualTo(shots.keySet()).isNotEmpty();
    shots.forEach((k, v) -> assertThat(got.get(k)).as(k).isEqualTo(v));
    try (Stream<Path> s = Files.list(collected)) {
      assertThat(s.map(p -> p.getFileName().toString()).sorted().toList())
          .as("nothing else but the claim")
          .containsExactly(TraceCollector.KEY_FILE, TraceReader.SHOTS, TraceReader.FILE);
    }
  }

  @Test
  void aRunSentToTheCollectorIsItsLocalTraceByteForByte() throws Exception {
    Path local = dir.resolve("local");
    Path farm = dir.resolve("farm");
    HttpTraceSink remote;
    try (TraceCollector c = start(farm, "s3cret");
        Device phone = sim()) {
      remote = HttpTraceSink.builder(url(c)).token("s3cret").rig("rig-a").run("run-1").open();
      try (Device run =
          phone
              .run()
              .forkTracedTo(
                  new AttachmentRegistry(), new TeeSink(TraceSink.directory(local), remote), MAX)) {
        act(run, 3);
      }
      assertThat(remote.awaitDelivered(Duration.ofSeconds(120))).isTrue();
    }
    assertThat(remote.stopReason()).isEmpty();
    assertThat(remote.run()).isEqualTo("run-1");
    assertSameTrace(local, farm.resolve("rig-a").resolve("run-1"));
  }

  @Test
  void aCollectorKilledAndStartedAgainMidRunLosesAndDuplicatesNothing() throws Exception {
    Path local = dir.resolve("local");
    Path farm = dir.resolve("farm");
    Path collected = farm.resolve("rig-a").resolve("killed");
    CollectorProcess first =
        CollectorProcess.start(Map.of(), "--http", "127.0.0.1:0", "--dir", farm.toString());
    int port = first.port();
    HttpTraceSink remote =
        HttpTraceSink.builder(first.url())
            .rig("rig-a")
            .run("killed")
            .closeTimeout(Duration.ofSeconds(60))
            .open();
    try (Device phone = sim()) {
      Device run =
          phone
              .run()
              .forkTracedTo(
                  new AttachmentRegistry(), new TeeSink(TraceSink.directory(local), remote), MAX);
      act(run, 2);
      eventually("the collector took records", () -> lines(collected) >= 4);
      first.kill();
      act(run, 2); // held while the collector is gone
      try (CollectorProcess second =
          CollectorProcess.start(
              Map.of(), "--http", "127.0.0.1:" + port, "--dir", farm.toString())) {
        act(run, 1);
        run.close();
        assertThat(remote.awaitDelivered(Duration.ofSeconds(120))).isTrue();
      }
    }
    assertThat(remote.stopReason()).isEmpty();
    assertSameTrace(local, collected);
  }

  @Test
  void aRunEndingWhileTheCollectorIsDownEndsAtOnceAndIsDeliveredWhenItIsBack() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    Path local = dir.resolve("local");
    Path farm = dir.resolve("farm");
    HttpTraceSink remote =
        HttpTraceSink.builder(URI.create("http://127.0.0.1:" + port))
            .rig("rig-a")
            .run("late")
            .closeTimeout(Duration.ofMinutes(10))
            .open();
    try (Device phone = sim()) {
      try (Device run =
          phone
              .run()
              .forkTracedTo(
                  new AttachmentRegistry(), new TeeSink(TraceSink.directory(local), remote), MAX)) {
        act(run, 1);
      } // a close timeout of ten minutes, yet the close does not wait for a collector that is down
    }
    assertThat(remote.awaitDelivered(Duration.ofMillis(1))).as("still held").isFalse();
    try (TraceCollector c =
        TraceCollector.builder(farm)
            .address(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .start()) {
      assertThat(remote.awaitDelivered(Duration.ofSeconds(120))).isTrue();
    }
    assertSameTrace(local, farm.resolve("rig-a").resolve("late"));
  }

  @Test
  void aFullSpoolStopsTheTraceAndItsLastRecordSaysWhy() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    Path farm = dir.resolve("farm");
    HttpTraceSink remote =
        HttpTraceSink.builder(URI.create("http://127.0.0.1:" + port))
            .rig("rig-a")
            .run("spooled")
            .spoolBytes(64 * 1024)
            .open();
    try (Device phone = sim();
        Device run = phone.run().forkTracedTo(new AttachmentRegistry(), remote, MAX)) {
      for (int i = 0; i < 40 && remote.stopReason().isEmpty(); i++) {
        act(run, 1); // every action succeeds; only the trace stops
      }
      assertThat(remote.stopReason()).hasValueSatisfying(r -> assertThat(r).contains("spool"));
    }
    try (TraceCollector c =
        TraceCollector.builder(farm)
            .address(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .start()) {
      assertThat(remote.awaitDelivered(Duration.ofSeconds(120))).isTrue();
    }
    TraceReader.Trace t = TraceReader.read(farm.resolve("rig-a").resolve("spooled"));
    assertThat(t.stopReason()).hasValueSatisfying(r -> assertThat(r).contains("spool"));
    assertThat(t.records().get(t.records().size() - 1).action()).isEqualTo(TraceReader.STOPPED);
  }

  @Test
  void aSinkWithAWrongTokenStopsWithTheCollectorsAnswer() throws Exception {
    try (TraceCollector c = start(dir, "right");
        Device phone = sim()) {
      HttpTraceSink remote =
          HttpTraceSink.builder(url(c)).token("wrong").rig("rig-a").run("denied").open();
      try (Device run = phone.run().forkTracedTo(new AttachmentRegistry(), remote, MAX)) {
        run.screenshot();
        assertThat(remote.awaitDelivered(Duration.ofSeconds(60))).isTrue();
        run.screenshot(); // the run goes on
      }
      assertThat(remote.stopReason())
          .hasValueSatisfying(r -> assertThat(r).contains("401").contains("unauthorized"));
    }
    assertThat(dir.resolve("rig-a")).doesNotExist();
  }

  @Test
  void twoSinksAskingForOneRunGetOneEach() throws Exception {
    Path farm = dir.resolve("farm");
    try (TraceCollector c = start(farm);
        Device phone = sim()) {
      HttpTraceSink a = HttpTraceSink.builder(url(c)).rig("rig-a").run("same").open();
      HttpTraceSink b = HttpTraceSink.builder(url(c)).rig("rig-a").run("same").open();
      try (Device x = phone.run().forkTracedTo(new AttachmentRegistry(), a, MAX)) {
        x.screenshot();
        assertThat(a.awaitDelivered(Duration.ofMillis(1))).isFalse();
      }
      assertThat(a.awaitDelivered(Duration.ofSeconds(60))).isTrue();
      try (Device y = phone.run().forkTracedTo(new AttachmentRegistry(), b, MAX)) {
        y.screenshot();
        y.screenshot();
      }
      assertThat(b.awaitDelivered(Duration.ofSeconds(60))).isTrue();
      assertThat(a.run()).isEqualTo("same");
      assertThat(b.run()).isEqualTo("same-2");
    }
    assertThat(TraceReader.read(farm.resolve("rig-a/same")).records()).hasSize(1);
    assertThat(TraceReader.read(farm.resolve("rig-a/same-2")).records()).hasSize(2);
  }

  // --- the collector's refusals, on a plain socket ---

  private static String records(String path, String key, String body, String... extra) {
    StringBuilder b = new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    if (key != null) {
      b.append("Swipe-Run-Key: ").append(key).append("\r\n");
    }
    for (String h : extra) {
      b.append(h).append("\r\n");
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return b.append("Content-Type: application/x-ndjson\r\nContent-Length: ")
        .append(bytes.length)
        .append("\r\n\r\n")
        .append(body)
        .toString();
  }

  private static byte[] put(String path, String key, byte[] body, String... extra) {
    StringBuilder b = new StringBuilder("PUT " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    if (key != null) {
      b.append("Swipe-Run-Key: ").append(key).append("\r\n");
    }
    for (String h : extra) {
      b.append(h).append("\r\n");
    }
    b.append("Content-Type: image/jpeg\r\nContent-Length: ").append(body.length).append("\r\n\r\n");
    byte[] head = b.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] all = new byte[head.length + body.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(body, 0, all, head.length, body.length);
    return all;
  }

  private static RawHttp.Answer ask(TraceCollector c, String request) throws IOException {
    try (RawHttp h = new RawHttp(c.address().getPort())) {
      return h.send(request).read();
    }
  }

  private static RawHttp.Answer ask(TraceCollector c, byte[] request) throws IOException {
    try (RawHttp h = new RawHttp(c.address().getPort())) {
      return h.send(request).read();
    }
  }

  private static String line(long seq) {
    return "{\"seq\":" + seq + ",\"action\":\"tap\",\"t_ms\":" + seq + "}\n";
  }

  @Test
  void tokenHostAndOriginAreCheckedBeforeAnything() throws Exception {
    try (TraceCollector c = start(dir, "alpha", "beta")) {
      String path = "/traces/rig-a/run-1/records?from=0";
      RawHttp.Answer none = ask(c, records(path, KEY, line(1)));
      assertThat(none.status()).isEqualTo(401);
      assertThat(none.code()).isEqualTo("unauthorized");
      assertThat(none.headers().get("www-authenticate")).isEqualTo("Bearer");
      assertThat(ask(c, records(path, KEY, line(1), "Authorization: Bearer gamma")).status())
          .isEqualTo(401);
      RawHttp.Answer host =
          ask(
              c,
              records(path, KEY, line(1), "Authorization: Bearer beta")
                  .replace("Host: 127.0.0.1", "Host: evil.example"));
      assertThat(host.status()).isEqualTo(403);
      assertThat(host.code()).isEqualTo("host_not_allowed");
      RawHttp.Answer origin =
          ask(
              c,
              records(
                  path, KEY, line(1), "Authorization: Bearer beta", "Origin: http://evil.example"));
      assertThat(origin.status()).isEqualTo(403);
      assertThat(origin.code()).isEqualTo("origin_not_allowed");
      assertThat(dir.resolve("rig-a")).as("nothing was written").doesNotExist();
      RawHttp.Answer ok = ask(c, records(path, KEY, line(1), "Authorization: Bearer beta"));
      assertThat(ok.status()).as(ok.body()).isEqualTo(200);
      assertThat(ok.json().path("lines").asLong()).isEqualTo(1);
      RawHttp.Answer status = ask(c, RawHttp.get("/status", "Authorization: Bearer alpha"));
      assertThat(status.json().path("ready").asBoolean()).isTrue();
    }
    assertThatThrownBy(
            () ->
                TraceCollector.builder(dir)
                    .address(new InetSocketAddress("0.0.0.0", 0))
                    .start()) // refused before it binds
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("token"));
  }

  @Test
  void namesThatCouldLeaveTheDirectoryAreRefused() throws Exception {
    Path farm = dir.resolve("farm");
    try (TraceCollector c = start(farm)) {
      for (String path :
          List.of(
              "/traces/../x/records?from=0",
              "/traces/%2e%2e/x/records?from=0",
              "/traces/rig-a/..%2F..%2Fx/records?from=0",
              "/traces/.git/x/records?from=0",
              "/traces/rig-a/.x/records?from=0",
              "/traces/" + "r".repeat(65) + "/x/records?from=0",
              "/traces/rig-a/run%00/records?from=0",
              "/traces/rig-a/run-1/../../records?from=0")) {
        RawHttp.Answer a = ask(c, records(path, KEY, line(1)));
        assertThat(a.status()).as(path + ": " + a.body()).isIn(400, 404);
      }
      for (String file :
          List.of(
              "shots/..%2F..%2Fevil.jpg",
              "shots/.hidden.jpg", "../../evil.jpg", "..%2Fshots/evil.jpg", ".shots/evil.jpg")) {
        RawHttp.Answer a =
            ask(c, put("/traces/rig-a/run-1/files/" + file, KEY, new byte[] {1, 2, 3}));
        assertThat(a.status()).as(file + ": " + a.body()).isIn(400, 404);
      }
    }
    try (Stream<Path> all = Files.walk(dir)) {
      assertThat(all.filter(Files::isRegularFile).toList())
          .as("no file written anywhere")
          .isEmpty();
    }
  }

  @Test
  void recordsAndFilesAreKeptOnceWhateverIsSentAgain() throws Exception {
    Path farm = dir.resolve("farm");
    Path run = farm.resolve("rig-a").resolve("run-1");
    String path = "/traces/rig-a/run-1/records";
    try (TraceCollector c = start(farm)) {
      assertThat(ask(c, records(path + "?from=0", KEY, line(1) + line(2))).json())
          .hasToString("{\"lines\":2}");
      assertThat(ask(c, records(path + "?from=0", KEY, line(1) + line(2))).json())
          .as("a batch sent again")
          .hasToString("{\"lines\":2}");
      assertThat(ask(c, records(path + "?from=1", KEY, line(2) + line(3))).json())
          .as("a batch that overlaps")
          .hasToString("{\"lines\":3}");
      RawHttp.Answer gap = ask(c, records(path + "?from=5", KEY, line(6)));
      assertThat(gap.status()).isEqualTo(409);
      assertThat(gap.code()).isEqualTo("records_missing");
      assertThat(gap.json().path("lines").asLong()).isEqualTo(3);
      RawHttp.Answer other =
          ask(c, records(path + "?from=3", "fedcba9876543210fedcba9876543210", line(4)));
      assertThat(other.status()).isEqualTo(409);
      assertThat(other.code()).isEqualTo("run_taken");
      RawHttp.Answer bad = ask(c, records(path + "?from=3", KEY, "not json\n"));
      assertThat(bad.status()).isEqualTo(400);
      assertThat(bad.code()).isEqualTo("invalid_record");
      assertThat(ask(c, records(path + "?from=3", KEY, "{\"seq\":4}")).code())
          .isEqualTo("invalid_record");
      RawHttp.Answer noKey = ask(c, records(path + "?from=3", null, line(4)));
      assertThat(noKey.status()).isEqualTo(400);
      assertThat(noKey.json().path("error").path("details").path("field").asText())
          .isEqualTo("run_key");
      RawHttp.Answer json =
          ask(
              c,
              records(path + "?from=3", KEY, line(4))
                  .replace("application/x-ndjson", "application/json"));
      assertThat(json.status()).isEqualTo(415);

      byte[] jpeg = {(byte) 0xFF, (byte) 0xD8, 1, 2, 3};
      String file = "/traces/rig-a/run-1/files/shots/run-1-shot-1.jpg";
      assertThat(ask(c, put(file, KEY, jpeg)).status()).isEqualTo(201);
      assertThat(ask(c, put(file, KEY, jpeg)).status()).as("the same bytes again").isEqualTo(200);
      RawHttp.Answer clash = ask(c, put(file, KEY, new byte[] {9}));
      assertThat(clash.status()).isEqualTo(409);
      assertThat(clash.code()).isEqualTo("file_exists");
      assertThat(Files.readAllBytes(run.resolve("shots/run-1-shot-1.jpg"))).isEqualTo(jpeg);
    }
    assertThat(Files.readString(run.resolve(TraceReader.FILE)))
        .isEqualTo(line(1) + line(2) + line(3));
  }

  @Test
  void aCollectorStartedAgainCutsALineItWasKilledInTheMiddleOf() throws Exception {
    Path farm = dir.resolve("farm");
    Path run = farm.resolve("rig-a").resolve("run-1");
    String path = "/traces/rig-a/run-1/records";
    try (TraceCollector c = start(farm)) {
      assertThat(ask(c, records(path + "?from=0", KEY, line(1) + line(2))).status()).isEqualTo(200);
    }
    // what a collector killed in the middle of its next write leaves
    Files.writeString(
        run.resolve(TraceReader.FILE), "{\"seq\":3,\"act", java.nio.file.StandardOpenOption.APPEND);
    try (TraceCollector c = start(farm)) {
      assertThat(ask(c, records(path + "?from=2", KEY, line(3) + line(4))).json())
          .hasToString("{\"lines\":4}");
    }
    assertThat(Files.readString(run.resolve(TraceReader.FILE)))
        .isEqualTo(line(1) + line(2) + line(3) + line(4));
  }

  @Test
  void requestsAndRunsAreBounded() throws Exception {
    Path farm = dir.resolve("farm");
    try (TraceCollector c =
        TraceCollector.builder(farm)
            .address(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .maxRequestBytes(64 * 1024)
            .maxRunBytes(96 * 1024)
            .start()) {
      RawHttp.Answer big =
          ask(c, put("/traces/rig-a/run-1/files/shots/big.jpg", KEY, new byte[70 * 1024]));
      assertThat(big.status()).isEqualTo(413);
      assertThat(big.code()).isEqualTo("request_too_large");
      assertThat(
              ask(c, put("/traces/rig-a/run-1/files/shots/a.jpg", KEY, new byte[60 * 1024]))
                  .status())
          .isEqualTo(201);
      RawHttp.Answer full =
          ask(c, put("/traces/rig-a/run-1/files/shots/b.jpg", KEY, new byte[60 * 1024]));
      assertThat(full.status()).isEqualTo(507);
      assertThat(full.code()).isEqualTo("run_full");
    }
    assertThat(farm.resolve("rig-a/run-1/shots/big.jpg")).doesNotExist();
    assertThat(farm.resolve("rig-a/run-1/shots/b.jpg")).doesNotExist();
    try (Stream<Path> s = Files.walk(farm)) {
      assertThat(s.filter(p -> p.getFileName().toString().startsWith(".upload-")).toList())
          .as("no upload left behind")
          .isEmpty();
    }
  }

  // --- the servers' --trace-to, and report on what they sent ---

  private static HttpResponse<String> tool(
      HttpClient http, AgentHttpServer server, String tool, String body, String run)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.address().getPort() + "/tools/" + tool))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (run != null) {
      b.header("run", run);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void serveAndMcpRunsLandUnderTheirRigAndReportRendersAnIndexPerRig() throws Exception {
    Path farm = dir.resolve("farm");
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    PrintStream log = new PrintStream(logged, true, StandardCharsets.UTF_8);
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    try (TraceCollector c = start(farm, "farm-token")) {
      RunTraces bench1 = RunTraces.remote(url(c), "farm-token", "bench-1", MAX, log);
      try (Device device = sim();
          AgentHttpServer server =
              AgentHttpServer.builder(device)
                  .address(new InetSocketAddress("127.0.0.1", 0))
                  .traces(bench1)
                  .start()) {
        assertThat(tool(http, server, "screenshot", "{}", "alice").statusCode()).isEqualTo(200);
        assertThat(tool(http, server, "scroll", "{\"direction\":\"down\"}", "alice").statusCode())
            .isEqualTo(200);
        assertThat(tool(http, server, "screenshot", "{}", "bob").statusCode()).isEqualTo(200);
      } // closing the server ends its runs, which deliver their traces
      SwipeAgentCli.Options mcp =
          SwipeAgentCli.Options.parse(
              new String[] {
                "mcp",
                "--trace-to",
                url(c).toString(),
                "--trace-token",
                "farm-token",
                "--rig",
                "bench 2"
              });
      try (Device device = sim();
          AgentRun run = mcp.run(device, null, mcp.traces())) {
        run.device().screenshot();
      }
      eventually("three runs collected", () -> collectedRuns(farm) == 3);
      eventually(
          "their records",
          () -> {
            try (Stream<Path> rigs = Files.list(farm)) {
              return rigs.flatMap(TraceCollectorTest::list).allMatch(r -> lines(r) > 0);
            } catch (IOException e) {
              return false;
            }
          });
    }
    assertThat(logged.toString(StandardCharsets.UTF_8))
        .contains("runs' traces go to " + "http://127.0.0.1:")
        .contains("as rig bench-1");
    Path alice = only(farm.resolve("bench-1"), "-alice");
    assertThat(TraceReader.read(alice).records())
        .extracting(TraceRecord::action)
        .containsExactly("screenshot", "scroll");
    only(farm.resolve("bench-1"), "-bob");
    only(farm.resolve("bench_2"), "-mcp");

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertThat(
            SwipeAgentCli.run(
                new String[] {"report", farm.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8)))
        .isZero();
    String index = Files.readString(farm.resolve("index.html"));
    assertThat(index)
        .contains("2 rigs, 3 runs")
        .contains("href=\"bench-1/index.html\"")
        .contains("href=\"bench_2/index.html\"");
    String rig = Files.readString(farm.resolve("bench-1").resolve("index.html"));
    assertThat(rig)
        .contains("rig bench-1")
        .contains("href=\"" + alice.getFileName() + "/report.html\"")
        .contains("href=\"../index.html\"");
    assertThat(alice.resolve("report.html")).exists();
    assertThat(out.toString(StandardCharsets.UTF_8).lines())
        .contains(farm.resolve("index.html").toAbsolutePath().toString())
        .contains(farm.resolve("bench-1/index.html").toAbsolutePath().toString())
        .contains(alice.resolve("report.html").toAbsolutePath().toString());
  }

  private static Stream<Path> list(Path p) {
    try {
      return Files.list(p).filter(Files::isDirectory).toList().stream();
    } catch (IOException e) {
      return Stream.empty();
    }
  }

  private static long collectedRuns(Path farm) {
    if (!Files.isDirectory(farm)) {
      return 0;
    }
    try (Stream<Path> rigs = Files.list(farm)) {
      return rigs.flatMap(TraceCollectorTest::list).count();
    } catch (IOException e) {
      return 0;
    }
  }

  private static Path only(Path rig, String suffix) throws IOException {
    List<Path> found = new ArrayList<>();
    try (Stream<Path> s = Files.list(rig)) {
      s.filter(p -> p.getFileName().toString().endsWith(suffix)).forEach(found::add);
    }
    assertThat(found).as(rig + "/*" + suffix).hasSize(1);
    return found.get(0);
  }

  @Test
  void theTraceToOptionsAreCheckedBeforeAnythingStarts() throws Exception {
    for (String[] bad :
        List.of(
            new String[] {"mcp", "--trace", "x", "--trace-to", "http://127.0.0.1:1"},
            new String[] {"mcp", "--rig", "a"},
            new String[] {"serve", "--trace-token", "t"},
            new String[] {"mcp", "--trace-to", "http://127.0.0.1:1", "--trace-total-bytes", "9999"},
            new String[] {"mcp", "--trace-to", "not a url"},
            new String[] {"mcp", "--dir", "x"},
            new String[] {"collect", "--device", "sim:"},
            new String[] {"collect", "--trace", "x"})) {
      assertThatThrownBy(() -> SwipeAgentCli.Options.parse(bad).traces())
          .as(String.join(" ", bad))
          .isInstanceOf(SwipeAgentCli.UsageException.class);
    }
    assertThatThrownBy(
            () ->
                SwipeAgentCli.Options.parse(new String[] {"mcp", "--trace-to", "ftp://h:1"})
                    .traces())
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("trace_to"));
    try (TraceCollector c = start(dir, "right")) {
      for (String[] args :
          List.of(
              new String[] {"mcp", "--trace-to", url(c).toString()},
              new String[] {"mcp", "--trace-to", url(c).toString(), "--trace-token", "wrong"})) {
        assertThatThrownBy(() -> SwipeAgentCli.Options.parse(args).traces())
            .as("a token the collector refuses fails before anything starts")
            .isInstanceOfSatisfying(
                SwipeException.class, e -> assertThat(e.field()).isEqualTo("trace_token"));
      }
    }
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    RunTraces down =
        RunTraces.remote(
            URI.create("http://127.0.0.1:1"),
            null,
            null,
            MAX,
            new PrintStream(logged, true, StandardCharsets.UTF_8));
    assertThat(down).isNotNull();
    assertThat(logged.toString(StandardCharsets.UTF_8))
        .as("a collector that is down is no reason not to start")
        .contains("not reachable now")
        .contains("as rig " + HttpTraceSink.defaultRig());
  }
}

package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A bounded soak of both servers (issue 23, reliability): for {@code -Dswipe.soak.seconds} (default
 * 20) clients send good and bad HTTP requests (kept-alive, fresh, garbage, half-sent and abandoned)
 * while MCP sessions start, take good and bad lines, and end; afterwards the servers' threads are
 * gone and the open file descriptors are back near where they started. Every HTTP answer was JSON
 * below 500 and every MCP session answered its last call.
 */
@EnabledOnOs(OS.LINUX)
class ServerSoakTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final long SECONDS = Long.getLong("swipe.soak.seconds", 20);

  /** Room for caches that fill once (the run LRU, the text cache), not for a per-request leak. */
  private static final long HEAP_GROWTH_ALLOWED = 48L << 20;

  /**
   * Shared pools of libraries: they keep idle workers for a while by design, so they are counted
   * apart.
   */
  private static final List<String> SHARED_POOLS =
      List.of("boundedElastic-", "parallel-", "ForkJoinPool");

  private static long fds() throws IOException {
    try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
      return s.count();
    }
  }

  /** Heap still in use after a full collection, in bytes: what a leak would grow. */
  private static long heapAfterGc() throws InterruptedException {
    long least = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(100);
      least = Math.min(least, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return least;
  }

  private static Map<String, Integer> ourThreads() {
    Map<String, Integer> m = new ConcurrentHashMap<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      String n = t.getName();
      if (n.startsWith("swipe-agent-http") || n.startsWith("swipe-mcp")) {
        m.merge(n.replaceAll("-[0-9]+$", "-N"), 1, Integer::sum);
      }
    }
    return m;
  }

  private static int threadsOutsideSharedPools() {
    int n = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive() && SHARED_POOLS.stream().noneMatch(t.getName()::startsWith)) {
        n++;
      }
    }
    return n;
  }

  @Test
  void goodAndBadTrafficLeavesNoThreadsOrDescriptorsBehind() throws Exception {
    try (Device phone = Device.open("sim:?scale=0.3&scene=list");
        MemoryStore memory = MemoryStore.open("mem:")) {
      // warm up every path once, so lazily started pools count in the baseline
      soak(phone, memory, Duration.ofSeconds(2), new AtomicLong(), new AtomicLong());
      settle();
      int threadsBefore = threadsOutsideSharedPools();
      long fdsBefore = fds();
      long heapBefore = heapAfterGc();

      AtomicLong http = new AtomicLong();
      AtomicLong mcp = new AtomicLong();
      soak(phone, memory, Duration.ofSeconds(SECONDS), http, mcp);

      boolean back = false;
      for (int i = 0; i < 300 && !back; i++) {
        back =
            ourThreads().isEmpty()
                && threadsOutsideSharedPools() <= threadsBefore + 2
                && fds() <= fdsBefore + 8;
        if (!back) {
          Thread.sleep(100);
        }
      }
      long heapAfter = heapAfterGc();
      System.out.printf(
          "soak %d s: %d HTTP requests, %d MCP lines; threads %d -> %d, fds %d -> %d, heap %d -> %d KiB%n",
          SECONDS,
          http.get(),
          mcp.get(),
          threadsBefore,
          threadsOutsideSharedPools(),
          fdsBefore,
          fds(),
          heapBefore / 1024,
          heapAfter / 1024);
      assertThat(http.get()).isPositive();
      assertThat(mcp.get()).isPositive();
      assertThat(ourThreads()).as("server threads left").isEmpty();
      assertThat(threadsOutsideSharedPools()).isLessThanOrEqualTo(threadsBefore + 2);
      assertThat(fds()).isLessThanOrEqualTo(fdsBefore + 8);
      assertThat(heapAfter)
          .as("heap kept after a collection, bytes")
          .isLessThanOrEqualTo(heapBefore + HEAP_GROWTH_ALLOWED);
    }
  }

  private static void settle() throws InterruptedException {
    for (int i = 0; i < 100 && !ourThreads().isEmpty(); i++) {
      Thread.sleep(50);
    }
  }

  /** Runs the traffic for {@code time}, counting HTTP requests and MCP lines. */
  private static void soak(
      Device phone, MemoryStore memory, Duration time, AtomicLong http, AtomicLong mcp)
      throws Exception {
    long end = System.nanoTime() + time.toNanos();
    ExecutorService pool = Executors.newFixedThreadPool(5);
    try (AgentHttpServer server =
        AgentHttpServer.builder(phone)
            .address(new InetSocketAddress("127.0.0.1", 0))
            .memory(memory)
            .requestTimeout(Duration.ofMillis(400))
            .idleTimeout(Duration.ofMillis(400))
            .maxRuns(8)
            .simState(true)
            .start()) {
      int port = server.address().getPort();
      List<Future<?>> work = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        long seed = w;
        work.add(
            pool.submit(
                () -> {
                  httpClient(port, new Random(seed), end, http);
                  return null;
                }));
      }
      work.add(
          pool.submit(
              () -> {
                mcpSessions(phone, memory, new Random(7), end, mcp);
                return null;
              }));
      for (Future<?> f : work) {
        f.get(time.toSeconds() + 120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
      pool.awaitTermination(30, TimeUnit.SECONDS);
    }
  }

  private static void httpClient(int port, Random r, long end, AtomicLong count) throws Exception {
    List<RawHttp> abandoned = new ArrayList<>();
    RawHttp kept = null;
    try {
      while (System.nanoTime() < end) {
        int kind = r.nextInt(8);
        count.incrementAndGet();
        switch (kind) {
          case 0, 1 -> {
            String run = r.nextBoolean() ? "" : "soak-" + r.nextInt(12);
            String request =
                run.isEmpty()
                    ? RawHttp.post("/tools/sim_state", "{}")
                    : RawHttp.post("/tools/screenshot", "{}", "run: " + run);
            RawHttp.Answer a = null;
            if (kept != null) {
              try {
                a = kept.send(request).read();
              } catch (IOException e) {
                // the server closed the kept connection while it was idle: a client opens a new one
                kept.close();
                kept = null;
              }
            }
            if (a == null) {
              kept = new RawHttp(port);
              a = kept.send(request).read();
            }
            check(a);
            if ("close".equals(a.headers().get("connection"))) {
              kept.close();
              kept = null;
            }
          }
          case 2 -> {
            try (RawHttp c = new RawHttp(port)) {
              check(c.send(RawHttp.get("/tools")).read());
            }
          }
          case 3 -> {
            try (RawHttp c = new RawHttp(port)) {
              check(
                  c.send(
                          RawHttp.post(
                              "/tools/"
                                  + MalformedInput.TOOLS.get(
                                      r.nextInt(MalformedInput.TOOLS.size())),
                              MalformedInput.body(r)))
                      .read());
            }
          }
          case 4 -> {
            try (RawHttp c = new RawHttp(port)) {
              check(c.send("GARBAGE " + r.nextInt() + "\r\n\r\n").read());
            }
          }
          case 5 -> {
            // half a request, then hang up
            try (RawHttp c = new RawHttp(port)) {
              c.send(
                  "POST /tools/sim_state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 40\r\n\r\n{\"a\"");
            }
          }
          case 6 -> {
            // half a request left open: the server must time it out (a few at a time)
            if (abandoned.size() < 4) {
              abandoned.add(new RawHttp(port).send("POST /tools/sim_state HTTP/1.1\r\nHost: 127."));
            } else {
              RawHttp c = abandoned.remove(0);
              check(c.read());
              c.close();
            }
          }
          default -> {
            try (RawHttp c = new RawHttp(port)) {
              check(c.send(RawHttp.post("/tools/sim_state", "{}", "Host: evil.example")).read());
            }
          }
        }
      }
    } finally {
      if (kept != null) {
        kept.close();
      }
      for (RawHttp c : abandoned) {
        c.close();
      }
    }
  }

  private static void check(RawHttp.Answer a) {
    assertThat(a.status()).as(a.body()).isLessThan(500);
    assertThat(a.headers().get("content-type")).startsWith("application/json");
    JsonNode j = a.json();
    assertThat(j.isObject()).isTrue();
  }

  private static void mcpSessions(
      Device phone, MemoryStore memory, Random r, long end, AtomicLong count) throws Exception {
    while (System.nanoTime() < end) {
      try (AgentRun run = AgentRun.builder(phone).memory(memory).simState(true).build()) {
        Pipe toServer = Pipe.open();
        Pipe fromServer = Pipe.open();
        McpStdioServer server =
            McpStdioServer.start(
                new ToolDispatcher(run),
                Channels.newInputStream(toServer.source()),
                Channels.newOutputStream(fromServer.sink()));
        try (OutputStream in = Channels.newOutputStream(toServer.sink());
            BufferedReader out =
                new BufferedReader(
                    new InputStreamReader(
                        Channels.newInputStream(fromServer.source()), StandardCharsets.UTF_8))) {
          List<String> lines =
              new ArrayList<>(List.of(McpBadLinesTest.initialize(0), McpBadLinesTest.INITIALIZED));
          for (int i = 0; i < 10; i++) {
            lines.add(
                r.nextBoolean()
                    ? MalformedInput.body(r).replace('\n', ' ')
                    : McpBadLinesTest.call(i, "sim_state", "{}"));
          }
          lines.add(McpBadLinesTest.call("last", "sim_state", "{}"));
          for (String l : lines) {
            in.write((l + "\n").getBytes(StandardCharsets.UTF_8));
            count.incrementAndGet();
          }
          in.flush();
          boolean answered = false;
          while (!answered) {
            String l = out.readLine();
            assertThat(l).as("the session's output ended early").isNotNull();
            JsonNode n = M.readTree(l);
            assertThat(n.path("error").path("code").asInt()).isNotEqualTo(-32603);
            answered = n.path("id").asText().equals("last");
          }
          assertThat(answered).isTrue();
          in.close();
          assertThat(server.awaitInputClosed(60, TimeUnit.SECONDS)).isTrue();
          server.close();
        } finally {
          toServer.source().close();
          fromServer.sink().close();
          fromServer.source().close();
        }
      }
    }
  }
}

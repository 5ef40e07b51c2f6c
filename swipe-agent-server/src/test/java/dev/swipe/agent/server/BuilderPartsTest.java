package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.agent.AgentRun;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import dev.swipe.webdriver.SessionTools;
import dev.swipe.webdriver.WebDriverServer;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The builders of a run and of the servers the agent starts (its HTTP server, the WebDriver remote
 * end) take each part once; their options take the last value.
 */
class BuilderPartsTest {
  private static final InetSocketAddress ANY_PORT = new InetSocketAddress("127.0.0.1", 0);

  private Device phone;
  private MemoryStore memory;
  @TempDir Path dir;

  @BeforeEach
  void open() {
    phone = Device.open("sim:?scale=0.3");
    memory = MemoryStore.inMemory();
  }

  @AfterEach
  void close() {
    memory.close();
    phone.close();
  }

  private static void assertRefused(Runnable r, String field) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo(field);
              assertThat(e.getMessage()).startsWith(field + ": was already set");
            });
  }

  @Test
  void anAgentRunTakesItsMemoryAndTraceOnce() {
    assertRefused(() -> AgentRun.builder(phone).memory(memory).memory(memory), "memory");
    assertRefused(() -> AgentRun.builder(phone).trace(dir, 1 << 20).trace(dir, 1 << 20), "trace");
    // an untraced run said so once is still one setting of the trace
    assertRefused(() -> AgentRun.builder(phone).trace(null, 0).trace(dir, 1 << 20), "trace");
  }

  @Test
  void anAgentRunWithEachPartOnceAndOptionsTwiceBuilds() {
    try (AgentRun run =
        AgentRun.builder(phone)
            .memory(memory)
            .trace(dir.resolve("run"), 1 << 20)
            .simState(true)
            .simState(false)
            .acceptInlineImages(false)
            .acceptInlineImages(true)
            .build()) {
      assertThat(run).isNotNull();
    }
  }

  @Test
  void aServerTakesItsAddressMemoryTokenAndTraceOnce() {
    assertRefused(
        () -> AgentHttpServer.builder(phone).address(ANY_PORT).address(ANY_PORT), "address");
    assertRefused(() -> AgentHttpServer.builder(phone).memory(null).memory(memory), "memory");
    assertRefused(() -> AgentHttpServer.builder(phone).token("a").token("b"), "token");
    assertRefused(
        () -> AgentHttpServer.builder(phone).token("a").tokens(List.of("b", "c")), "token");
    assertRefused(
        () -> AgentHttpServer.builder(phone).trace(dir, 1 << 20).trace(dir, 1 << 20), "trace");
  }

  @Test
  void aServerWithEachPartOnceAndOptionsTwiceStartsWithTheLastOptions() {
    try (AgentHttpServer server =
        AgentHttpServer.builder(phone)
            .address(ANY_PORT)
            .memory(memory)
            .tokens(List.of("t1", "t2"))
            .allowHosts(List.of("a.example"))
            .allowHosts(List.of("b.example"))
            .maxRuns(1)
            .maxRuns(8)
            .requestTimeout(Duration.ofSeconds(1))
            .requestTimeout(Duration.ofSeconds(5))
            .start()) {
      assertThat(server.address().getPort()).isPositive();
    }
  }

  @Test
  void aWebDriverServerTakesItsAddressTokenAndToolsOnce() {
    assertRefused(
        () -> WebDriverServer.builder(phone).address(ANY_PORT).address(ANY_PORT), "address");
    assertRefused(() -> WebDriverServer.builder(phone).token("a").token("b"), "token");
    assertRefused(() -> WebDriverServer.builder(phone).token(null).token("b"), "token");
    assertRefused(
        () -> WebDriverServer.builder(phone).tools(SessionTools.none()).tools(SessionTools.none()),
        "tools");
  }

  @Test
  void aWebDriverServerWithEachPartOnceAndOptionsTwiceStarts() {
    try (WebDriverServer server =
        WebDriverServer.builder(phone)
            .address(ANY_PORT)
            .token("t")
            .tools(SessionTools.none())
            .rigName("a")
            .rigName("b")
            .idleTimeout(Duration.ofSeconds(5))
            .idleTimeout(Duration.ofSeconds(30))
            .start()) {
      assertThat(server.address().getPort()).isPositive();
    }
  }
}

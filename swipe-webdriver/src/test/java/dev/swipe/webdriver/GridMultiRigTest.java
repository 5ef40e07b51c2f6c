package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.webdriver.internal.WebDriverCli;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.MutableCapabilities;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.remote.RemoteWebDriver;

/**
 * docs/grid.md's "Several phones, one rig JVM and one relay node" as written: one rig JVM serving
 * four simulated phones (two android, two ios, two sizes each), one relay node with the TOML of the
 * page and the [relay] section the rig JVM printed, behind a real Selenium Grid 4.41 hub. Child
 * JVMs, 127.0.0.1 only.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(300)
class GridMultiRigTest {
  private static final List<String> RIGS = List.of("rig-a", "rig-b", "rig-c", "rig-d");
  private static final Pattern LISTENING =
      Pattern.compile("rigs [^\\n]* listening on http://127\\.0\\.0\\.1:(\\d+)");

  private static final List<Process> PROCESSES = new ArrayList<>();
  private static Path logs;
  private static URI hub;
  private static W3cHttp hubHttp;
  private static W3cHttp rigHttp;

  @BeforeAll
  @Timeout(400)
  static void startGrid() throws Exception {
    int[] ports;
    try {
      ports = ChildJvm.freePorts(4);
    } catch (IOException e) {
      assumeTrue(false, "no loopback port can be bound here (" + e.getMessage() + ")");
      return;
    }
    logs = Path.of("target", "grid-multirig-test-logs");
    List<String> args = new ArrayList<>(Docs.severalRigsArgs());
    int port = args.indexOf("--port");
    assertThat(args.get(port + 1)).isEqualTo("4723");
    args.set(port + 1, "0");
    Path rigLog = logs.resolve("rigs.log");
    Process rigs =
        ChildJvm.start(
            System.getProperty("java.class.path"), WebDriverCli.class.getName(), args, rigLog);
    PROCESSES.add(rigs);
    String[] printed = new String[1];
    int[] rigPort = new int[1];
    await(
        "the rig JVM listens and prints its [relay] section",
        120_000,
        () -> {
          String log = ChildJvm.read(rigLog);
          Matcher m = LISTENING.matcher(log);
          int at = log.indexOf("[relay]");
          int end = log.indexOf("\n]\n", at);
          if (!rigs.isAlive()) {
            throw new IllegalStateException("the rig JVM exited: " + log);
          }
          if (m.find() && at >= 0 && end > 0) {
            rigPort[0] = Integer.parseInt(m.group(1));
            printed[0] = log.substring(at, end + 3);
            return true;
          }
          return false;
        });
    String rigUrl = "http://127.0.0.1:" + rigPort[0];
    rigHttp = new W3cHttp(URI.create(rigUrl));
    String toml = Docs.block("toml", "max-sessions = 4");
    String docRelay = toml.substring(toml.indexOf("[relay]"));
    assertThat(printed[0].replace(rigUrl, "http://127.0.0.1:4723")).isEqualTo(docRelay);
    int hubPort = ports[0];
    String publish = "tcp://127.0.0.1:" + ports[1];
    String subscribe = "tcp://127.0.0.1:" + ports[2];
    PROCESSES.add(
        ChildJvm.shell(
            Docs.replaceAll(
                Docs.command("grid.Main hub"),
                "10.0.0.5:4442",
                "127.0.0.1:" + ports[1],
                "10.0.0.5:4443",
                "127.0.0.1:" + ports[2],
                "--host 10.0.0.5",
                "--host 127.0.0.1",
                "--port 4444",
                "--port " + hubPort),
            logs.resolve("hub.log")));
    Path config = logs.resolve("rigs.toml");
    Files.writeString(
        config,
        Docs.replaceAll(
            toml,
            "port = 5555",
            "port = " + ports[3],
            "tcp://127.0.0.1:4442",
            publish,
            "tcp://127.0.0.1:4443",
            subscribe,
            docRelay,
            printed[0]));
    PROCESSES.add(
        ChildJvm.shell(
            Docs.replaceAll(
                Docs.command("--config rigs.toml"),
                "rigs.toml",
                config.toAbsolutePath().toString()),
            logs.resolve("node.log")));
    hub = URI.create("http://127.0.0.1:" + hubPort);
    hubHttp = new W3cHttp(hub);
    await(
        "the hub lists one node UP with four slots",
        240_000,
        () -> {
          try {
            JsonNode nodes = hubHttp.get("/status").value().path("nodes");
            return nodes.size() == 1
                && nodes.get(0).path("availability").asText().equals("UP")
                && nodes.get(0).path("slots").size() == RIGS.size();
          } catch (RuntimeException e) {
            return false;
          }
        });
  }

  @AfterAll
  static void stopGrid() {
    for (int i = PROCESSES.size() - 1; i >= 0; i--) {
      ChildJvm.stop(PROCESSES.get(i));
    }
  }

  private static void await(String what, long timeoutMs, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "timed out waiting until " + what + "; logs in " + logs.toAbsolutePath());
      }
      Thread.sleep(200);
    }
  }

  private static MutableCapabilities caps(String... nameValue) {
    MutableCapabilities c = new MutableCapabilities();
    c.setCapability("appium:automationName", "Swipe");
    for (int i = 0; i < nameValue.length; i += 2) {
      c.setCapability(nameValue[i], nameValue[i + 1]);
    }
    return c;
  }

  private static RemoteWebDriver open(MutableCapabilities caps) throws Exception {
    URL url = hub.toURL();
    return new RemoteWebDriver(url, caps);
  }

  private static String rigOf(RemoteWebDriver d) {
    return String.valueOf(d.getCapabilities().getCapability("swipe:rig"));
  }

  private static int queued() {
    return hubHttp.get("/se/grid/newsessionqueue/queue").value().size();
  }

  private static void quitQuietly(RemoteWebDriver d) {
    try {
      d.quit();
    } catch (RuntimeException e) {
      // gone already
    }
  }

  @Test
  @Order(1)
  void fourSessionsLandOnFourPhonesOfOneRigJvmAndAFifthWaitsForTheOneDeleted() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(5);
    List<RemoteWebDriver> drivers = new ArrayList<>();
    try {
      List<Future<RemoteWebDriver>> starting = new ArrayList<>();
      for (int i = 0; i < RIGS.size(); i++) {
        starting.add(pool.submit(() -> open(caps())));
      }
      for (Future<RemoteWebDriver> f : starting) {
        drivers.add(f.get(180, TimeUnit.SECONDS));
      }
      Set<String> used = new HashSet<>();
      for (RemoteWebDriver d : drivers) {
        used.add(rigOf(d));
        Dimension size = d.manage().window().getSize();
        assertThat(size.width + "x" + size.height)
            .as("the window of %s is its stereotype's screen", rigOf(d))
            .isEqualTo(d.getCapabilities().getCapability("swipe:screen"));
        assertThat(d.getScreenshotAs(OutputType.BYTES)).isNotEmpty();
      }
      assertThat(used).containsExactlyInAnyOrderElementsOf(RIGS);
      assertThat(rigHttp.get("/sessions").value()).hasSize(4);
      assertThat(rigHttp.get("/status").value().path("ready").asBoolean()).isFalse();
      Future<RemoteWebDriver> fifth = pool.submit(() -> open(caps()));
      await("the fifth request is queued", 60_000, () -> queued() == 1);
      assertThat(fifth.isDone()).isFalse();
      RemoteWebDriver onC =
          drivers.stream().filter(d -> rigOf(d).equals("rig-c")).findFirst().orElseThrow();
      onC.quit();
      drivers.remove(onC);
      RemoteWebDriver served = fifth.get(180, TimeUnit.SECONDS);
      drivers.add(served);
      assertThat(rigOf(served)).isEqualTo("rig-c");
      assertThat(queued()).isZero();
    } finally {
      drivers.forEach(GridMultiRigTest::quitQuietly);
      pool.shutdownNow();
    }
  }

  @Test
  @Order(2)
  void aRequestPinnedByRigPlatformOrSizeLandsOnTheMatchingPhone() throws Exception {
    List<RemoteWebDriver> drivers = new ArrayList<>();
    try {
      RemoteWebDriver d = open(caps("swipe:rig", "rig-d"));
      drivers.add(d);
      assertThat(rigOf(d)).isEqualTo("rig-d");
      RemoteWebDriver ios = open(caps("platformName", "ios"));
      drivers.add(ios);
      assertThat(rigOf(ios)).isEqualTo("rig-c");
      RemoteWebDriver large = open(caps("swipe:screen", "540x1200"));
      drivers.add(large);
      assertThat(rigOf(large)).isEqualTo("rig-b");
      assertThat(large.manage().window().getSize()).isEqualTo(new Dimension(540, 1200));
      RemoteWebDriver small = open(caps("platformName", "android", "swipe:pointer", "touch"));
      drivers.add(small);
      assertThat(rigOf(small)).isEqualTo("rig-a");
    } finally {
      drivers.forEach(GridMultiRigTest::quitQuietly);
    }
    await("every phone is free again", 60_000, () -> rigHttp.get("/sessions").value().isEmpty());
  }
}

package dev.swipe.webdriver;

import dev.swipe.webdriver.internal.WebDriverCli;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Child JVMs for tests and benchmarks: Grid hubs and nodes on Grid's own class path, rigs on the
 * test class path. Each writes its output to a log file; every wait on one is bounded.
 */
final class ChildJvm {
  /** Few JIT threads and a small serial heap: the machine is shared. */
  static final List<String> JVM_OPTIONS =
      List.of(
          "-XX:TieredStopAtLevel=1",
          "-XX:+UseSerialGC",
          "-XX:CICompilerCount=1",
          "-Xmx384m",
          "-Djava.awt.headless=true");

  private static final Pattern LISTENING =
      Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");

  private ChildJvm() {}

  /** The Selenium Grid 4.41.0 class path resolved by swipe-webdriver-grid-hub. */
  static String gridClasspath() {
    try (InputStream in =
        ChildJvm.class.getResourceAsStream("/dev/swipe/webdriver/grid/hub.classpath")) {
      if (in == null) {
        throw new IllegalStateException(
            "hub.classpath is missing: build with -am so swipe-webdriver-grid-hub runs");
      }
      String cp = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
      for (String entry : cp.split(java.io.File.pathSeparator)) {
        if (!Files.exists(Path.of(entry))) {
          throw new IllegalStateException("the Grid class path names a missing file: " + entry);
        }
      }
      return cp;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Process start(String classpath, String mainClass, List<String> args, Path log) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(JVM_OPTIONS);
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.add(mainClass);
    cmd.addAll(args);
    try {
      Files.createDirectories(log.getParent());
      return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A command of docs/grid.md run as shown, by bash, with {@code java} this JVM's own launcher and
   * {@link #JVM_OPTIONS} before the command's own options (its {@code -Xmx} wins), {@code
   * GRID_CLASSPATH} set to Grid's class path; {@code exec}, so stopping the process stops java.
   */
  static Process shell(String command, Path log) {
    if (!command.startsWith("java ")) {
      throw new IllegalStateException("not a java command: " + command);
    }
    String java =
        Paths.get(System.getProperty("java.home"), "bin", "java")
            + " "
            + String.join(" ", JVM_OPTIONS)
            + " ";
    ProcessBuilder pb =
        new ProcessBuilder("bash", "-c", "exec " + java + command.substring("java ".length()));
    pb.environment().put("GRID_CLASSPATH", gridClasspath());
    try {
      Files.createDirectories(log.getParent());
      Files.writeString(log.resolveSibling(log.getFileName() + ".command"), command);
      return pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A rig ({@code WebDriverCli} on a simulator) on a free port; returns once it listens. */
  static Rig rig(String name, String simUri, Path logs) throws InterruptedException {
    Path log = logs.resolve(name + ".log");
    Process p =
        start(
            System.getProperty("java.class.path"),
            WebDriverCli.class.getName(),
            List.of("--port", "0", "--rig", name, "--device", simUri),
            log);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (System.nanoTime() < deadline) {
      Matcher m = LISTENING.matcher(read(log));
      if (m.find()) {
        return new Rig(name, Integer.parseInt(m.group(1)), p);
      }
      if (!p.isAlive()) {
        throw new IllegalStateException("rig " + name + " exited: " + read(log));
      }
      Thread.sleep(50);
    }
    p.destroyForcibly();
    throw new IllegalStateException("rig " + name + " did not start within 90 s: " + read(log));
  }

  /** A rig process and its port. */
  record Rig(String name, int port, Process process) {
    String url() {
      return "http://127.0.0.1:" + port;
    }
  }

  static String read(Path log) {
    try {
      return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      return "";
    }
  }

  /** Free loopback ports, or an exception when none can be bound. */
  static int[] freePorts(int n) throws IOException {
    int[] ports = new int[n];
    List<ServerSocket> held = new ArrayList<>();
    try {
      for (int i = 0; i < n; i++) {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress("127.0.0.1", 0));
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

  /** Stops a process: politely, then by force, bounded. */
  static void stop(Process p) {
    if (p == null || !p.isAlive()) {
      return;
    }
    p.destroy();
    try {
      if (!p.waitFor(15, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(15, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}

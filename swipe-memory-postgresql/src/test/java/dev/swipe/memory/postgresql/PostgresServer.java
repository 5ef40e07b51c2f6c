package dev.swipe.memory.postgresql;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real PostgreSQL for a test class: {@code initdb} into a fresh temporary directory, {@code
 * postgres} on a free loopback port (listening on 127.0.0.1 only, its Unix socket in the temporary
 * directory), ready once it accepts a JDBC connection, stopped and deleted after the class.
 *
 * <p>Binaries: {@code SWIPE_PG_BIN}, else the newest {@code /usr/lib/postgresql/N/bin} (Debian's
 * package, which {@code .ci/run} installs), else {@code /usr/local/bin}, else the PATH. Without
 * them the tests skip, except under {@code SWIPE_REQUIRE_TOOLS=1} (CI), where they fail.
 *
 * <p>PostgreSQL refuses to run as root, and CI runs as root: then {@code initdb}, {@code pg_ctl}
 * and the server run as {@code nobody} through {@code runuser}, in directories given to it.
 */
final class PostgresServer implements BeforeAllCallback, AfterAllCallback {
  static final String USER = "swipe";

  private static final long START_TIMEOUT_MS = 60_000;
  private final AtomicInteger databases = new AtomicInteger();
  private final String password = "pw-" + UUID.randomUUID();
  private Path base;
  private Path data;
  private Path bin;
  private List<String> asUser = List.of();
  private int port;
  private boolean started;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    bin = findBinaries();
    if (bin == null && "1".equals(System.getenv("SWIPE_REQUIRE_TOOLS"))) {
      fail("PostgreSQL is not installed (initdb, pg_ctl), and SWIPE_REQUIRE_TOOLS=1 requires it");
    }
    assumeTrue(bin != null, "PostgreSQL is not installed (apt-get install postgresql)");
    base = Files.createTempDirectory("swipe-pg");
    Path run = base.resolve("run");
    data = base.resolve("data");
    Files.createDirectories(run);
    Files.createDirectories(data);
    Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwx------"));
    if (isRoot()) {
      Path runuser = firstExecutable("runuser", List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
      if (runuser == null) {
        fail("running as root, and no runuser to start PostgreSQL as an unprivileged user");
      }
      asUser = List.of(runuser.toString(), "-u", "nobody", "--");
      UserPrincipal nobody =
          base.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
      // nobody passes through base (no listing) into the two directories it owns
      Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx--x--x"));
      Files.setOwner(run, nobody);
      Files.setOwner(data, nobody);
    }
    Path pwfile = run.resolve("pwfile");
    Files.writeString(pwfile, password + "\n");
    if (!asUser.isEmpty()) {
      Files.setOwner(
          pwfile,
          base.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
    }
    exec(
        120,
        bin.resolve("initdb").toString(),
        "-D",
        data.toString(),
        "-U",
        USER,
        "--pwfile=" + pwfile,
        "--auth=scram-sha-256",
        "-E",
        "UTF8",
        "--no-locale",
        "--no-sync");
    Files.delete(pwfile);
    IOException last = null;
    for (int attempt = 0; attempt < 3 && !started; attempt++) {
      port = freePort();
      try {
        exec(
            START_TIMEOUT_MS / 1000 + 10,
            bin.resolve("pg_ctl").toString(),
            "-D",
            data.toString(),
            "-l",
            run.resolve("postgres.log").toString(),
            "-w",
            "-t",
            Long.toString(START_TIMEOUT_MS / 1000),
            "-o",
            "-c listen_addresses=127.0.0.1 -p "
                + port
                + " -c unix_socket_directories="
                + run
                + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
                + " -c max_connections=200",
            "start");
        started = true;
      } catch (IOException e) {
        last = e; // the port was taken between choosing and binding it: try another
      }
    }
    if (!started) {
      throw new IOException("PostgreSQL did not start: " + log(run), last);
    }
    awaitConnections();
  }

  /** Polls until a JDBC connection succeeds, for at most {@link #START_TIMEOUT_MS}. */
  private void awaitConnections() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MS);
    SQLException last = null;
    for (int i = 0; i < 10_000 && System.nanoTime() < deadline; i++) {
      try (Connection c = connect("postgres")) {
        return;
      } catch (SQLException e) {
        last = e;
        Thread.sleep(Math.min(200, 10L * (i + 1))); // polling interval, not a readiness guess
      }
    }
    throw new IllegalStateException("PostgreSQL accepted no connection in time", last);
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    try {
      if (started) {
        try {
          exec(
              70,
              bin.resolve("pg_ctl").toString(),
              "-D",
              data.toString(),
              "-m",
              "fast",
              "-w",
              "-t",
              "60",
              "stop");
        } catch (IOException e) {
          exec(
              30,
              bin.resolve("pg_ctl").toString(),
              "-D",
              data.toString(),
              "-m",
              "immediate",
              "-w",
              "-t",
              "20",
              "stop");
        }
        started = false;
      }
    } finally {
      if (base != null) {
        try (Stream<Path> files = Files.walk(base)) {
          for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(p);
          }
        }
      }
    }
  }

  int port() {
    return port;
  }

  String password() {
    return password;
  }

  /** A fresh, empty database; returns its name. */
  String newDatabase() throws SQLException {
    String name = "swipe_test_" + databases.incrementAndGet();
    try (Connection c = connect("postgres");
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
    return name;
  }

  /** A store URI for {@code database} (the password in it), with extra options. */
  String uri(String database, String options) {
    return "postgresql://127.0.0.1:"
        + port
        + "/"
        + database
        + "?user="
        + USER
        + "&password="
        + password
        + (options.isEmpty() ? "" : "&" + options);
  }

  Connection connect(String database) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", USER);
    p.setProperty("password", password);
    p.setProperty("connectTimeout", "5");
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + database, p);
  }

  private void exec(long timeoutS, String... command) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(asUser);
    cmd.addAll(List.of(command));
    Path out = Files.createTempFile("swipe-pg-cmd", ".log");
    try {
      Process p =
          new ProcessBuilder(cmd)
              .directory(base.toFile())
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .start();
      if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new IOException(String.join(" ", command) + " did not end in " + timeoutS + " s");
      }
      if (p.exitValue() != 0) {
        throw new IOException(
            String.join(" ", command)
                + " failed ("
                + p.exitValue()
                + "): "
                + Files.readString(out));
      }
    } finally {
      Files.deleteIfExists(out);
    }
  }

  private static String log(Path run) {
    try {
      return Files.readString(run.resolve("postgres.log"));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static boolean isRoot() throws IOException {
    return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
  }

  static Path findBinaries() {
    String env = System.getenv("SWIPE_PG_BIN");
    List<Path> dirs = new ArrayList<>();
    if (env != null && !env.isBlank()) {
      dirs.add(Path.of(env));
    }
    Path debian = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(debian)) {
      try (Stream<Path> versions = Files.list(debian)) {
        versions
            .filter(v -> v.getFileName().toString().matches("\\d+"))
            .sorted(
                Comparator.comparingInt((Path v) -> Integer.parseInt(v.getFileName().toString()))
                    .reversed())
            .forEach(v -> dirs.add(v.resolve("bin")));
      } catch (IOException ignored) {
        // no Debian binaries
      }
    }
    dirs.add(Path.of("/usr/local/bin"));
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!d.isEmpty()) {
        dirs.add(Path.of(d));
      }
    }
    for (Path d : dirs) {
      if (Files.isExecutable(d.resolve("initdb")) && Files.isExecutable(d.resolve("pg_ctl"))) {
        return d;
      }
    }
    return null;
  }

  private static Path firstExecutable(String name, List<String> dirs) {
    for (String d : dirs) {
      Path p = Path.of(d, name);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }
}

package dev.swipe.bench.memory;

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
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A real PostgreSQL for a benchmark, started the way swipe-memory-postgresql's tests start theirs
 * ({@code PostgresServer}): {@code initdb} into a fresh temporary directory, {@code postgres} on a
 * free port of 127.0.0.1 only, its Unix socket in that directory, stopped and deleted on {@link
 * #close()}. Unlike the tests' server it keeps PostgreSQL's durable defaults ({@code fsync}, {@code
 * synchronous_commit}): a benchmark measures the configuration a farm would run.
 *
 * <p>Binaries: {@code SWIPE_PG_BIN}, else the newest {@code /usr/lib/postgresql/N/bin}, else {@code
 * /usr/local/bin}, else the PATH. As root (PostgreSQL refuses to run as root), {@code initdb},
 * {@code pg_ctl} and the server run as {@code nobody} through {@code runuser}.
 */
public final class LocalPostgres implements AutoCloseable {
  static final String USER = "swipe";

  private static final long START_TIMEOUT_MS = 60_000;
  private final String password = "pw-" + UUID.randomUUID();
  private final Path base;
  private final Path data;
  private final Path bin;
  private final List<String> asUser;
  private int port;
  private boolean started;

  private LocalPostgres(Path bin) throws IOException {
    this.bin = bin;
    this.base = Files.createTempDirectory("swipe-pg-bench");
    this.data = base.resolve("data");
    List<String> as = List.of();
    Path run = base.resolve("run");
    Files.createDirectories(run);
    Files.createDirectories(data);
    Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwx------"));
    if (isRoot()) {
      Path runuser = firstExecutable("runuser", List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
      if (runuser == null) {
        throw new IOException("running as root, and no runuser to start PostgreSQL as nobody");
      }
      as = List.of(runuser.toString(), "-u", "nobody", "--");
      UserPrincipal nobody =
          base.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
      Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx--x--x"));
      Files.setOwner(run, nobody);
      Files.setOwner(data, nobody);
    }
    this.asUser = as;
  }

  /**
   * Initializes and starts a server.
   *
   * @param settings extra {@code -c name=value} settings, e.g. {@code shared_buffers=128MB}
   */
  /** Whether PostgreSQL's binaries are found here. */
  public static boolean installed() {
    return findBinaries() != null;
  }

  public static LocalPostgres start(List<String> settings) throws Exception {
    Path bin = findBinaries();
    if (bin == null) {
      throw new IOException(
          "PostgreSQL is not installed (initdb, pg_ctl); apt-get install postgresql, or set"
              + " SWIPE_PG_BIN");
    }
    LocalPostgres pg = new LocalPostgres(bin);
    try {
      pg.init(settings);
    } catch (Exception e) {
      pg.close();
      throw e;
    }
    return pg;
  }

  private void init(List<String> settings) throws Exception {
    Path run = base.resolve("run");
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
    StringBuilder options = new StringBuilder();
    for (String s : settings) {
      options.append(" -c ").append(s);
    }
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
                + " -c max_connections=200"
                + options,
            "start");
        started = true;
      } catch (IOException e) {
        last = e; // the port was taken between choosing and binding it: try another
      }
    }
    if (!started) {
      throw new IOException("PostgreSQL did not start", last);
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MS);
    SQLException refused = null;
    while (System.nanoTime() < deadline) {
      try (Connection c = connect("postgres")) {
        if (c.isValid(5)) {
          return;
        }
      } catch (SQLException e) {
        refused = e;
      }
      Thread.sleep(50); // polling interval, not a readiness guess
    }
    throw new IllegalStateException("PostgreSQL accepted no connection in time", refused);
  }

  /** The server's version string. */
  public String version() throws SQLException {
    try (Connection c = connect("postgres");
        Statement s = c.createStatement();
        var rs = s.executeQuery("SHOW server_version")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** Creates an empty database. */
  public void createDatabase(String name) throws SQLException {
    try (Connection c = connect("postgres");
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
  }

  /**
   * A store URI for {@code database} that reads the password from environment variable {@code env}
   * (give child processes {@link #password()} there, never on their command line).
   */
  public String uriWithPasswordEnv(String database, String env, String options) {
    return uri(database, "password_env=" + env, options);
  }

  /** The password of {@link #USER}. */
  public String password() {
    return password;
  }

  /** A store URI for {@code database} (the password in it; this process alone sees it). */
  public String uri(String database, String options) {
    return uri(database, "password=" + password, options);
  }

  private String uri(String database, String credential, String options) {
    return "postgresql://127.0.0.1:"
        + port
        + "/"
        + database
        + "?user="
        + USER
        + "&"
        + credential
        + (options.isEmpty() ? "" : "&" + options);
  }

  /** A JDBC connection to {@code database} as {@link #USER}. */
  public Connection connect(String database) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", USER);
    p.setProperty("password", password);
    p.setProperty("connectTimeout", "5");
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + database, p);
  }

  @Override
  public void close() throws IOException {
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
      try (Stream<Path> files = Files.walk(base)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  private void exec(long timeoutS, String... command) throws IOException {
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
      boolean ended;
      try {
        ended = p.waitFor(timeoutS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        p.destroyForcibly();
        throw new IOException(String.join(" ", command) + " interrupted", e);
      }
      if (!ended) {
        p.destroyForcibly();
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

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static boolean isRoot() throws IOException {
    return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
  }

  private static @Nullable Path findBinaries() {
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
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator, -1)) {
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

  private static @Nullable Path firstExecutable(String name, List<String> dirs) {
    for (String d : dirs) {
      Path p = Path.of(d, name);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }
}

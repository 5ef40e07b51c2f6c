package dev.swipe.memory.postgresql;

import dev.swipe.base.SwipeException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A parsed {@code postgresql://host[:port]/database?options} URI. The password is kept only for
 * connecting: {@link #toString()} and every message built from {@link #display()} leave it out.
 *
 * <p>Options: {@code user}, {@code password} (or {@code password_env=NAME}: read from that
 * environment variable), {@code schema} (default {@code public}; created if missing), {@code
 * pool_size} (1-64, default 4), {@code pool_wait_ms} (0-600000, default 5000), {@code
 * connect_timeout_s} (1-600, default 10), {@code lock_timeout_ms} (1-600000, default 30000) and
 * {@code sslmode} (passed to the driver). Values are percent-decoded ({@code +} is a plus sign).
 */
final class PostgresUri {
  static final String SCHEME = "postgresql";

  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+\\]");
  private static final Pattern DATABASE = Pattern.compile("[A-Za-z0-9_.$-]{1,63}");
  private static final Pattern SCHEMA = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
  private static final Pattern SSLMODE =
      Pattern.compile("disable|allow|prefer|require|verify-ca|verify-full");

  final String host;
  final int port;
  final String database;
  final String user;
  private final @Nullable String password;
  final String schema;
  final int poolSize;
  final int poolWaitMs;
  final int connectTimeoutS;
  final int lockTimeoutMs;
  final @Nullable String sslmode;

  private PostgresUri(
      String host,
      int port,
      String database,
      String user,
      @Nullable String password,
      String schema,
      int poolSize,
      int poolWaitMs,
      int connectTimeoutS,
      int lockTimeoutMs,
      @Nullable String sslmode) {
    this.host = host;
    this.port = port;
    this.database = database;
    this.user = user;
    this.password = password;
    this.schema = schema;
    this.poolSize = poolSize;
    this.poolWaitMs = poolWaitMs;
    this.connectTimeoutS = connectTimeoutS;
    this.lockTimeoutMs = lockTimeoutMs;
    this.sslmode = sslmode;
  }

  /**
   * Parses a URI; {@code invalid_argument} (field {@code uri}) names what is wrong, never the
   * password.
   */
  static PostgresUri parse(String uri) {
    return parse(uri, System.getenv());
  }

  static PostgresUri parse(String uri, Map<String, String> env) {
    if (uri == null) {
      throw bad("is required");
    }
    String u = uri.strip();
    String prefix = SCHEME + "://";
    if (!u.regionMatches(true, 0, prefix, 0, prefix.length())) {
      throw bad("must look like postgresql://host:port/database?user=...&password=...");
    }
    String rest = u.substring(prefix.length());
    String query = "";
    int q = rest.indexOf('?');
    if (q >= 0) {
      query = rest.substring(q + 1);
      rest = rest.substring(0, q);
    }
    int slash = rest.indexOf('/');
    if (slash < 0) {
      throw bad("names no database: postgresql://host:port/database");
    }
    String authority = rest.substring(0, slash);
    String db = decode(rest.substring(slash + 1), "database");
    if (authority.contains("@")) {
      throw bad("give the user and password as ?user=...&password=..., not before the host");
    }
    String host = authority;
    int port = 5432;
    int colon = authority.lastIndexOf(':');
    if (colon >= 0 && colon > authority.lastIndexOf(']')) {
      host = authority.substring(0, colon);
      port = intOption("port", authority.substring(colon + 1), 1, 65535);
    }
    if (host.isEmpty()) {
      host = "localhost";
    }
    if (!HOST.matcher(host).matches()) {
      throw bad("host '" + host + "' is not a host name or address");
    }
    if (!DATABASE.matcher(db).matches()) {
      throw bad("database '" + db + "' must be 1-63 letters, digits, '_', '.', '$' or '-'");
    }
    String user = null;
    String password = null;
    String passwordEnv = null;
    String schema = "public";
    int poolSize = 4;
    int poolWaitMs = 5000;
    int connectTimeoutS = 10;
    int lockTimeoutMs = 30_000;
    String sslmode = null;
    for (String pair : query.split("&", -1)) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String k = (eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT);
      String raw = eq < 0 ? "" : pair.substring(eq + 1);
      switch (k) {
        case "user" -> user = decode(raw, k);
        case "password" -> password = decode(raw, k);
        case "password_env" -> passwordEnv = decode(raw, k);
        case "schema" -> schema = decode(raw, k);
        case "pool_size" -> poolSize = intOption(k, raw, 1, 64);
        case "pool_wait_ms" -> poolWaitMs = intOption(k, raw, 0, 600_000);
        case "connect_timeout_s" -> connectTimeoutS = intOption(k, raw, 1, 600);
        case "lock_timeout_ms" -> lockTimeoutMs = intOption(k, raw, 1, 600_000);
        case "sslmode" -> sslmode = decode(raw, k);
        default ->
            throw bad(
                "has an unknown option '"
                    + (k.length() > 40 ? k.substring(0, 40) + "..." : k)
                    + "' (known: user, password, password_env, schema, pool_size,"
                    + " pool_wait_ms, connect_timeout_s, lock_timeout_ms, sslmode)");
      }
    }
    if (user == null || user.isEmpty()) {
      throw bad("names no user: add ?user=NAME");
    }
    if (passwordEnv != null) {
      if (password != null) {
        throw bad("gives both password and password_env; give one");
      }
      password = env.get(passwordEnv);
      if (password == null) {
        throw bad(
            "password_env names the environment variable " + passwordEnv + ", which is not set");
      }
    }
    if (!SCHEMA.matcher(schema).matches()) {
      throw bad("schema '" + schema + "' must be a plain identifier (letters, digits, '_')");
    }
    if (sslmode != null && !SSLMODE.matcher(sslmode).matches()) {
      throw bad(
          "sslmode '"
              + sslmode
              + "' must be disable, allow, prefer, require, verify-ca or verify-full");
    }
    return new PostgresUri(
        host,
        port,
        db,
        user,
        password,
        schema,
        poolSize,
        poolWaitMs,
        connectTimeoutS,
        lockTimeoutMs,
        sslmode);
  }

  /** The JDBC URL, without user or password (those go in {@link #properties()}). */
  String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database;
  }

  /** Connection properties for the driver, password included. */
  Properties properties() {
    Properties p = new Properties();
    p.setProperty("user", user);
    if (password != null) {
      p.setProperty("password", password);
    }
    p.setProperty("currentSchema", schema);
    p.setProperty("connectTimeout", Integer.toString(connectTimeoutS));
    p.setProperty("loginTimeout", Integer.toString(connectTimeoutS));
    p.setProperty("ApplicationName", "swipe-memory");
    p.setProperty("tcpKeepAlive", "true");
    if (sslmode != null) {
      p.setProperty("sslmode", sslmode);
    }
    return p;
  }

  /** The URI as shown in messages and {@code toString}: no password, ever. */
  String display() {
    StringBuilder sb =
        new StringBuilder(SCHEME).append("://").append(host).append(':').append(port);
    sb.append('/').append(database).append("?user=").append(user);
    if (!schema.equals("public")) {
      sb.append("&schema=").append(schema);
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return display();
  }

  private static SwipeException bad(String why) {
    return SwipeException.invalidArgument("uri", "postgresql memory store URI " + why);
  }

  private static int intOption(String name, String raw, int min, int max) {
    try {
      int v = Integer.parseInt(raw);
      if (v < min || v > max) {
        throw bad(name + " must be " + min + "-" + max + ", was " + v);
      }
      return v;
    } catch (NumberFormatException e) {
      throw bad(name + " must be an integer" + (raw.length() <= 20 ? ", was '" + raw + "'" : ""));
    }
  }

  /** Percent-decoding as in a URI ({@code +} stays a plus sign); the value is never echoed. */
  static String decode(String s, String field) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%') {
        int hi = i + 1 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
        int lo = i + 2 < s.length() ? Character.digit(s.charAt(i + 2), 16) : -1;
        if (hi < 0 || lo < 0) {
          throw bad(field + " has a malformed %-escape");
        }
        out.write(hi * 16 + lo);
        i += 2;
      } else {
        byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
          b = s.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
          i++;
        }
        out.write(b, 0, b.length);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}

package dev.swipe.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The files a trace names (screenshots, golden diffs, videos), as the report may use them: a trace
 * is data, possibly edited or made by someone else, so a name is only followed when it is a
 * relative path to a regular file inside the trace directory (after links are resolved) of at most
 * a size bound. Anything else, an absolute path, {@code ../}, a link leaving the directory, a URL
 * ({@code javascript:}, {@code https:}), a device such as {@code /dev/zero}, a FIFO, a directory or
 * a huge file, is skipped with its reason, never opened. Each name is checked once; the skipped
 * ones are listed in the order they were met.
 */
final class TraceFiles {
  /** A URI scheme at the start of a name: {@code javascript:}, {@code https:}, {@code data:}. */
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

  private static final int MAX_NAME = 1024;

  /** A name that was not followed, where the trace named it, and why. */
  record Skipped(String name, String where, String reason) {}

  /**
   * The outcome of a check.
   *
   * @param file the real path to use, or null when skipped
   * @param reason why it was skipped, or null
   */
  record Checked(@Nullable Path file, @Nullable String reason) {
    boolean ok() {
      return file != null;
    }

    /** The real path, when {@link #ok()}. */
    Path path() {
      return Objects.requireNonNull(file, "the file was skipped");
    }

    /** Why the file was skipped ("" when it was not). */
    String why() {
      return reason == null ? "" : reason;
    }
  }

  private final Path dir;
  private final @Nullable Path realDir;
  private final @Nullable String dirProblem;
  private final Map<String, Checked> checked = new LinkedHashMap<>();
  private final Set<Skipped> skipped = new LinkedHashSet<>();

  TraceFiles(Path dir) {
    this.dir = dir;
    Path real = null;
    String problem = null;
    try {
      real = dir.toRealPath();
    } catch (IOException e) {
      problem = "the trace directory cannot be resolved: " + e.getMessage();
    }
    this.realDir = real;
    this.dirProblem = problem;
  }

  /**
   * Whether the report may use the file {@code name}: its real path, or why not (then it is listed
   * as skipped, once per name and place).
   *
   * @param where where the trace names it, for the list (e.g. {@code step #3 after})
   * @param maxBytes the largest file accepted
   */
  Checked check(String name, String where, long maxBytes) {
    Checked c =
        checked.computeIfAbsent(
            String.valueOf(name) + "\n" + maxBytes, k -> examine(name, maxBytes));
    if (!c.ok()) {
      skipped.add(new Skipped(abbreviate(name), where, c.why()));
    }
    return c;
  }

  /** What was skipped so far, in order. */
  List<Skipped> skipped() {
    return List.copyOf(skipped);
  }

  /**
   * The bytes of a file {@link #check} accepted, read up to {@code maxBytes}; null when it grew
   * past that since (it is not read further).
   */
  static byte @Nullable [] read(Path file, long maxBytes) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
      return b.length > maxBytes ? null : b;
    }
  }

  /**
   * A relative link to a checked name: each segment percent-encoded (all but {@code A-Z a-z 0-9 - .
   * _ ~}), so a link can never read as a scheme, a host or a query.
   */
  static String link(String name) {
    StringBuilder b = new StringBuilder();
    for (Path segment : Path.of(name)) {
      if (b.length() > 0) {
        b.append('/');
      }
      for (byte x : segment.toString().getBytes(StandardCharsets.UTF_8)) {
        char c = (char) (x & 0xFF);
        if ((c >= 'A' && c <= 'Z')
            || (c >= 'a' && c <= 'z')
            || (c >= '0' && c <= '9')
            || c == '-'
            || c == '.'
            || c == '_'
            || c == '~') {
          b.append(c);
        } else {
          b.append('%').append(String.format("%02X", x & 0xFF));
        }
      }
    }
    return b.toString();
  }

  private Checked examine(String name, long maxBytes) {
    @Nullable Path[] real = new Path[1];
    String reason = refusal(name, maxBytes, real);
    return reason == null ? new Checked(real[0], null) : new Checked(null, reason);
  }

  /** Why {@code name} may not be used, or null with its real path in {@code real[0]}. */
  private @Nullable String refusal(String name, long maxBytes, @Nullable Path[] real) {
    if (name == null || name.isBlank()) {
      return "no file name";
    }
    Path base = realDir;
    if (dirProblem != null || base == null) {
      return dirProblem == null ? "the trace directory cannot be resolved" : dirProblem;
    }
    if (name.length() > MAX_NAME) {
      return "a name of more than " + MAX_NAME + " characters";
    }
    if (SCHEME.matcher(name).find()) {
      return "a URL, not a file of the trace";
    }
    if (name.startsWith("/") || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0) {
      return "an absolute path, not a file of the trace";
    }
    Path p;
    try {
      p = Path.of(name);
    } catch (InvalidPathException e) {
      return "not a file name";
    }
    if (p.isAbsolute()) {
      return "an absolute path, not a file of the trace";
    }
    for (Path segment : p) {
      if (segment.toString().equals("..")) {
        return "a path leaving the trace directory (..)";
      }
    }
    Path r;
    try {
      r = base.resolve(p).toRealPath();
    } catch (NoSuchFileException e) {
      return "missing from the trace directory";
    } catch (IOException | SecurityException e) {
      return "cannot be resolved: " + e.getMessage();
    }
    if (!r.startsWith(base)) {
      return "a link leaving the trace directory";
    }
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(r, BasicFileAttributes.class);
    } catch (IOException | SecurityException e) {
      return "cannot be read: " + e.getMessage();
    }
    if (!a.isRegularFile()) {
      return "not a regular file (a directory, device or FIFO)";
    }
    if (a.size() > maxBytes) {
      return "larger than the " + maxBytes + " bytes the report reads (" + a.size() + " bytes)";
    }
    real[0] = r;
    return null;
  }

  private static String abbreviate(String s) {
    if (s == null) {
      return "";
    }
    return s.length() <= 200 ? s : s.substring(0, 197) + "...";
  }

  @Override
  public String toString() {
    return "TraceFiles[" + dir + "]";
  }
}

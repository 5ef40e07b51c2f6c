package dev.swipe.core.trace;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The trace format and its reader. A trace directory holds {@link #FILE}, one JSON object per line
 * and per action, and the screenshots in {@link #SHOTS}. Every record has {@code seq} (a whole
 * number), {@code action} and {@code t_ms}; most have {@code run}, and a step's sub-steps have
 * {@code parent}. What an action adds ({@code goal}, {@code outcome}, {@code decision}, {@code
 * cost}, {@code error}, {@code evidence}, {@code before}/{@code after} screenshots, the planned and
 * actual timeline) is described in docs/reports.md. The device that writes a trace, the HTML report
 * and the video recorder name its files by these constants.
 *
 * <p>The reader turns a trace into {@link TraceRecord}s, keeping what is readable: a malformed
 * line, a record without the basic fields or a truncated last line (a killed process) is skipped
 * and reported, never fatal, and so is a line longer than {@link #MAX_LINE_CHARS} (no record the
 * writer makes comes near it; a crafted trace must not make the reader hold gigabytes). A trace
 * that stopped early ends with a {@link #STOPPED} record ({@link Trace#stopReason()}).
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class TraceReader {
  /** The trace file's name inside the trace directory. */
  public static final String FILE = "trace.jsonl";

  /** Where screenshots go, relative to the trace directory. */
  public static final String SHOTS = "shots";

  /**
   * A video beside a trace has a sidecar: the same name with this suffix, holding its start on the
   * device clock, so a report can link each step to its moment in the video.
   */
  public static final String VIDEO_SIDECAR_SUFFIX = ".json";

  /** The default disk budget of a trace directory: 512 MiB. */
  public static final long DEFAULT_MAX_BYTES = 512L * 1024 * 1024;

  /** The action name of the record that ends a stopped trace. */
  public static final String STOPPED = "trace_stopped";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> FIELDS = new TypeReference<>() {};

  /** The longest line read as a record, in characters: 1 MiB. */
  public static final int MAX_LINE_CHARS = 1 << 20;

  /** A line that could not be used, and why. */
  public record Skipped(int line, String reason) {}

  /** The readable records and the skipped lines. */
  public record Trace(Path directory, List<TraceRecord> records, List<Skipped> skipped) {
    /** Copies the lists. */
    public Trace {
      records = List.copyOf(records);
      skipped = List.copyOf(skipped);
    }

    /** Why the writer stopped before the run ended, if it did. */
    public java.util.Optional<String> stopReason() {
      return records.stream()
          .filter(r -> STOPPED.equals(r.action()))
          .map(r -> r.text("reason").orElse(""))
          .findFirst();
    }
  }

  private TraceReader() {}

  /**
   * Reads {@code dir/trace.jsonl}.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code trace}) when there is no trace
   */
  public static Trace read(Path dir) {
    Path file = dir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "trace: no " + FILE + " in " + dir,
          Map.of("field", "trace", "path", dir.toString()),
          null);
    }
    List<TraceRecord> records = new ArrayList<>();
    List<Skipped> skipped = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      StringBuilder buf = new StringBuilder();
      int n = 0;
      while (true) {
        long length = readLine(in, buf);
        if (length < 0) {
          break;
        }
        n++;
        if (length > MAX_LINE_CHARS) {
          skipped.add(new Skipped(n, "line of " + length + " characters, over " + MAX_LINE_CHARS));
          continue;
        }
        String line = buf.toString();
        if (line.isBlank()) {
          continue;
        }
        try {
          JsonNode node = JSON.readTree(line);
          if (!(node instanceof ObjectNode o)
              || !o.path("seq").canConvertToLong()
              || !o.path("seq").isIntegralNumber()
              || !o.path("action").isTextual()) {
            skipped.add(
                new Skipped(n, "not a trace record (needs a whole-number seq and an action name)"));
            continue;
          }
          if (o.has("t_ms") && !o.path("t_ms").isNumber()) {
            skipped.add(new Skipped(n, "t_ms is not a number"));
            continue;
          }
          records.add(
              new TraceRecord(
                  o.path("seq").asLong(),
                  o.path("action").asText(),
                  o.path("t_ms").asDouble(),
                  JSON.convertValue(o, FIELDS)));
        } catch (IOException e) {
          skipped.add(new Skipped(n, "malformed or truncated JSON: " + firstLine(e.getMessage())));
        }
      }
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "trace: cannot read " + file + ": " + e.getMessage(),
          Map.of("field", "trace", "path", file.toString()),
          e);
    }
    return new Trace(dir, records, skipped);
  }

  /**
   * Reads one line into {@code buf} (without its terminator), keeping at most {@link
   * #MAX_LINE_CHARS} + 1 characters of it and skipping the rest.
   *
   * @return the line's whole length, or -1 at the end of the input
   */
  static long readLine(java.io.Reader in, StringBuilder buf) throws IOException {
    buf.setLength(0);
    long length = 0;
    int c = in.read();
    if (c < 0) {
      return -1;
    }
    while (c >= 0 && c != '\n') {
      if (c != '\r') {
        if (length <= MAX_LINE_CHARS) {
          buf.append((char) c);
        }
        length++;
      }
      c = in.read();
    }
    return length;
  }

  private static String firstLine(@Nullable String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}

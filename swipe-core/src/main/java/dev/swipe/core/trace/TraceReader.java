package dev.swipe.core.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.SwipeException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a trace written by {@link TraceWriter}, keeping what is readable: a malformed line, a
 * record without the basic fields or a truncated last line (a killed process) is skipped and
 * reported, never fatal. A trace that stopped early ends with a {@code trace_stopped} record
 * ({@link Trace#stopReason()}).
 */
public final class TraceReader {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A line that could not be used, and why. */
  public record Skipped(int line, String reason) {}

  /** The readable records and the skipped lines. */
  public record Trace(Path directory, List<ObjectNode> records, List<Skipped> skipped) {
    /** Copies the lists. */
    public Trace {
      records = List.copyOf(records);
      skipped = List.copyOf(skipped);
    }

    /** Why the writer stopped before the run ended, if it did. */
    public java.util.Optional<String> stopReason() {
      return records.stream()
          .filter(r -> TraceWriter.STOPPED.equals(r.path("action").asText()))
          .map(r -> r.path("reason").asText())
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
    Path file = dir.resolve(TraceWriter.FILE);
    if (!Files.isRegularFile(file)) {
      throw new SwipeException(
          ErrorCode.INVALID_ARGUMENT,
          "trace: no " + TraceWriter.FILE + " in " + dir,
          Map.of("field", "trace", "path", dir.toString()),
          null);
    }
    List<ObjectNode> records = new ArrayList<>();
    List<Skipped> skipped = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int n = 0;
      while ((line = in.readLine()) != null) {
        n++;
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
          records.add(o);
        } catch (IOException e) {
          skipped.add(new Skipped(n, "malformed or truncated JSON: " + firstLine(e.getMessage())));
        }
      }
    } catch (IOException e) {
      throw new SwipeException(
          ErrorCode.INVALID_ARGUMENT,
          "trace: cannot read " + file + ": " + e.getMessage(),
          Map.of("field", "trace", "path", file.toString()),
          e);
    }
    return new Trace(dir, records, skipped);
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}

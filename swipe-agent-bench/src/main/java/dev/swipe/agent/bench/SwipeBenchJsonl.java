package dev.swipe.agent.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes SwipeBench's JSON Lines format: one object per line, {@code {"img_filename":
 * ..., "action_data": {"action": "swipe", "bbox": [x1, y1, x2, y2], "instruction": ..., "start":
 * [x, y], "end": [x, y], "duration": 0.3, "direction": "left"}}}.
 *
 * <p><b>Duration units.</b> The format says seconds (0.3), but published files also carry
 * milliseconds (300). The rule: a value {@code d} with {@code 0 < d < 10} is seconds; a value with
 * {@code 50 <= d <= 60000} is milliseconds; anything else is refused. Values in {@code [10, 50)}
 * are ambiguous on purpose: 10-50 seconds is no swipe, and 10-50 milliseconds is faster than a
 * person swipes or a HID link can carry a gesture, so guessing would silently corrupt the record.
 * Durations are held in milliseconds (rounded) and written back as seconds, the documented unit,
 * below 10 s, and as milliseconds from 10 s on, so that every written value reads back the same.
 *
 * <p>Blank lines are skipped; unknown fields are ignored (published files carry extras). Every
 * refusal is a {@code SwipeException} {@code invalid_argument} whose details name the line and
 * field.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class SwipeBenchJsonl {
  /** Below this a duration is read as seconds. */
  public static final double SECONDS_BELOW = 10;

  /** From this on a duration is read as milliseconds. */
  public static final double MILLISECONDS_FROM = 50;

  private static final ObjectMapper JSON = JsonMapper.builder().build();

  private SwipeBenchJsonl() {}

  /** Reads every record; fails on the first bad line, naming it. */
  public static List<SwipeBenchRecord> read(Reader in) {
    List<SwipeBenchRecord> out = new ArrayList<>();
    BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in);
    int lineNo = 0;
    try {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        lineNo++;
        if (!line.isBlank()) {
          out.add(parseLine(line, lineNo));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Parses one line (line number 1). */
  public static SwipeBenchRecord parse(String line) {
    return parseLine(line, 1);
  }

  /** Writes records, one per line, with durations in seconds (milliseconds from 10 s on). */
  public static void write(List<SwipeBenchRecord> records, Writer out) {
    try {
      for (SwipeBenchRecord rec : records) {
        out.write(format(rec));
        out.write('\n');
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One record as a JSON line (without the newline). */
  public static String format(SwipeBenchRecord rec) {
    ObjectNode o = JSON.createObjectNode();
    o.put("img_filename", rec.imgFilename());
    ObjectNode a = o.putObject("action_data");
    a.put("action", "swipe");
    ArrayNode bbox = a.putArray("bbox");
    bbox.add(rec.bbox().x()).add(rec.bbox().y()).add(rec.bbox().x2()).add(rec.bbox().y2());
    a.put("instruction", rec.instruction());
    a.putArray("start").add(rec.start().x()).add(rec.start().y());
    a.putArray("end").add(rec.end().x()).add(rec.end().y());
    if (rec.durationMs() < SECONDS_BELOW * 1000) {
      a.put("duration", rec.durationMs() / 1000.0);
    } else {
      a.put("duration", rec.durationMs());
    }
    a.put("direction", rec.direction().id());
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new SwipeException(
          CommonCode.INTERNAL, "cannot write a SwipeBench record: " + e.getOriginalMessage());
    }
  }

  /**
   * Normalizes a file's duration value to milliseconds by the rule above.
   *
   * @throws SwipeException {@code invalid_argument} for non-finite, non-positive, ambiguous or too
   *     long values
   */
  public static int durationMs(double d) {
    if (!Double.isFinite(d) || d <= 0) {
      throw SwipeException.invalidArgument(
          "duration", "must be a positive number of seconds (0.3) or milliseconds (300), was " + d);
    }
    long ms;
    if (d < SECONDS_BELOW) {
      ms = Math.round(d * 1000);
    } else if (d >= MILLISECONDS_FROM) {
      ms = Math.round(d);
    } else {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "duration: "
              + d
              + " is ambiguous: below "
              + (int) SECONDS_BELOW
              + " is read as seconds, from "
              + (int) MILLISECONDS_FROM
              + " on as milliseconds; give 0.0"
              + (int) d
              + " (seconds) or a value in ms >= 50",
          Map.of("field", "duration", "reason", "ambiguous_unit"),
          null);
    }
    if (ms < 1 || ms > SwipeBenchRecord.MAX_DURATION_MS) {
      throw SwipeException.invalidArgument("duration", "must be 1 ms .. 60 s, was " + d);
    }
    return (int) ms;
  }

  private static SwipeBenchRecord parseLine(String line, int lineNo) {
    try {
      JsonNode root;
      try {
        root = JSON.readTree(line);
      } catch (JsonProcessingException e) {
        throw SwipeException.invalidArgument("line", "is not JSON: " + e.getOriginalMessage());
      }
      if (root == null || !root.isObject()) {
        throw SwipeException.invalidArgument("line", "must be a JSON object");
      }
      JsonNode a = root.get("action_data");
      if (a == null || !a.isObject()) {
        throw SwipeException.invalidArgument("action_data", "is required and must be an object");
      }
      String action = text(a, "action", "action_data.action", true);
      if (!action.equals("swipe")) {
        throw SwipeException.invalidArgument(
            "action_data.action", "must be \"swipe\", was \"" + action + "\"");
      }
      double[] box = numbers(a, "bbox", 4);
      NormRegion bbox = NormRegion.fromCorners(box[0], box[1], box[2], box[3]);
      double[] s = numbers(a, "start", 2);
      double[] e = numbers(a, "end", 2);
      JsonNode d = a.get("duration");
      if (d == null || !d.isNumber()) {
        throw SwipeException.invalidArgument(
            "action_data.duration", "is required and must be a number");
      }
      int ms = durationMs(d.asDouble());
      String dir = text(a, "direction", "action_data.direction", true);
      SwipeBenchRecord.Direction direction = SwipeBenchRecord.Direction.fromId(dir);
      if (direction == null) {
        throw SwipeException.invalidArgument(
            "action_data.direction", "must be up, down, left or right, was \"" + dir + "\"");
      }
      return new SwipeBenchRecord(
          text(root, "img_filename", "img_filename", false),
          text(a, "instruction", "action_data.instruction", false),
          bbox,
          NormPoint.of(s[0], s[1]),
          NormPoint.of(e[0], e[1]),
          ms,
          direction);
    } catch (SwipeException ex) {
      Map<String, Object> details = new LinkedHashMap<>(ex.details());
      details.put("line", lineNo);
      throw new SwipeException(ex.code(), "line " + lineNo + ": " + ex.getMessage(), details, null);
    }
  }

  private static String text(JsonNode o, String name, String field, boolean required) {
    JsonNode v = o.get(name);
    if (v == null || v.isNull()) {
      if (required) {
        throw SwipeException.invalidArgument(field, "is required");
      }
      return "";
    }
    if (!v.isTextual()) {
      throw SwipeException.invalidArgument(field, "must be a string");
    }
    return v.asText();
  }

  private static double[] numbers(JsonNode a, String name, int n) {
    JsonNode v = a.get(name);
    String field = "action_data." + name;
    if (v == null || !v.isArray() || v.size() != n) {
      throw SwipeException.invalidArgument(field, "must be an array of " + n + " numbers");
    }
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      if (!v.get(i).isNumber() || !Double.isFinite(v.get(i).asDouble())) {
        throw SwipeException.invalidArgument(field + "[" + i + "]", "must be a finite number");
      }
      out[i] = v.get(i).asDouble();
    }
    return out;
  }
}

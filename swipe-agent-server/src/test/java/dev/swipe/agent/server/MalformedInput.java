package dev.swipe.agent.server;

import java.util.List;
import java.util.Random;

/**
 * Malformed JSON for the transports' property tests, drawn from a {@link Random} so a failing case
 * is reproduced from the number QuickTheories reports.
 */
final class MalformedInput {
  private MalformedInput() {}

  /** Argument objects the tools accept (or nearly), as starting points for damage. */
  static final List<String> VALID =
      List.of(
          "{\"type\":\"tap\",\"start\":{\"x\":500,\"y\":500}}",
          "{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":700},\"end\":{\"x\":500,\"y\":400},\"duration_ms\":300,\"steps\":8}",
          "{\"before\":\"shot-1\",\"after\":\"shot-1\",\"region\":{\"x\":0,\"y\":0,\"w\":100,\"h\":100}}",
          "{\"current_value\":1,\"target_value\":3,\"column_x\":500,\"center_y\":500,\"row_spacing\":40,"
              + "\"screenshot_attachment_id\":\"shot-1\"}",
          "{\"query\":\"hour picker\",\"limit\":3,\"tags\":[\"swipe\"]}",
          "{\"title\":\"[A] [B] swipe parameters\",\"content\":\"c\",\"priority\":5}",
          "{\"point_2d\":[500,500]}",
          "{}");

  /** Tools the bodies are sent to. */
  static final List<String> TOOLS =
      List.of(
          "touch_gesture",
          "image_diff",
          "wheel_nudge",
          "recall_memory",
          "save_memory",
          "tap",
          "sim_state",
          "drag",
          "type_text",
          "scroll");

  private static final String[] NUMBERS = {
    "1e999999",
    "-1e400",
    "1e2147483648",
    "-1e-2147483649",
    "1E+999999999999",
    "123456789012345678901234567890",
    "0e99999999999",
    "-0",
    "1.0e+",
    "01",
    ".5",
    "1e",
    "NaN",
    "Infinity",
    "-",
    "+1",
    "0x10",
    "1_000",
    "2e1001",
    "4.9e-325",
    "1.7976931348623159e308",
    "9223372036854775808",
    "-9223372036854775809",
    "1e-400"
  };

  /** Number literals that are legal JSON, most of them out of every field's range. */
  private static final String[] LEGAL_NUMBERS = {
    "1e999999", "-1e400", "1e2147483648", "-1e-2147483649", "123456789012345678901234567890",
        "0e99999999999", "-0",
    "2e1001", "4.9e-325", "1e-400", "9223372036854775808", "1.7976931348623159e308", "0.5", "-3"
  };

  /** One malformed (or merely odd) JSON text. */
  static String body(Random r) {
    String valid = VALID.get(r.nextInt(VALID.size()));
    return switch (r.nextInt(10)) {
      case 0 -> randomText(r, r.nextInt(200));
      case 1 -> replaceANumber(r, valid);
      case 2 -> valid.substring(0, r.nextInt(valid.length()));
      case 3 -> deep(r);
      case 4 -> randomJson(r, 4);
      case 5 -> valid.replaceFirst("\\{", "{\"x\":1,\"x\":2,");
      case 6 -> mutate(r, valid);
      case 7 -> valid.replaceFirst("\"[a-z_]+\"", "\"" + oddString(r) + "\"");
      case 8 ->
          List.of("1", "\"text\"", "[]", "[{}]", "true", "null", "", " ", "{}{}", "{} x")
              .get(r.nextInt(10));
      default ->
          "{\"" + "k".repeat(r.nextInt(3) + 1) + "\":" + NUMBERS[r.nextInt(NUMBERS.length)] + "}";
    };
  }

  private static String replaceANumber(Random r, String valid) {
    String n = NUMBERS[r.nextInt(NUMBERS.length)];
    String replaced = valid.replaceFirst("(?<=:)-?[0-9]+(\\.[0-9]+)?", n);
    return replaced.equals(valid)
        ? valid.replaceFirst("\\{", "{\"priority\":" + n + ",")
        : replaced;
  }

  private static String deep(Random r) {
    int depth = 50 + r.nextInt(20_000);
    return r.nextBoolean()
        ? "[".repeat(depth) + "]".repeat(depth)
        : "{\"a\":".repeat(depth) + "1" + "}".repeat(r.nextInt(depth + 1));
  }

  private static final String INSERTS = "{}[]:,\"\\e0-+.x \u0000\u00e9";

  private static String mutate(Random r, String s) {
    StringBuilder b = new StringBuilder(s);
    int edits = 1 + r.nextInt(4);
    for (int i = 0; i < edits && b.length() > 0; i++) {
      int at = r.nextInt(b.length());
      switch (r.nextInt(3)) {
        case 0 -> b.deleteCharAt(at);
        case 1 -> b.insert(at, INSERTS.charAt(r.nextInt(INSERTS.length())));
        default -> b.setCharAt(at, (char) (32 + r.nextInt(95)));
      }
    }
    return b.toString();
  }

  private static String oddString(Random r) {
    return switch (r.nextInt(5)) {
      case 0 -> "\\ud800";
      case 1 -> "\\u12";
      case 2 -> "\\q";
      case 3 -> "a\u0001b";
      default -> "x".repeat(r.nextInt(5000));
    };
  }

  private static final String TEXT = "{}[]\":,0123456789.eE+-truefalsnl \\";

  private static String randomText(Random r, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(
          r.nextInt(4) == 0 ? (char) r.nextInt(0x3000) : TEXT.charAt(r.nextInt(TEXT.length())));
    }
    return b.toString();
  }

  /** Well-formed JSON of any shape: right syntax, wrong everything else. */
  static String randomJson(Random r, int depth) {
    int kind = depth <= 0 ? r.nextInt(5) : r.nextInt(7);
    return switch (kind) {
      case 0 -> "null";
      case 1 -> Boolean.toString(r.nextBoolean());
      case 2 ->
          r.nextBoolean()
              ? Long.toString(r.nextLong())
              : LEGAL_NUMBERS[r.nextInt(LEGAL_NUMBERS.length)];
      case 3 -> "\"" + "s".repeat(r.nextInt(10)) + "\"";
      case 4 -> "\"shot-" + r.nextInt(5) + "\"";
      case 5 -> {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0, n = r.nextInt(4); i < n; i++) {
          b.append(i == 0 ? "" : ",").append(randomJson(r, depth - 1));
        }
        yield b.append(']').toString();
      }
      default -> {
        StringBuilder b = new StringBuilder("{");
        String[] keys = {
          "type",
          "start",
          "end",
          "x",
          "y",
          "before",
          "after",
          "query",
          "title",
          "content",
          "steps",
          "duration_ms",
          "region",
          "w",
          "h",
          "point_2d",
          "text"
        };
        for (int i = 0, n = r.nextInt(5); i < n; i++) {
          b.append(i == 0 ? "" : ",")
              .append('"')
              .append(keys[r.nextInt(keys.length)])
              .append(r.nextInt(4) == 0 ? "_x" : "")
              .append("\":")
              .append(randomJson(r, depth - 1));
        }
        yield b.append('}').toString();
      }
    };
  }
}

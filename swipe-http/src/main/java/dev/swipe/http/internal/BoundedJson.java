package dev.swipe.http.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads untrusted JSON (HTTP bodies, MCP lines, argument text) into a tree with bounds a client
 * cannot push past: nesting depth, digits in a number, a number's exponent, characters in a string.
 * Every refusal is a {@link Refusal} with a stable code that names where in the document it
 * happened, never a parser exception or a Java class name; each endpoint words it in its own error
 * shape. The caller bounds the input's size. Decimals are read exactly ({@code BigDecimal}).
 *
 * <p>Codes: {@code invalid_argument} (not JSON, a key given twice, a number no double can come
 * near), {@code json_too_deep}, {@code json_number_too_long}, {@code json_string_too_long}.
 */
public final class BoundedJson {
  /** Deepest nesting of arrays and objects; the tools' arguments need 3. */
  public static final int MAX_DEPTH = 64;

  /** Most characters in one number literal. */
  public static final int MAX_NUMBER_CHARS = 1000;

  /** Largest decimal exponent kept; beyond it no double is near (doubles stop at about 1e308). */
  public static final int MAX_EXPONENT = 1000;

  /** Most characters in one string: room for a base64 screenshot in a 16 MiB body, and more. */
  public static final int MAX_STRING_CHARS = 64 * 1024 * 1024;

  private static final JsonFactory FACTORY = factory(MAX_STRING_CHARS);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private BoundedJson() {}

  /**
   * A refused document: the message starts with the field (a path such as {@code start.x} under the
   * caller's root name), and the details carry {@code field} and the bound or the location.
   */
  public static final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final Code code;
    private final transient Map<String, Object> details;

    Refusal(Code code, String message, Map<String, Object> details) {
      super(message, null, false, false);
      this.code = code;
      this.details = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /** Why. */
    public Code code() {
      return code;
    }

    /**
     * The field ({@code field}) and the bound passed or where the text broke ({@code line}, {@code
     * column}).
     */
    public Map<String, Object> details() {
      return details;
    }

    /** The field the refusal names. */
    public String field() {
      return String.valueOf(details.get("field"));
    }
  }

  /**
   * A document read in full. A number out of range does not stop the reading, so a protocol can
   * still answer the request it belongs to.
   *
   * @param value the tree, with null where the out-of-range number stood
   * @param numberProblem the first number out of range, or null
   */
  public record Parsed(JsonNode value, @Nullable Refusal numberProblem) {}

  /** Whether a body holds nothing but JSON white space (an empty body means no arguments). */
  public static boolean isBlank(byte[] body) {
    for (byte b : body) {
      if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
        return false;
      }
    }
    return true;
  }

  /** Reads one JSON value; any problem, an out-of-range number included, is thrown. */
  public static JsonNode read(String text, String root) {
    Parsed p = parse(text, root);
    if (p.numberProblem() != null) {
      throw p.numberProblem();
    }
    return p.value();
  }

  /** Reads one JSON value from UTF-8 (or UTF-16/32) bytes; any problem is thrown. */
  public static JsonNode read(byte[] bytes, String root) {
    Parsed p = parse(bytes, root);
    if (p.numberProblem() != null) {
      throw p.numberProblem();
    }
    return p.value();
  }

  /**
   * Reads one JSON value; numbers out of range are reported in the result, other problems thrown.
   */
  public static Parsed parse(byte[] bytes, String root) {
    try (JsonParser p = FACTORY.createParser(bytes)) {
      return new Reader(p, root, MAX_STRING_CHARS).document();
    } catch (IOException e) {
      throw syntax(root, e);
    }
  }

  /** As {@link #parse(byte[], String)}, from text. */
  public static Parsed parse(String text, String root) {
    try (JsonParser p = FACTORY.createParser(text)) {
      return new Reader(p, root, MAX_STRING_CHARS).document();
    } catch (IOException e) {
      throw syntax(root, e);
    }
  }

  /**
   * As {@link #parse(String, String)} with another string bound (tests reach it without 64 MiB
   * strings).
   */
  public static Parsed parse(String text, String root, int maxStringChars) {
    try (JsonParser p = factory(maxStringChars).createParser(text)) {
      return new Reader(p, root, maxStringChars).document();
    } catch (IOException e) {
      throw syntax(root, e);
    }
  }

  private static JsonFactory factory(int maxStringChars) {
    return new JsonFactoryBuilder()
        .streamReadConstraints(
            StreamReadConstraints.builder()
                // our own depth check answers first; the parser's is a second fence
                .maxNestingDepth(MAX_DEPTH + 1)
                .maxNumberLength(MAX_NUMBER_CHARS)
                .maxStringLength(maxStringChars)
                .build())
        .build();
  }

  /** One pass over the tokens, tracking where it is for error messages. */
  private static final class Reader {
    private final JsonParser p;
    private final String root;
    private final int maxStringChars;
    private @Nullable Refusal numberProblem;

    Reader(JsonParser p, String root, int maxStringChars) {
      this.p = p;
      this.root = root;
      this.maxStringChars = maxStringChars;
    }

    Parsed document() throws IOException {
      JsonToken t = next("");
      if (t == null) {
        throw failure(
            CommonCode.INVALID_ARGUMENT, root, root + ": is empty; send one JSON value", Map.of());
      }
      JsonNode v = value(t, "", 0);
      if (next("") != null) {
        throw failure(
            CommonCode.INVALID_ARGUMENT,
            root,
            root + ": has more after the JSON value; send exactly one",
            location());
      }
      return new Parsed(v, numberProblem);
    }

    private JsonToken next(String path) throws IOException {
      try {
        return p.nextToken();
      } catch (StreamConstraintsException e) {
        throw limit(e, path);
      }
    }

    private JsonNode value(JsonToken t, String path, int depth) throws IOException {
      try {
        return valueOf(t, path, depth);
      } catch (StreamConstraintsException e) {
        throw limit(e, path); // strings are read when asked for, so their bound trips here
      }
    }

    private JsonNode valueOf(JsonToken t, String path, int depth) throws IOException {
      switch (t) {
        case START_OBJECT -> {
          checkDepth(path, depth + 1);
          ObjectNode o = NODES.objectNode();
          for (JsonToken k = next(path); k != JsonToken.END_OBJECT; k = next(path)) {
            if (k != JsonToken.FIELD_NAME) {
              throw failure(
                  CommonCode.INVALID_ARGUMENT,
                  name(path),
                  name(path) + ": is not valid JSON",
                  location());
            }
            String key = p.currentName();
            String child = path.isEmpty() ? key : path + "." + key;
            if (o.has(key)) {
              throw failure(
                  CommonCode.INVALID_ARGUMENT,
                  abbreviate(child),
                  abbreviate(child) + ": is given twice",
                  location());
            }
            JsonToken vt = next(child);
            o.set(key, value(vt, child, depth + 1));
          }
          return o;
        }
        case START_ARRAY -> {
          checkDepth(path, depth + 1);
          ArrayNode a = NODES.arrayNode();
          int i = 0;
          for (JsonToken e = next(path); e != JsonToken.END_ARRAY; e = next(path)) {
            a.add(value(e, path + "[" + i + "]", depth + 1));
            i++;
          }
          return a;
        }
        case VALUE_STRING -> {
          return NODES.textNode(p.getText());
        }
        case VALUE_NUMBER_INT -> {
          return switch (p.getNumberType()) {
            case INT -> NODES.numberNode(p.getIntValue());
            case LONG -> NODES.numberNode(p.getLongValue());
            default -> NODES.numberNode(p.getBigIntegerValue());
          };
        }
        case VALUE_NUMBER_FLOAT -> {
          return decimal(path);
        }
        case VALUE_TRUE -> {
          return NODES.booleanNode(true);
        }
        case VALUE_FALSE -> {
          return NODES.booleanNode(false);
        }
        case VALUE_NULL -> {
          return NODES.nullNode();
        }
        default ->
            throw failure(
                CommonCode.INVALID_ARGUMENT,
                name(path),
                name(path) + ": is not valid JSON",
                location());
      }
    }

    /**
     * A decimal literal, or null (with the problem noted) when its exponent is beyond {@link
     * #MAX_EXPONENT}: such a number is legal JSON but no field can use it, and arithmetic on it
     * could run for minutes.
     */
    private JsonNode decimal(String path) throws IOException {
      String text = p.getText();
      BigDecimal d;
      try {
        d = new BigDecimal(text);
      } catch (NumberFormatException e) {
        d = null; // an exponent beyond what any decimal can hold
      }
      if (d == null || Math.abs((long) d.precision() - d.scale() - 1) > MAX_EXPONENT) {
        if (numberProblem == null) {
          String field = name(path);
          numberProblem =
              failure(
                  CommonCode.INVALID_ARGUMENT,
                  field,
                  field
                      + ": the number "
                      + abbreviate(text)
                      + " is out of range (exponents beyond "
                      + MAX_EXPONENT
                      + " are refused)",
                  Map.of());
        }
        return NODES.nullNode();
      }
      return NODES.numberNode(d);
    }

    private void checkDepth(String path, int depth) {
      if (depth > MAX_DEPTH) {
        throw failure(
            ServerCode.JSON_TOO_DEEP,
            name(path),
            name(path) + ": nests deeper than " + MAX_DEPTH + " arrays and objects",
            Map.of("max_depth", MAX_DEPTH));
      }
    }

    private Refusal limit(StreamConstraintsException e, String path) {
      String m = String.valueOf(e.getOriginalMessage());
      // the parser reads a value together with its name, so its own context knows better where it
      // is
      String at = pathOf(p.getParsingContext());
      String field = name(at.length() > path.length() ? at : path);
      if (m.startsWith("Number value length")) {
        return failure(
            ServerCode.JSON_NUMBER_TOO_LONG,
            field,
            field + ": a number has more than " + MAX_NUMBER_CHARS + " characters",
            Map.of("max_chars", MAX_NUMBER_CHARS));
      }
      if (m.startsWith("String value length") || m.startsWith("Name length")) {
        return failure(
            ServerCode.JSON_STRING_TOO_LONG,
            field,
            field + ": a string has more than " + maxStringChars + " characters",
            Map.of("max_chars", maxStringChars));
      }
      return failure(
          ServerCode.JSON_TOO_DEEP,
          field,
          field + ": nests deeper than " + MAX_DEPTH + " arrays and objects",
          Map.of("max_depth", MAX_DEPTH));
    }

    /** The path of a parser context in this class's notation ({@code start.x}, {@code via[1]}). */
    private static String pathOf(JsonStreamContext c) {
      StringBuilder b = new StringBuilder();
      java.util.ArrayDeque<JsonStreamContext> chain = new java.util.ArrayDeque<>();
      for (JsonStreamContext x = c; x != null && !x.inRoot(); x = x.getParent()) {
        chain.push(x);
      }
      for (JsonStreamContext x : chain) {
        if (x.inArray()) {
          b.append('[').append(Math.max(0, x.getCurrentIndex())).append(']');
        } else if (x.getCurrentName() != null) {
          b.append(b.length() == 0 ? "" : ".").append(x.getCurrentName());
        }
      }
      return b.toString();
    }

    private Map<String, Object> location() {
      return locationOf(p.currentLocation());
    }

    private String name(String path) {
      return path.isEmpty() ? root : abbreviate(path);
    }
  }

  private static Refusal syntax(String root, IOException e) {
    String reason = e instanceof JsonProcessingException j ? readable(j.getOriginalMessage()) : "";
    Map<String, Object> details =
        e instanceof JsonProcessingException j ? locationOf(j.getLocation()) : Map.of();
    return failure(
        CommonCode.INVALID_ARGUMENT,
        root,
        root
            + ": is not valid JSON"
            + (reason.isEmpty() ? "" : ": " + reason)
            + (details.isEmpty()
                ? ""
                : " (line " + details.get("line") + ", column " + details.get("column") + ")"),
        details);
  }

  private static Map<String, Object> locationOf(JsonLocation at) {
    if (at == null || at.getLineNr() < 1) {
      return Map.of();
    }
    return Map.of("line", at.getLineNr(), "column", at.getColumnNr());
  }

  private static Refusal failure(Code code, String field, String message, Map<String, ?> extra) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("field", field);
    details.putAll(extra);
    return new Refusal(code, message, details);
  }

  /**
   * The parser's own words when they read as plain English (they usually do: "Unexpected
   * end-of-input"); dropped when they name Java types or configuration.
   */
  private static String readable(String m) {
    if (m == null) {
      return "";
    }
    String s = m.strip();
    int nl = s.indexOf('\n');
    if (nl >= 0) {
      s = s.substring(0, nl).strip();
    }
    if (s.contains("java.")
        || s.contains("com.fasterxml")
        || s.contains("`")
        || s.contains("Exception")) {
      return "";
    }
    return abbreviate(s);
  }

  private static String abbreviate(String s) {
    return s.length() <= 120 ? s : s.substring(0, 117) + "...";
  }
}

package dev.swipe.agent.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.agent.AgentErrorCode;
import dev.swipe.http.internal.BoundedJson;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Untrusted JSON (HTTP bodies, MCP lines, argument text) read with {@link BoundedJson}'s bounds,
 * its refusals turned into {@link ToolFailure}s with the same codes ({@code invalid_argument} is
 * core's, the {@code json_*} codes are {@link AgentErrorCode}s).
 */
public final class JsonInput {
  /** Deepest nesting of arrays and objects; the tools' arguments need 3. */
  public static final int MAX_DEPTH = BoundedJson.MAX_DEPTH;

  /** Most characters in one number literal. */
  public static final int MAX_NUMBER_CHARS = BoundedJson.MAX_NUMBER_CHARS;

  private JsonInput() {}

  /**
   * A document read in full; see {@link BoundedJson.Parsed}.
   *
   * @param value the tree, with null where the out-of-range number stood
   * @param numberProblem the first number out of range, or null
   */
  public record Parsed(JsonNode value, @Nullable ToolFailure numberProblem) {}

  /** Reads one JSON value; any problem, an out-of-range number included, is thrown. */
  public static JsonNode read(String text, String root) {
    try {
      return BoundedJson.read(text, root);
    } catch (BoundedJson.Refusal r) {
      throw failure(r);
    }
  }

  /** Reads one JSON value from UTF-8 (or UTF-16/32) bytes; any problem is thrown. */
  public static JsonNode read(byte[] bytes, String root) {
    try {
      return BoundedJson.read(bytes, root);
    } catch (BoundedJson.Refusal r) {
      throw failure(r);
    }
  }

  /**
   * Reads one JSON value; numbers out of range are reported in the result, other problems thrown.
   */
  public static Parsed parse(byte[] bytes, String root) {
    try {
      return parsed(BoundedJson.parse(bytes, root));
    } catch (BoundedJson.Refusal r) {
      throw failure(r);
    }
  }

  /**
   * As {@link #parse(byte[], String)} with another string bound (tests reach it without 64 MiB
   * strings).
   */
  public static Parsed parse(String text, String root, int maxStringChars) {
    try {
      return parsed(BoundedJson.parse(text, root, maxStringChars));
    } catch (BoundedJson.Refusal r) {
      throw failure(r);
    }
  }

  private static Parsed parsed(BoundedJson.Parsed p) {
    return new Parsed(p.value(), p.numberProblem() == null ? null : failure(p.numberProblem()));
  }

  private static ToolFailure failure(BoundedJson.Refusal r) {
    return ToolFailure.withCode(
        r.code().id(), Objects.requireNonNullElse(r.getMessage(), r.code().id()), r.details());
  }
}

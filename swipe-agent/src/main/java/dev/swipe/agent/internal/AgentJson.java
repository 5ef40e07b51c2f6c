package dev.swipe.agent.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * The agent layer's JSON: one strict mapper, result text and error results, shared by the tools and
 * the servers that carry them so both write the same bytes.
 */
public final class AgentJson {
  /** The JSON mapper of the agent layer: strict (duplicate keys, no NaN literals). */
  public static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .build();

  static {
    JSON.getFactory()
        .setStreamReadConstraints(
            StreamReadConstraints.builder()
                .maxNestingDepth(64)
                .maxStringLength(32 * 1024 * 1024)
                .build());
  }

  /** The media type of every image a tool returns. */
  public static final String JPEG = "image/jpeg";

  private AgentJson() {}

  /** {@code n} as JSON text; an internal error result if it cannot be written. */
  public static String toText(JsonNode n) {
    try {
      return JSON.writeValueAsString(n);
    } catch (JsonProcessingException e) {
      return "{\"error\":{\"code\":\"internal\",\"message\":\"result could not be written\",\"details\":{}}}";
    }
  }

  /** An error result: {@code {"error": {"code", "message", "details"}}}. */
  public static ObjectNode error(String code, String message, Map<String, ?> details) {
    ObjectNode out = JSON.createObjectNode();
    ObjectNode e = out.putObject("error");
    e.put("code", code);
    e.put("message", message == null ? code : message);
    ObjectNode d = e.putObject("details");
    if (details != null) {
      for (Map.Entry<String, ?> en : details.entrySet()) {
        try {
          d.set(en.getKey(), JSON.valueToTree(en.getValue()));
        } catch (RuntimeException ex) {
          d.put(en.getKey(), String.valueOf(en.getValue()));
        }
      }
    }
    return out;
  }
}

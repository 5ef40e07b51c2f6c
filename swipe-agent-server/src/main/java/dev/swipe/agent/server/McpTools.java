package dev.swipe.agent.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolListing;
import dev.swipe.agent.ToolSpec;
import dev.swipe.agent.internal.AgentJson;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What both MCP servers (stdio and Streamable HTTP) say alike: the tools with their schemas and
 * annotations, the server's name and instructions, and how a dispatcher result becomes an MCP tool
 * result. Only where a call goes differs: one run for stdio, the session's run over HTTP.
 */
final class McpTools {
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  static final String NAME = "swipe";

  static final String INSTRUCTIONS =
      "Operate a real phone through a HID finger and judge everything from screenshots."
          + " Coordinates are normalized 0-1000. Take a screenshot first; every action returns the settled"
          + " screen after it, labelled with a screenshot_attachment_id for image_diff and wheel_nudge.";

  /** Where a tool call goes: the exchange names the MCP session it came in. */
  interface Call {
    ObjectNode call(McpSyncServerExchange exchange, String tool, JsonNode arguments);
  }

  private McpTools() {}

  /** The server's version: the jar's, or {@code dev} when run from classes. */
  static String version() {
    String v = McpTools.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  /**
   * The tools of {@code catalog}, listed as {@code listing} says, each call handed to {@code call}.
   * Each tool carries its MCP annotations either way, so a host can run read-only tools without
   * asking; compact listings leave the output schema out (results are the same, read without it).
   */
  static List<McpServerFeatures.SyncToolSpecification> specs(
      ToolDispatcher catalog, ToolListing listing, Call call) {
    List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
    for (ToolSpec spec : catalog.specs(listing)) {
      ToolSpec.Hints h = spec.hints();
      McpSchema.Tool.Builder tb =
          McpSchema.Tool.builder(spec.name(), AgentJson.JSON.convertValue(spec.inputSchema(), MAP))
              .description(spec.description())
              .annotations(
                  McpSchema.ToolAnnotations.builder()
                      .readOnlyHint(h.readOnly())
                      .destructiveHint(h.destructive())
                      .idempotentHint(h.idempotent())
                      .openWorldHint(h.openWorld())
                      .build());
      if (listing == ToolListing.FULL) {
        tb.outputSchema(AgentJson.JSON.convertValue(spec.outputSchema(), MAP));
      }
      String name = spec.name();
      specs.add(
          McpServerFeatures.SyncToolSpecification.builder()
              .tool(tb.build())
              .callHandler(
                  (exchange, request) ->
                      toMcpResult(
                          call.call(
                              exchange, name, AgentJson.JSON.valueToTree(request.arguments()))))
              .build());
    }
    return specs;
  }

  /**
   * Turns a dispatcher result into an MCP tool result: errors as {@code isError} with the error
   * object as text; a screenshot's base64 moved into image content with the id in text; the rest as
   * structured content and as JSON text.
   */
  static McpSchema.CallToolResult toMcpResult(ObjectNode result) {
    if (ToolDispatcher.isError(result)) {
      return McpSchema.CallToolResult.builder()
          .isError(true)
          .addTextContent(AgentJson.toText(result))
          .build();
    }
    ObjectNode structured = result.deepCopy();
    JsonNode image = structured.remove("image");
    McpSchema.CallToolResult.Builder b = McpSchema.CallToolResult.builder().isError(false);
    if (image != null && structured.has("screenshot_attachment_id")) {
      b.addTextContent(
          "screenshot_attachment_id: "
              + structured.get("screenshot_attachment_id").asText()
              + " ("
              + structured.path("width").asInt()
              + "x"
              + structured.path("height").asInt()
              + (structured.has("image_width")
                  ? ", sent as "
                      + structured.path("image_width").asInt()
                      + "x"
                      + structured.path("image_height").asInt()
                  : "")
              + (structured.path("settled").asBoolean() ? ", settled" : ", not settled")
              + ")");
      b.addContent(McpSchema.ImageContent.builder(image.asText(), AgentJson.JPEG).build());
    }
    b.addTextContent(AgentJson.toText(structured));
    b.structuredContent(AgentJson.JSON.convertValue(structured, MAP));
    return b.build();
  }
}

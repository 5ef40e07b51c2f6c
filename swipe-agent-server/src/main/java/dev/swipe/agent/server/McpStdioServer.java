package dev.swipe.agent.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolListing;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * The agent tools as a Model Context Protocol server over stdio (MCP Java SDK): tools are listed
 * with their input and output schemas; a screenshot (and every HID action's post-action screenshot)
 * comes back as MCP image content plus a text block naming its {@code screenshot_attachment_id};
 * failures come back as {@code isError} results whose text is the {@code {error: {...}}} object.
 *
 * <p>The output stream is the protocol channel: nothing else may write to it. The CLI redirects
 * {@code System.out} to stderr before starting the server.
 *
 * <p>No line can stop the server: each one that is not a JSON-RPC message it can handle is answered
 * with a JSON-RPC error (parse error {@code -32700} with id null, invalid request {@code -32600},
 * invalid params {@code -32602}; {@code data.code} gives a snake_case reason) and the next line is
 * read. JSON is read with bounds (nesting depth, number and string length, a line of at most 4
 * MiB). The server reads until its input ends.
 *
 * <p>Every request is answered whatever the order of messages: {@code ping} at any time, any other
 * request before {@code notifications/initialized} (but {@code initialize}) with {@code -32600}
 * {@code not_initialized}, so a client never waits on a request the session would hold. An unknown
 * tool is an {@code isError} result with {@code unknown_tool}, as on every front end.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class McpStdioServer implements AutoCloseable {
  private final McpSyncServer server;
  private final McpLineTransport transport;

  private McpStdioServer(McpSyncServer server, McpLineTransport transport) {
    this.server = server;
    this.transport = transport;
  }

  /**
   * Starts serving {@code tools} on a stdio pair.
   *
   * @param tools the run's tools
   * @param in where requests arrive (usually {@code System.in})
   * @param out the protocol channel (usually the process's real stdout)
   */
  public static McpStdioServer start(ToolDispatcher tools, InputStream in, OutputStream out) {
    return start(tools, ToolListing.FULL, in, out);
  }

  /**
   * Starts serving {@code tools} on a stdio pair, listed as {@code listing} says: {@link
   * ToolListing#COMPACT} for models with little context. Each tool carries its MCP annotations
   * ({@code readOnlyHint}, {@code destructiveHint}, {@code idempotentHint}, {@code openWorldHint})
   * either way, so a host can run read-only tools without asking.
   *
   * @param tools the run's tools
   * @param listing full or compact descriptions and schemas
   * @param in where requests arrive (usually {@code System.in})
   * @param out the protocol channel (usually the process's real stdout)
   */
  public static McpStdioServer start(
      ToolDispatcher tools, ToolListing listing, InputStream in, OutputStream out) {
    SwipeException.requireArgument(tools, "tools");
    SwipeException.requireArgument(listing, "listing");
    JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(AgentJson.JSON.copy());
    McpLineTransport transport =
        new McpLineTransport(
            mapper,
            in,
            out,
            name ->
                tools.spec(name).isPresent()
                    ? null
                    : McpTools.toMcpResult(tools.call(name, (JsonNode) null)));
    McpSyncServer server =
        McpServer.sync(transport)
            .serverInfo(McpTools.NAME, McpTools.version())
            .instructions(McpTools.INSTRUCTIONS)
            .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
            // the dispatcher validates arguments itself, so errors carry the same codes on every
            // front end
            .validateToolInputs(false)
            .tools(McpTools.specs(tools, listing, (exchange, name, args) -> tools.call(name, args)))
            .build();
    transport.start();
    return new McpStdioServer(server, transport);
  }

  /** Blocks until the client closes the input (end of the session) or the timeout passes. */
  public boolean awaitInputClosed(long timeout, TimeUnit unit) throws InterruptedException {
    return transport.awaitInputClosed(timeout, unit);
  }

  /** Blocks until the client closes the input. */
  public void awaitInputClosed() throws InterruptedException {
    transport.awaitInputClosed();
  }

  /**
   * Stops the server once every request read so far has been answered (a client that pipes requests
   * and closes its end at once still gets its answers); a call still running after five minutes is
   * abandoned. The streams, the run and the phone belong to the caller.
   */
  @Override
  public void close() {
    try {
      transport.awaitAnswered(5, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    server.closeGracefully();
  }
}

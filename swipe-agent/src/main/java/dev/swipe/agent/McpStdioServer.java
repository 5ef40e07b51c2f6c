package dev.swipe.agent;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;

/**
 * The agent tools as a Model Context Protocol server over stdio (MCP Java SDK): tools are listed
 * with their input and output schemas; a screenshot (and every HID action's post-action screenshot)
 * comes back as MCP image content plus a text block naming its {@code screenshot_attachment_id};
 * failures come back as {@code isError} results whose text is the {@code {error: {...}}} object.
 *
 * <p>The output stream is the protocol channel: nothing else may write to it. The CLI redirects
 * {@code System.out} to stderr before starting the server.
 */
public final class McpStdioServer implements AutoCloseable {
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final McpSyncServer server;
  private final CountDownLatch inputClosed;
  private final Phaser inFlight;
  private final AtomicLong lastOutputNanos;
  private final CountDownLatch drained;

  private McpStdioServer(McpSyncServer server, CountDownLatch inputClosed, CountDownLatch drained, Phaser inFlight,
      AtomicLong lastOutputNanos) {
    this.server = server;
    this.drained = drained;
    this.inputClosed = inputClosed;
    this.inFlight = inFlight;
    this.lastOutputNanos = lastOutputNanos;
  }

  /**
   * Starts serving {@code tools} on a stdio pair.
   *
   * @param tools the run's tools
   * @param in where requests arrive (usually {@code System.in})
   * @param out the protocol channel (usually the process's real stdout)
   */
  public static McpStdioServer start(ToolDispatcher tools, InputStream in, OutputStream out) {
    CountDownLatch closed = new CountDownLatch(1);
    CountDownLatch drained = new CountDownLatch(1);
    InputStream watched = new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        return eof(super.read());
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return eof(super.read(b, off, len));
      }

      /** At the end of input, holds the SDK's reader back until the answers are out (see close). */
      private int eof(int n) throws IOException {
        if (n < 0) {
          closed.countDown();
          try {
            drained.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted at the end of input");
          }
        }
        return n;
      }

      @Override
      public void close() throws IOException {
        closed.countDown();
        drained.countDown();
        super.close();
      }
    };
    AtomicLong lastOutput = new AtomicLong(System.nanoTime());
    OutputStream timed = new FilterOutputStream(out) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        lastOutput.set(System.nanoTime());
      }

      @Override
      public void write(int b) throws IOException {
        out.write(b);
        lastOutput.set(System.nanoTime());
      }
    };
    JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(ToolDispatcher.JSON.copy());
    StdioServerTransportProvider transport = new StdioServerTransportProvider(mapper, watched, timed);
    // the server itself is one party; each running tool call registers while it runs
    Phaser inFlight = new Phaser(1);
    List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
    for (ToolSpec spec : tools.specs()) {
      McpSchema.Tool tool = McpSchema.Tool.builder(spec.name(), ToolDispatcher.JSON.convertValue(spec.inputSchema(), MAP))
          .description(spec.description())
          .outputSchema(ToolDispatcher.JSON.convertValue(spec.outputSchema(), MAP))
          .build();
      specs.add(McpServerFeatures.SyncToolSpecification.builder()
          .tool(tool)
          .callHandler((exchange, request) -> {
            inFlight.register();
            try {
              return toMcpResult(tools.call(spec.name(), ToolDispatcher.JSON.valueToTree(request.arguments())));
            } finally {
              inFlight.arriveAndDeregister();
            }
          })
          .build());
    }
    McpSyncServer server = McpServer.sync(transport)
        .serverInfo("swipe", McpStdioServer.class.getPackage().getImplementationVersion() == null
            ? "dev" : McpStdioServer.class.getPackage().getImplementationVersion())
        .instructions("Operate a real phone through a HID finger and judge everything from screenshots."
            + " Coordinates are normalized 0-1000. Take a screenshot first; every action returns the settled"
            + " screen after it, labelled with a screenshot_attachment_id for image_diff and wheel_nudge.")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        // the dispatcher validates arguments itself, so errors carry the same codes on every front end
        .validateToolInputs(false)
        .tools(specs)
        .build();
    return new McpStdioServer(server, closed, drained, inFlight, lastOutput);
  }

  /**
   * Turns a dispatcher result into an MCP tool result: errors as {@code isError} with the error
   * object as text; a screenshot's base64 moved into image content with the id in text; the rest
   * as structured content and as JSON text.
   */
  static McpSchema.CallToolResult toMcpResult(ObjectNode result) {
    if (ToolDispatcher.isError(result)) {
      return McpSchema.CallToolResult.builder()
          .isError(true)
          .addTextContent(ToolDispatcher.toText(result))
          .build();
    }
    ObjectNode structured = result.deepCopy();
    JsonNode image = structured.remove("image");
    McpSchema.CallToolResult.Builder b = McpSchema.CallToolResult.builder().isError(false);
    if (image != null && structured.has("screenshot_attachment_id")) {
      b.addTextContent("screenshot_attachment_id: " + structured.get("screenshot_attachment_id").asText()
          + " (" + structured.path("width").asInt() + "x" + structured.path("height").asInt()
          + (structured.path("settled").asBoolean() ? ", settled" : ", not settled") + ")");
      b.addContent(McpSchema.ImageContent.builder(image.asText(), Results.JPEG).build());
    }
    b.addTextContent(ToolDispatcher.toText(structured));
    b.structuredContent(ToolDispatcher.JSON.convertValue(structured, MAP));
    return b.build();
  }

  /** Blocks until the client closes the input (end of the session) or the timeout passes. */
  public boolean awaitInputClosed(long timeout, TimeUnit unit) throws InterruptedException {
    return inputClosed.await(timeout, unit);
  }

  /** Blocks until the client closes the input. */
  public void awaitInputClosed() throws InterruptedException {
    inputClosed.await();
  }

  /**
   * Stops the server once the requests that arrived before the input closed have been answered:
   * no tool call is running and the output has been quiet for {@value #QUIET_MS} ms (a client that
   * pipes requests and closes its end at once still gets its answers). The run and the phone
   * belong to the caller.
   */
  @Override
  public void close() {
    try {
      quiet();
      inFlight.awaitAdvanceInterruptibly(inFlight.arrive(), 5, TimeUnit.MINUTES);
      quiet();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (TimeoutException e) {
      // a call that hangs longer than that is abandoned
    }
    drained.countDown();
    server.closeGracefully();
  }

  private static final long QUIET_MS = 300;

  private void quiet() throws InterruptedException {
    long start = System.nanoTime();
    while (System.nanoTime() - Math.max(lastOutputNanos.get(), start) < QUIET_MS * 1_000_000L) {
      Thread.sleep(50);
    }
  }
}

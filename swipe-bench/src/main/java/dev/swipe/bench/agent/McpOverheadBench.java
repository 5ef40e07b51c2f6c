package dev.swipe.bench.agent;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.server.McpHttpServer;
import dev.swipe.agent.server.McpStdioServer;
import dev.swipe.core.Device;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What MCP adds to a tool call, over stdio and over Streamable HTTP on loopback, against the same
 * call on the dispatcher in process (the competing path: no protocol at all).
 *
 * <p>Two tools, each path called in turn round after round so they share the machine's noise: a
 * screenshot returned again by its id with {@code image: none} (almost no work of its own, so the
 * time is the path's), and a fresh screenshot of the simulator (real work: capture and settle).
 * HTTP is measured twice: with the MCP Java SDK's client (what a Java agent uses) and with a bare
 * {@code java.net.http} client posting the JSON-RPC request and reading the event stream (the
 * server's share alone). Stdio runs the server on in-process pipes with a bare line client.
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.agent.McpOverheadBench
 * [calls per path] [warm-up calls]} (defaults 2000, 300). Prints Markdown tables.
 */
public final class McpOverheadBench {
  private static final ObjectMapper M = new ObjectMapper();
  private static final String ACCEPT = "application/json, text/event-stream";
  private static final TypeReference<Map<String, Object>> ARGS = new TypeReference<>() {};

  private McpOverheadBench() {}

  /** One way to make a call, timed from the caller's side. */
  private interface Path {
    JsonNode call(String tool, ObjectNode args) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    int calls = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 300;
    try (Device device = Device.open("sim:?input=ideal&scale=0.5&scene=list");
        AgentRun directRun = AgentRun.builder(device).acceptInlineImages(true).build();
        AgentRun stdioRun = AgentRun.builder(device).acceptInlineImages(true).build()) {
      ToolDispatcher direct = new ToolDispatcher(directRun);

      // stdio: the server on pipes, a client that writes one line and reads one line
      PipedOutputStream toServer = new PipedOutputStream();
      PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 20);
      PipedOutputStream serverOut = new PipedOutputStream();
      PipedInputStream fromServer = new PipedInputStream(serverOut, 1 << 20);
      McpStdioServer stdio =
          McpStdioServer.start(new ToolDispatcher(stdioRun), serverIn, serverOut);
      BufferedReader stdioLines =
          new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8));
      line(toServer, initialize(1));
      stdioLines.readLine();
      line(toServer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      long[] stdioId = {100};

      McpHttpServer http =
          McpHttpServer.builder(device)
              .address(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0))
              .start();
      String url = "http://127.0.0.1:" + http.address().getPort();
      McpSyncClient sdk =
          McpClient.sync(
                  HttpClientStreamableHttpTransport.builder(url)
                      .endpoint(McpHttpServer.PATH)
                      .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                      .build())
              .requestTimeout(Duration.ofSeconds(60))
              .build();
      sdk.initialize();

      java.net.http.HttpClient bare =
          java.net.http.HttpClient.newBuilder()
              .version(java.net.http.HttpClient.Version.HTTP_1_1)
              .build();
      java.net.http.HttpResponse<String> init =
          bare.send(
              post(url, null, initialize(1)), java.net.http.HttpResponse.BodyHandlers.ofString());
      String bareSession = init.headers().firstValue("mcp-session-id").orElseThrow();
      bare.send(
          post(url, bareSession, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"),
          java.net.http.HttpResponse.BodyHandlers.discarding());
      long[] bareId = {100};

      Map<String, Path> paths = new LinkedHashMap<>();
      paths.put("dispatcher in process (no protocol)", direct::call);
      paths.put(
          "MCP stdio (in-process pipes, line client)",
          (tool, a) -> {
            line(toServer, toolCall(stdioId[0]++, tool, a));
            return M.readTree(stdioLines.readLine()).path("result").path("structuredContent");
          });
      paths.put(
          "MCP Streamable HTTP, bare java.net.http client",
          (tool, a) -> {
            String body =
                bare.send(
                        post(url, bareSession, toolCall(bareId[0]++, tool, a)),
                        java.net.http.HttpResponse.BodyHandlers.ofString())
                    .body();
            return lastEvent(body).path("result").path("structuredContent");
          });
      paths.put(
          "MCP Streamable HTTP, MCP Java SDK client",
          (tool, a) -> {
            McpSchema.CallToolResult r =
                sdk.callTool(
                    McpSchema.CallToolRequest.builder(tool)
                        .arguments(M.convertValue(a, ARGS))
                        .build());
            return M.valueToTree(r.structuredContent());
          });

      // each path's own earlier screenshot, for the call that returns it again by id
      Map<String, String> ids = new LinkedHashMap<>();
      for (Map.Entry<String, Path> p : paths.entrySet()) {
        ids.put(
            p.getKey(),
            p.getValue().call("screenshot", image()).path("screenshot_attachment_id").asText());
      }

      System.out.printf(
          Locale.ROOT,
          "%d calls per path and tool after %d warm-up calls; load before: %s%n%n",
          calls,
          warmup,
          load());
      for (String kind : List.of("by id", "fresh")) {
        Map<String, List<Double>> ms = new LinkedHashMap<>();
        paths.keySet().forEach(k -> ms.put(k, new ArrayList<>()));
        for (int i = 0; i < warmup + calls; i++) {
          for (Map.Entry<String, Path> p : paths.entrySet()) {
            ObjectNode a = image();
            if (kind.equals("by id")) {
              a.put("screenshot_attachment_id", ids.get(p.getKey()));
            }
            long t0 = System.nanoTime();
            JsonNode r = p.getValue().call("screenshot", a);
            double took = (System.nanoTime() - t0) / 1e6;
            if (!r.has("screenshot_attachment_id")) {
              throw new IllegalStateException(p.getKey() + " answered " + r);
            }
            if (i >= warmup) {
              // ms holds a list for every path
              Objects.requireNonNull(ms.get(p.getKey()), "the path's times").add(took);
            }
          }
        }
        List<Double> base =
            Objects.requireNonNull(
                ms.get("dispatcher in process (no protocol)"), "the dispatcher's times");
        System.out.printf(
            Locale.ROOT,
            "screenshot %s%n%n| path | p50 | p99 | added over the dispatcher, p50 / p99 |%n|---|---:|---:|---:|%n",
            kind.equals("by id")
                ? "returned again by id (image: none)"
                : "taken fresh (image: none)");
        for (Map.Entry<String, List<Double>> e : ms.entrySet()) {
          System.out.printf(
              Locale.ROOT,
              "| %s | %.3f ms | %.3f ms | %s |%n",
              e.getKey(),
              pct(e.getValue(), 50),
              pct(e.getValue(), 99),
              e.getValue() == base
                  ? "-"
                  : String.format(
                      Locale.ROOT,
                      "%.3f / %.3f ms",
                      pct(e.getValue(), 50) - pct(base, 50),
                      pct(e.getValue(), 99) - pct(base, 99)));
        }
        System.out.println();
      }
      System.out.printf(Locale.ROOT, "load after: %s%n", load());
      sdk.closeGracefully();
      http.close();
      toServer.close();
      stdio.close();
    }
  }

  /** Screenshot arguments asking for no image. */
  public static ObjectNode image() {
    ObjectNode a = M.createObjectNode();
    a.put("image", "none");
    return a;
  }

  /** An MCP {@code initialize} request. */
  public static String initialize(int id) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}";
  }

  /** An MCP {@code tools/call} request. */
  public static String toolCall(long id, String tool, ObjectNode args) {
    ObjectNode req = M.createObjectNode();
    req.put("jsonrpc", "2.0");
    req.put("id", id);
    req.put("method", "tools/call");
    req.putObject("params").put("name", tool).set("arguments", args);
    return req.toString();
  }

  private static void line(OutputStream out, String json) throws java.io.IOException {
    out.write((json + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  /** A POST of {@code body} to the MCP endpoint at {@code url}, in {@code session} if not null. */
  public static java.net.http.HttpRequest post(String url, @Nullable String session, String body) {
    java.net.http.HttpRequest.Builder b =
        java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + McpHttpServer.PATH))
            .header("Content-Type", "application/json")
            .header("Accept", ACCEPT)
            .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      b.header("mcp-session-id", session);
    }
    return b.build();
  }

  /** The last event of an SSE answer. */
  public static JsonNode lastEvent(String stream) throws java.io.IOException {
    JsonNode last = M.missingNode();
    for (String l : stream.lines().toList()) {
      if (l.startsWith("data:")) {
        last = M.readTree(l.substring(5).strip());
      }
    }
    return last;
  }

  private static double pct(List<Double> values, double p) {
    List<Double> s = new ArrayList<>(values);
    Collections.sort(s);
    int rank = (int) Math.ceil(p / 100.0 * s.size());
    return s.get(Math.max(0, Math.min(s.size() - 1, rank - 1)));
  }

  private static String load() {
    try {
      return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).strip();
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }
}

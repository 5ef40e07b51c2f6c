package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every MCP client configuration the docs show (an {@code mcpServers} JSON block, a Spring AI
 * {@code application.yml} block) starts the server: its command and arguments are run, with the jar
 * replaced by this build's class path and a memory file moved into a temporary folder, and an MCP
 * client lists the phone's tools. A remote server's entry (a {@code url}) is left to the test of
 * its page's section, which starts the server as that page says.
 */
class DocMcpConfigTest {
  private static final Pattern BLOCK = Pattern.compile("```(json|yaml)\\n(.*?)```", Pattern.DOTALL);

  @TempDir Path tmp;

  /** One server as a doc configures it. */
  record Server(String where, String command, List<String> args) {}

  static List<Server> servers() throws IOException {
    Path root = DocSnippetsTest.repoRoot();
    List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
    try (var docs = Files.list(root.resolve("docs"))) {
      docs.filter(f -> f.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    List<Server> out = new ArrayList<>();
    for (Path f : files) {
      Matcher m = BLOCK.matcher(Files.readString(f));
      while (m.find()) {
        String where = f.getFileName() + " (" + m.group(1) + " block)";
        if (m.group(1).equals("json") && m.group(2).contains("\"mcpServers\"")) {
          JsonNode servers = new ObjectMapper().readTree(m.group(2)).get("mcpServers");
          for (JsonNode s : servers) {
            // remote servers (a url, no command) are started and reached by the test of their
            // page's section: McpHttpNodeClientsTest for docs/agents.md's MCP over HTTP
            if (!s.has("url")) {
              out.add(server(where, s));
            }
          }
        } else if (m.group(1).equals("yaml") && m.group(2).contains("mcp:")) {
          JsonNode connections =
              new YAMLMapper().readTree(m.group(2)).at("/spring/ai/mcp/client/stdio/connections");
          assertThat(connections.isObject())
              .as(where + " has spring.ai.mcp.client.stdio.connections")
              .isTrue();
          connections.forEach(s -> out.add(server(where, s)));
        }
      }
    }
    return out;
  }

  private static Server server(String where, JsonNode s) {
    List<String> args = new ArrayList<>();
    s.get("args").forEach(a -> args.add(a.asText()));
    return new Server(where, s.get("command").asText(), args);
  }

  /** The doc's arguments with {@code -jar X.jar} as this build's class path and main class. */
  private List<String> runnable(Server s) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < s.args().size(); i++) {
      String a = s.args().get(i);
      if (a.equals("-jar")) {
        assertThat(s.args().get(i + 1)).as(s.where()).endsWith("swipe-agent.jar");
        out.addAll(
            List.of(
                "-cp",
                System.getProperty("java.class.path"),
                "dev.swipe.agent.server.SwipeAgentCli"));
        i++;
      } else if (a.startsWith("sqlite:")) {
        out.add("sqlite:" + tmp.resolve("memory.db"));
      } else {
        out.add(a);
      }
    }
    return out;
  }

  @Test
  void everyDocumentedMcpConfigurationStartsTheServer() throws Exception {
    List<Server> servers = servers();
    assertThat(servers)
        .extracting(Server::where)
        .contains("agents.md (json block)", "agents.md (yaml block)");
    for (Server s : servers) {
      assertThat(s.command()).as(s.where()).isEqualTo("java");
      List<String> args = runnable(s);
      assertThat(args).as(s.where()).contains("mcp");
      ServerParameters params =
          ServerParameters.builder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString())
              .args(args)
              .build();
      StdioClientTransport transport =
          new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
      try (McpSyncClient c =
          McpClient.sync(transport)
              .requestTimeout(Duration.ofSeconds(60))
              .initializationTimeout(Duration.ofSeconds(60))
              .build()) {
        c.initialize();
        assertThat(c.listTools().tools())
            .as(s.where())
            .extracting(McpSchema.Tool::name)
            .contains("screenshot", "set_wheel", "find_text", "finished");
      }
    }
  }
}

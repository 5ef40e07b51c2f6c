package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.memory.MemoryStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every save the MCP server acknowledged survives the server being killed with SIGKILL mid-stream,
 * again and again on the same database: what an agent host sees when it kills a hung tool server.
 */
class McpKilledServerMemoryTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final int KILLS = 3;
  private static final int ACKS_PER_LIFE = 25;

  @TempDir Path dir;

  @Test
  void acknowledgedSavesSurviveRepeatedKills() throws Exception {
    Path db = dir.resolve("memory.db");
    Set<String> acked = new LinkedHashSet<>();
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    for (int life = 0; life < KILLS; life++) {
      Process p =
          new ProcessBuilder(
                  java,
                  "-cp",
                  System.getProperty("java.class.path"),
                  SwipeAgentCli.class.getName(),
                  "mcp",
                  "--device",
                  "sim:?scale=0.2",
                  "--memory",
                  "sqlite:" + db)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      try (OutputStream in = p.getOutputStream();
          BufferedReader out =
              new BufferedReader(
                  new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        send(in, McpBadLinesTest.initialize(1));
        assertThat(out.readLine()).contains("\"id\":1");
        send(in, McpBadLinesTest.INITIALIZED);
        int id = 10;
        // keep a save in flight when the kill comes: the next request is written before the answer
        // is read
        send(in, save(id, life));
        while (true) {
          String line = out.readLine();
          assertThat(line).as("the server answers until it is killed").isNotNull();
          JsonNode answer = M.readTree(line);
          JsonNode content = answer.path("result").path("content");
          JsonNode text = content.path(content.size() - 1).path("text");
          JsonNode result = M.readTree(text.asText());
          assertThat(answer.path("result").path("isError").asBoolean(false)).as(line).isFalse();
          acked.add(result.get("id").asText());
          if (++id - 10 >= ACKS_PER_LIFE) {
            send(in, save(id, life));
            p.destroyForcibly(); // SIGKILL on Linux
            break;
          }
          send(in, save(id, life));
        }
      }
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    try (MemoryStore store = MemoryStore.open("sqlite:" + db)) {
      for (String id : acked) {
        assertThat(store.get(id)).as("acknowledged record %s", id).isPresent();
      }
    }
    assertThat(acked).hasSize(KILLS * ACKS_PER_LIFE);
  }

  private static String save(int id, int life) {
    return McpBadLinesTest.call(
        id,
        "save_memory",
        "{\"title\":\"life "
            + life
            + " save "
            + id
            + "\",\"content\":\"swipe down 35 units\",\"entities\":[\"Clock\"],\"tags\":[\"kill\"]}");
  }

  private static void send(OutputStream in, String line) throws Exception {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }
}

package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/grid.md's snippets without a Grid: both Java clients compile against the real client jars,
 * and the WebdriverIO snippet's capabilities create a session on a rig (and the script parses under
 * Node where Node is installed), and the pinch snippet zooms the simulator's map. {@link GridTest}
 * runs the Java snippets and the TOML.
 */
@Timeout(120)
class DocsSnippetsTest {
  @Test
  void theJavaSnippetsCompile(@TempDir Path dir) throws Exception {
    assertThat(
            SnippetCompiler.compile(Docs.block("java", "public class AppiumOnGrid"), dir).getName())
        .isEqualTo("AppiumOnGrid");
    assertThat(
            SnippetCompiler.compile(Docs.block("java", "public class SeleniumOnGrid"), dir)
                .getName())
        .isEqualTo("SeleniumOnGrid");
  }

  @Test
  @Timeout(300)
  void theClassPathCommandsResolveTheGridTheTestsRun(@TempDir Path dir) throws Exception {
    Path mvn = findOnPath("mvn");
    org.junit.jupiter.api.Assumptions.assumeTrue(mvn != null, "no mvn on the PATH");
    Files.createDirectories(dir.resolve("grid"));
    Files.writeString(dir.resolve("grid/pom.xml"), Docs.block("xml", "<artifactId>selenium-grid"));
    String commands = Docs.block("", "dependency:build-classpath");
    // offline first: resolved from the local repository alone; CI (SWIPE_REQUIRE_TOOLS=1), whose
    // build downloads from Maven Central anyway, then runs the commands as written
    String offline = Docs.replaceAll(commands, "mvn -q ", "mvn -o -q ");
    String[] run = buildClasspath(offline, dir);
    if (!run[0].equals("0") && run[1].contains("has not been downloaded from it before")) {
      org.junit.jupiter.api.Assumptions.assumeTrue(
          "1".equals(System.getenv("SWIPE_REQUIRE_TOOLS")),
          "offline, and Grid's own dependency versions (not the project's managed ones) are not in"
              + " the local repository: "
              + run[1]);
      run = buildClasspath(commands, dir);
    }
    String printed = run[1];
    assertThat(run[0]).as(printed).isEqualTo("0");
    java.util.function.Function<String, java.util.Set<String>> jars =
        cp ->
            java.util.Arrays.stream(cp.strip().split(java.io.File.pathSeparator))
                .map(e -> Path.of(e).getFileName().toString())
                .collect(java.util.stream.Collectors.toSet());
    assertThat(jars.apply(printed))
        .as("the page's class path is the one the Grid tests run")
        .contains("selenium-grid-4.41.0.jar")
        .isEqualTo(jars.apply(ChildJvm.gridClasspath()));
  }

  /** Runs {@code commands} in {@code dir}: its exit status and what it printed, class path last. */
  private static String[] buildClasspath(String commands, Path dir) throws Exception {
    Process p =
        new ProcessBuilder("bash", "-ec", commands + "printf '%s' \"$GRID_CLASSPATH\"\n")
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    String printed =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(p.waitFor(240, TimeUnit.SECONDS)).isTrue();
    return new String[] {String.valueOf(p.exitValue()), printed};
  }

  @Test
  void theAppiumHabitsSnippetRunsOnARigAndThePageSourceLooksAsShown(@TempDir Path dir)
      throws Exception {
    Class<?> habits = SnippetCompiler.compile(Docs.block("java", "public class AppiumHabits"), dir);
    String printed;
    try (SimRig rig = SimRig.start("sim:?scene=list&scale=0.5", true, true, b -> b)) {
      java.io.PrintStream out = System.out;
      java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
      System.setOut(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
      try {
        SnippetCompiler.run(habits, rig.uri().toString());
      } finally {
        System.setOut(out);
      }
      printed = buf.toString(java.nio.charset.StandardCharsets.UTF_8);
      assertThat(rig.phone.oracle().state().visibleListRows())
          .isNotEmpty()
          .allMatch(row -> row.toLowerCase(java.util.Locale.ROOT).contains("chen"));
      assertThat(new W3cHttp(rig.uri()).get("/sessions").value().size())
          .as("the snippet quits")
          .isZero();
    }
    assertThat(printed).contains("the rig ignores []"); // UiAutomator2Options asks for no more
    String shown = Docs.block("xml", "<hierarchy").stripIndent();
    assertThat(printed).contains(shown.substring(0, shown.indexOf("<hierarchy")));
    java.util.regex.Matcher root =
        java.util.regex.Pattern.compile("<hierarchy source=\"ocr\" width=\"\\d+\" height=\"\\d+\">")
            .matcher(printed);
    assertThat(root.find()).as(printed).isTrue();
    java.util.regex.Pattern line =
        java.util.regex.Pattern.compile(
            "  <text text=\"([^\"]+)\" bounds=\"\\[\\d+,\\d+\\]\\[\\d+,\\d+\\]\" confidence=\"\\d\\.\\d\\d\"/>");
    assertThat(line.matcher(printed).find()).as(printed).isTrue();
    java.util.regex.Matcher example = line.matcher(shown);
    assertThat(example.find()).as(shown).isTrue();
    assertThat(dev.swipe.sim.SimOracle.listContacts()).contains(example.group(1));
  }

  @Test
  void thePinchSnippetZoomsTheMapInThenOutOnARig(@TempDir Path dir) throws Exception {
    Class<?> pinch = SnippetCompiler.compile(Docs.block("java", "public class PinchOnARig"), dir);
    try (SimRig rig = SimRig.start("sim:?scene=map&scale=0.5&pointer=touch", b -> b)) {
      SnippetCompiler.run(pinch, rig.uri().toString());
      // in three times (50 px apart to 150), out 3.5 times (40 thousandths of the width apart
      // to 40 + 0.2 x 500, the reverse)
      assertThat(rig.phone.oracle().awaitRest(java.time.Duration.ofSeconds(10)).mapZoom())
          .isCloseTo(3 / 3.5, org.assertj.core.api.Assertions.within(0.09));
      assertThat(new W3cHttp(rig.uri()).get("/sessions").value().size())
          .as("the snippet quits")
          .isZero();
    }
  }

  @Test
  void theWebdriverIoCapabilitiesCreateASessionOnARig(@TempDir Path dir) throws Exception {
    String js = Docs.block("js", "webdriverio");
    int start = js.indexOf("capabilities: {");
    assertThat(start).isNotNegative();
    int open = js.indexOf('{', start);
    int depth = 0;
    int end = open;
    for (; end < js.length(); end++) {
      depth += js.charAt(end) == '{' ? 1 : js.charAt(end) == '}' ? -1 : 0;
      if (depth == 0) {
        break;
      }
    }
    JsonNode caps = W3cHttp.JSON.readTree(js.substring(open, end + 1));
    assertThat(caps.get("appium:automationName").asText()).isEqualTo("Swipe");
    assertThat(js).contains("port: 4444").contains("path: '/'").contains("pointerType: 'touch'");
    try (SimRig rig =
        SimRig.start("sim:?scale=0.25", b -> b.rigName(caps.get("swipe:rig").asText()))) {
      W3cHttp.Answer a =
          new W3cHttp(rig.uri())
              .post("/session", "{\"capabilities\":{\"alwaysMatch\":" + caps + "}}");
      assertThat(a.status()).as(a.json().toString()).isEqualTo(200);
      assertThat(a.value().get("capabilities").get("swipe:rig").asText())
          .isEqualTo(caps.get("swipe:rig").asText());
    }
    Path node = findOnPath("node");
    if (node != null) {
      Path script = dir.resolve("grid-snippet.mjs");
      Files.writeString(script, js);
      Process p =
          new ProcessBuilder(node.toString(), "--check", script.toString())
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes());
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as("node --check: " + out).isZero();
    }
  }

  private static Path findOnPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      Path p = Paths.get(dir, name);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }
}

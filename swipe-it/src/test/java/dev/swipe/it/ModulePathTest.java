package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The published modules work on the module path, not only on the class path every other test uses:
 * a host module that requires only {@code dev.swipe.core} is compiled against them and run in its
 * own JVM with every published module and its dependencies on the module path. {@code sim:} is then
 * found only through {@code provides} in swipe-sim's module-info (a named module's
 * META-INF/services file is ignored), and core's internals are out of the host's reach.
 */
class ModulePathTest {
  private static final String MODULE_INFO =
      """
      module dev.swipe.probe {
        requires dev.swipe.core;
      }
      """;

  private static final String PROBE =
      """
      package dev.swipe.probe;

      import dev.swipe.core.ActionResult;
      import dev.swipe.core.Device;
      import dev.swipe.base.NormPoint;
      import dev.swipe.base.NormRegion;
      import dev.swipe.core.Observation;
      import dev.swipe.core.gesture.Swipe;
      import dev.swipe.text.ScreenText;
      import java.util.List;

      public final class Probe {
        public static void main(String[] args) {
          Module core = Device.class.getModule();
          System.out.println("core " + core.getName() + " named=" + core.isNamed());
          System.out.println("internal exported=" + core.isExported("dev.swipe.core.internal"));
          System.out.println("sim bound=" + ModuleLayer.boot().findModule("dev.swipe.sim").isPresent());
          try (Device phone = Device.open("sim:")) {
            Observation before = phone.screenshot();
            System.out.println("screenshot " + before.width() + "x" + before.height()
                + " jpeg=" + before.jpeg().length);
            ActionResult r = phone.swipe(Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 400)).build());
            System.out.println("swipe settled=" + r.observation().settled()
                + " changed=" + phone.screen().diff(before, r.observation(), NormRegion.of(0, 100, 1000, 800)).changed());
            List<ScreenText> text = phone.text().read(r.observation(), NormRegion.of(0, 0, 1000, 1000));
            System.out.println("text lines=" + text.size());
          }
          System.out.println("verdict ok");
        }
      }
      """;

  /**
   * JavaCPP's per-platform jars (the natives) are named modules nothing requires, so a modular host
   * adds the ones of its platform; this is the platform the build depends on.
   */
  private static final String NATIVES =
      "org.bytedeco.javacpp.linux.x86_64,org.bytedeco.leptonica.linux.x86_64,"
          + "org.bytedeco.tesseract.linux.x86_64";

  @TempDir Path dir;

  @Test
  void aModularHostOpensSimThroughTheServiceBindingAndDrivesIt() throws Exception {
    String modulePath =
        Files.readString(Path.of(System.getProperty("swipe.it.modulePath"))).strip();
    assertThat(modulePath.split(File.pathSeparator))
        .as("the published modules are on the module path")
        .anyMatch(p -> p.contains("swipe-core"))
        .anyMatch(p -> p.contains("swipe-sim"))
        .noneMatch(p -> p.contains("junit"));

    Path src = dir.resolve("src/dev.swipe.probe");
    Files.createDirectories(src.resolve("dev/swipe/probe"));
    Files.writeString(src.resolve("module-info.java"), MODULE_INFO);
    Files.writeString(src.resolve("dev/swipe/probe/Probe.java"), PROBE);
    Path classes = dir.resolve("classes");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter log = new StringWriter();
    boolean compiled =
        javac
            .getTask(
                log,
                null,
                null,
                List.of("--module-path", modulePath, "-d", classes.toString(), "-Xlint:none"),
                null,
                javac
                    .getStandardFileManager(null, null, StandardCharsets.UTF_8)
                    .getJavaFileObjects(
                        src.resolve("module-info.java"), src.resolve("dev/swipe/probe/Probe.java")))
            .call();
    assertThat(compiled).as("the probe compiles against the modules: %s", log).isTrue();

    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true",
                "--module-path",
                classes + File.pathSeparator + modulePath,
                "--add-modules",
                NATIVES,
                "-m",
                "dev.swipe.probe/dev.swipe.probe.Probe"));
    Path output = dir.resolve("probe.log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile()).start();
    boolean ended = p.waitFor(3, TimeUnit.MINUTES);
    if (!ended) {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    String out = Files.readString(output);
    assertThat(ended).as("the probe ended: %s", out).isTrue();
    assertThat(p.exitValue()).as("the probe's exit code: %s", out).isZero();
    assertThat(out)
        .contains("core dev.swipe.core named=true")
        .contains("internal exported=false")
        .contains("sim bound=true")
        .contains("swipe settled=true changed=true")
        .contains("verdict ok");
    assertThat(out).containsPattern("screenshot \\d+x\\d+ jpeg=\\d+");
    assertThat(out).containsPattern("text lines=[1-9]");
  }
}

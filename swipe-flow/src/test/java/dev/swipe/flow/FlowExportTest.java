package dev.swipe.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.text.TextQuery;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.AssertionFailedError;

class FlowExportTest {
  @TempDir Path dir;

  /** Every kind of step again, with the variants {@link FlowYamlTest#everyKind()} leaves out. */
  static Flow variants() {
    FlowStep.Anchor underTap =
        FlowStep.Anchor.of("Message", NormRegion.of(400, 600, 200, 50), null);
    FlowStep.Anchor noText =
        FlowStep.Anchor.of(null, NormRegion.of(400, 600, 200, 50), new byte[] {1});
    FlowStep.Motion motion = FlowStep.Motion.DEFAULT;
    String nasty = "say \"hi\" \\ C:\\new \\u000a */ /* tab\there\nline é 日本 \uD83D\uDE00 \u0001";
    return new Flow(
        1,
        "variants: \"quoted\" */ \\u000a é",
        1080,
        2400,
        List.of(
            new FlowStep.TapText(
                FlowStep.TextTarget.of("Search contacts"), null, FlowStep.UNCHANGED),
            new FlowStep.TapText(FlowStep.TextTarget.of("Ivan Patel"), null, null),
            new FlowStep.Tap(NormPoint.of(450, 610), 60, false, underTap, FlowStep.CHANGED),
            new FlowStep.Tap(NormPoint.of(990, 990), 800, true, underTap, null),
            new FlowStep.Tap(NormPoint.of(10, 10), 60, false, noText, null),
            new FlowStep.Swipe(NormPoint.of(100, 500), NormPoint.of(900, 500), motion, "changed"),
            new FlowStep.Drag(List.of(NormPoint.of(1, 2), NormPoint.of(3.25, 4)), motion, null),
            new FlowStep.DragText(
                new FlowStep.TextTarget(
                    "Ivan", TextQuery.Match.EXACT, TextQuery.Scope.WORDS, 0, null),
                NormPoint.of(500, 100),
                motion,
                null,
                FlowStep.NOT_FOUND),
            new FlowStep.DragText(
                FlowStep.TextTarget.of("Ivan"), NormPoint.of(500, 100), motion, null, null),
            new FlowStep.Scroll(new FlowStep.ScrollMove(ScrollDirection.DOWN, 0.8, null), null),
            new FlowStep.Scroll(new FlowStep.ScrollMove(ScrollDirection.UP, 0.5, null), "moved"),
            new FlowStep.ScrollUntil(
                new FlowStep.TextTarget(
                    "Iv.n P\\w+", TextQuery.Match.REGEX, TextQuery.Scope.LINE, 0, null),
                new FlowStep.ScrollMove(
                    ScrollDirection.DOWN, 0.8, NormRegion.of(0, 200, 1000, 700)),
                SearchPace.FLING,
                60,
                120_000,
                null,
                FlowStep.FOUND),
            new FlowStep.ScrollUntil(
                FlowStep.TextTarget.of("Zed"),
                new FlowStep.ScrollMove(ScrollDirection.UP, 0.8, null),
                SearchPace.STEADY,
                3,
                10_000,
                null,
                null),
            new FlowStep.PanUntil(
                FlowStep.TextTarget.of("Lisbon"),
                ScrollDirection.LEFT,
                ScrollDirection.UP,
                0.5,
                NormRegion.of(0, 100, 1000, 800),
                12,
                null),
            new FlowStep.PressKey(Key.keyboard(0x3A, "f1")),
            new FlowStep.PressKey(Key.consumer(0xCD, "play \"pause\"")),
            new FlowStep.TypeText(nasty),
            new FlowStep.WaitText(FlowStep.TextTarget.of(nasty.substring(0, 40)), false, 5_000),
            new FlowStep.AssertScreen("golden/\"odd\" name.png", List.of(), 0),
            new FlowStep.Pinch(Pinch.rotate(NormPoint.of(500, 400), 30), null),
            new FlowStep.Pinch(Pinch.pan(NormPoint.of(500, 500), NormPoint.of(300, 300)), "none")));
  }

  @Test
  void everyKindOfStepExportsToSourceThatCompiles() throws IOException {
    String every =
        FlowExport.toJUnit(
            FlowYamlTest.everyKind(), "com.example.flows", "EveryKindTest", "sim:?scene=list");
    String variants =
        FlowExport.toJUnit(variants(), "com.example.flows", "VariantsTest", "sim:?scene=list");
    System.out.println(every);
    System.out.println(variants);
    assertThat(compile(every, "com.example.flows", "EveryKindTest")).isEmpty();
    assertThat(compile(variants, "com.example.flows", "VariantsTest")).isEmpty();
    assertThat(FlowExport.toJUnit(FlowYamlTest.everyKind(), "", "Flat", "sim:?scene=list"))
        .doesNotContain("package");
    assertThat(compile(FlowExport.toJUnit(variants(), "", "Flat", "sim:"), "", "Flat")).isEmpty();
  }

  @Test
  void textIsLookedForAndRawGesturesKeepTheirPoints() {
    String every =
        FlowExport.toJUnit(FlowYamlTest.everyKind(), "p", "EveryKindTest", "sim:?scene=list");
    // tap_text: the text is looked for, with the flow's query, and tapped where it is read
    assertThat(every)
        .contains(
            "TextQuery text = TextQuery.builder(\"Ivan Patel\").match(TextQuery.Match.FUZZY)"
                + ".scope(TextQuery.Scope.LINE).maxEdits(2).within(0, 100, 1000, 800).build();")
        .contains("device.tap(seen.best().orElseThrow().center())")
        .contains("new Tap(NormPoint.of(500, 500), 60)")
        .contains("Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 200)).durationMs(900)")
        .contains(
            "assertEquals(\"17\", wheel.label(), \"step 11 (set_wheel): the wheel shows another"
                + " label\");")
        .contains("assertFalse(search.found(),")
        .contains("device.key(Key.BACK);");
    // the anchor's place is never tapped where the step has text
    assertThat(every.substring(every.indexOf("// 1. "), every.indexOf("// 2. ")))
        .doesNotContain("NormPoint");
    String variants = FlowExport.toJUnit(variants(), "p", "VariantsTest", "sim:?scene=list");
    // a raw tap whose anchor read text finds that text, and taps the same place within it
    assertThat(variants)
        .contains("TextQuery text = TextQuery.of(\"Message\");")
        .contains("NormPoint at = NormPoint.of(found.x() + 0.25 * found.w(), found.y() + 0.2 *")
        .contains("Math.min(1000, Math.max(0, found.x() + 2.95 * found.w()))")
        .contains("new LongPress(at, 800)")
        .contains("new Tap(NormPoint.of(10, 10), 60)")
        .contains("device.key(Key.keyboard(58, \"f1\"));");
  }

  @Test
  void namesThatAreNotJavaAreRefused() {
    Flow flow = FlowYamlTest.everyKind();
    assertThatThrownBy(() -> FlowExport.toJUnit(flow, "com.1up", "A", "sim:"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("packageName"));
    assertThatThrownBy(() -> FlowExport.toJUnit(flow, "com.class.x", "A", "sim:"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("packageName"));
    assertThatThrownBy(() -> FlowExport.toJUnit(flow, "com..x", "A", "sim:"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("packageName"));
    for (String bad : List.of("", "My Test", "9Lives", "enum", "var", "record", "A.B")) {
      assertThatThrownBy(() -> FlowExport.toJUnit(flow, "p", bad, "sim:"))
          .as(bad)
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("className"));
    }
    // a class named as one the test imports would not compile
    for (String taken : List.of("Device", "Test", "TextQuery", "String")) {
      assertThatThrownBy(() -> FlowExport.toJUnit(flow, "p", taken, "sim:"))
          .as(taken)
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("className"));
    }
    assertThatThrownBy(() -> FlowExport.toJUnit(flow, "p", "A", " "))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("deviceUri"));
    assertThatThrownBy(() -> FlowExport.toJUnit(null, "p", "A", "sim:"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("flow"));
    assertThat(FlowExport.toJUnit(flow, "dev.ünï.flows", "ÉtéTest", "sim:")).contains("ÉtéTest");
  }

  @Test
  void anExportedTestPassesOnTheSimulatorAndFailsWhereTheTextIsAbsent() throws Exception {
    Flow shows =
        new Flow(
            1,
            "search shows",
            1080,
            2400,
            List.of(
                new FlowStep.WaitText(FlowStep.TextTarget.of("Search contacts"), false, 5_000),
                new FlowStep.Scroll(
                    new FlowStep.ScrollMove(ScrollDirection.DOWN, 0.8, null), "moved"),
                new FlowStep.TapText(
                    FlowStep.TextTarget.of("Search contacts"), null, FlowStep.CHANGED),
                new FlowStep.TypeText("Patel"),
                new FlowStep.WaitText(FlowStep.TextTarget.of("Ivan Patel"), false, 5_000),
                new FlowStep.WaitStable(5_000)));
    Flow absent =
        new Flow(
            1,
            "absent text",
            1080,
            2400,
            List.of(new FlowStep.WaitText(FlowStep.TextTarget.of("Quokka Zebra"), false, 1_000)));
    String device = "sim:?scene=list&seed=3";
    String pkg = "dev.swipe.flow.exported";
    assertThat(
            compile(
                FlowExport.toJUnit(shows, pkg, "SearchShowsTest", device), pkg, "SearchShowsTest"))
        .isEmpty();
    assertThat(
            compile(
                FlowExport.toJUnit(absent, pkg, "AbsentTextTest", device), pkg, "AbsentTextTest"))
        .isEmpty();
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      List<NestedLauncher.Outcome> passing =
          tests(NestedLauncher.run(loader.loadClass(pkg + ".SearchShowsTest")));
      assertThat(passing).hasSize(1);
      assertThat(passing.get(0).displayName()).isEqualTo("search shows");
      assertThat(passing.get(0).status()).isEqualTo(TestExecutionResult.Status.SUCCESSFUL);

      List<NestedLauncher.Outcome> failing =
          tests(NestedLauncher.run(loader.loadClass(pkg + ".AbsentTextTest")));
      assertThat(failing).hasSize(1);
      assertThat(failing.get(0).status()).isEqualTo(TestExecutionResult.Status.FAILED);
      assertThat(failing.get(0).failure())
          .get()
          .isInstanceOf(AssertionFailedError.class)
          .extracting(Throwable::getMessage)
          .asString()
          .startsWith("step 1 (wait_text): \"Quokka Zebra\" did not show in 1000 ms");
    }
  }

  private static List<NestedLauncher.Outcome> tests(List<NestedLauncher.Outcome> all) {
    return all.stream().filter(NestedLauncher.Outcome::test).toList();
  }

  /** Compiles {@code source} into {@link #dir} against the test class path; javac's diagnostics. */
  private List<String> compile(String source, String pkg, String className) throws IOException {
    return compile(dir, source, pkg, className);
  }

  /** Compiles {@code source} into {@code dir} against the test class path; its diagnostics. */
  static List<String> compile(Path dir, String source, String pkg, String className)
      throws IOException {
    Path src = dir.resolve("src").resolve(pkg.replace('.', '/')).resolve(className + ".java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
      boolean ok =
          javac
              .getTask(
                  null,
                  files,
                  diagnostics,
                  List.of(
                      "-classpath",
                      System.getProperty("java.class.path"),
                      "-d",
                      dir.toString(),
                      "-Xlint:all,-path,-processing",
                      "-proc:none"),
                  null,
                  files.getJavaFileObjects(src))
              .call();
      List<String> messages = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
        messages.add(d.getKind() + " line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT));
      }
      if (!ok || !messages.isEmpty()) {
        String[] lines = source.split("\n", -1);
        StringBuilder numbered = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
          numbered.append(String.format(Locale.ROOT, "%4d %s%n", i + 1, lines[i]));
        }
        System.out.println(numbered);
        messages.forEach(System.out::println);
        if (messages.isEmpty()) {
          messages.add("javac failed without a message");
        }
      }
      return messages;
    }
  }
}

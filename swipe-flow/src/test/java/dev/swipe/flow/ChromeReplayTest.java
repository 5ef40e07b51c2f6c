package dev.swipe.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.SwipeException;
import dev.swipe.chrome.ChromePhone;
import dev.swipe.chrome.Chromium;
import dev.swipe.chrome.PageServer;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.Device;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.text.TextQuery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flows recorded on one phone shape of {@code chrome:} replay on another, judged by the pages' own
 * account of what they show (the SDK sees pixels only).
 */
class ChromeReplayTest {
  private static PageServer server;
  @TempDir Path dir;

  @BeforeAll
  static void serve() {
    Chromium.assumeInstalled();
    server = PageServer.widgets();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static Device device(ChromePhone page) {
    return Device.builder().hid(page.transport()).capture(page.frameSource()).open();
  }

  private static JsonNode truth(ChromePhone page) {
    return PageTruth.evaluate(page, "window.swipeTruth()");
  }

  @Test
  void aSearchRecordedOnAnIphoneReplaysOnAPixel() {
    Path file = dir.resolve("find.flow.yaml");
    String name;
    try (ChromePhone page =
            ChromePhone.open("chrome:?device=iphone-15&url=" + server.url("pages/long-list.html"));
        Device phone = device(page)) {
      name =
          PageTruth.evaluate(page, "document.querySelectorAll('#scroller .row')[60].dataset.label")
              .asText();
      FlowRecorder recorder = FlowRecorder.attach(phone);
      recorder
          .device()
          .text()
          .scrollUntil(
              Scroll.of(ScrollDirection.DOWN),
              TextQuery.builder(name).scope(TextQuery.Scope.LINE).build(),
              ScrollSearch.builder().pace(SearchPace.STEADY).build());
      Flow flow = recorder.save(file, "find a contact");
      assertThat(flow.steps()).extracting(FlowStep::kind).containsExactly("scroll_until");
      assertThat(flow.steps().get(0).expect()).contains(FlowStep.FOUND);
    }
    try (ChromePhone page =
            ChromePhone.open("chrome:?device=pixel-7&url=" + server.url("pages/long-list.html"));
        Device phone = device(page)) {
      ReplayResult r = Flow.read(file).replay(phone, ReplayOptions.forFile(file));
      assertThat(r.steps()).hasSize(1);
      List<String> visible = new ArrayList<>();
      truth(page).path("visible").forEach(n -> visible.add(n.asText()));
      assertThat(visible).as("the page shows the row the flow looked for").contains(name);
    }
  }

  @Test
  void aCarouselTurnedToItsEndOnOneShapeIsTurnedToItsEndOnAnother() {
    Path file = dir.resolve("carousel.flow.yaml");
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=pixel-7&url=" + server.url("pages/swiper-carousel.html"));
        Device phone = device(page)) {
      FlowRecorder recorder = FlowRecorder.attach(phone);
      Device d = recorder.device();
      for (int i = 0; i < 12; i++) {
        ScrollResult r = d.scroll(Scroll.builder(ScrollDirection.RIGHT).amount(0.8).build());
        if (r.movement() == Movement.AT_EDGE || r.movement() == Movement.UNCHANGED) {
          break;
        }
      }
      Flow flow = recorder.save(file, "carousel to its end");
      assertThat(flow.steps())
          .as("%s", flow.steps())
          .extracting(FlowStep::kind)
          .contains("scroll_to_edge");
    }
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=iphone-15&url=" + server.url("pages/swiper-carousel.html"));
        Device phone = device(page)) {
      Flow.read(file).replay(phone, ReplayOptions.forFile(file));
      JsonNode t = truth(page);
      assertThat(t.path("index").asInt()).isEqualTo(t.path("count").asInt() - 1);
    }
  }

  @Test
  void aFlowExportedAsAJUnitTestAndAFlowTestPassOnChrome() throws Exception {
    String uri = "chrome:?device=pixel-7&url=" + server.url("pages/long-list.html");
    String name;
    try (ChromePhone page = ChromePhone.open(uri)) {
      name =
          PageTruth.evaluate(page, "document.querySelectorAll('#scroller .row')[70].dataset.label")
              .asText();
    }
    Flow flow =
        new Flow(
            1,
            "find on chrome",
            1080,
            2400,
            List.of(
                new FlowStep.ScrollUntil(
                    new FlowStep.TextTarget(
                        name, TextQuery.Match.NORMALIZED, TextQuery.Scope.LINE, 0, null),
                    new FlowStep.ScrollMove(ScrollDirection.DOWN, 0.8, null),
                    SearchPace.STEADY,
                    60,
                    120_000,
                    null,
                    FlowStep.FOUND)));
    String pkg = "dev.swipe.flow.chromeexport";
    assertThat(
            FlowExportTest.compile(
                dir,
                FlowExport.toJUnit(flow, pkg, "FindOnChromeTest", uri),
                pkg,
                "FindOnChromeTest"))
        .isEmpty();
    try (java.net.URLClassLoader loader =
        new java.net.URLClassLoader(
            new java.net.URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      List<NestedLauncher.Outcome> ran =
          NestedLauncher.run(loader.loadClass(pkg + ".FindOnChromeTest")).stream()
              .filter(NestedLauncher.Outcome::test)
              .toList();
      assertThat(ran).hasSize(1);
      assertThat(ran.get(0).status())
          .as("%s", ran.get(0).failure())
          .isEqualTo(org.junit.platform.engine.TestExecutionResult.Status.SUCCESSFUL);
    }
    // The same flow as a @FlowTest, the device named by the system property.
    flow.write(Path.of(CHROME_FLOW));
    String before = System.getProperty(dev.swipe.flow.junit.FlowTestExtension.DEVICE_PROPERTY);
    System.setProperty(dev.swipe.flow.junit.FlowTestExtension.DEVICE_PROPERTY, uri);
    try {
      List<NestedLauncher.Outcome> ran =
          NestedLauncher.run(ChromeFixtures.class).stream()
              .filter(NestedLauncher.Outcome::test)
              .toList();
      assertThat(ran).hasSize(1);
      assertThat(ran.get(0).displayName()).isEqualTo(uri);
      assertThat(ran.get(0).status())
          .as("%s", ran.get(0).failure())
          .isEqualTo(org.junit.platform.engine.TestExecutionResult.Status.SUCCESSFUL);
    } finally {
      if (before == null) {
        System.clearProperty(dev.swipe.flow.junit.FlowTestExtension.DEVICE_PROPERTY);
      } else {
        System.setProperty(dev.swipe.flow.junit.FlowTestExtension.DEVICE_PROPERTY, before);
      }
    }
  }

  static final String CHROME_FLOW = "target/chrome-find.flow.yaml";

  /** A flow test as a project writes it; run only by the test above. */
  @org.junit.jupiter.api.extension.ExtendWith(NestedLauncher.FixturesOnly.class)
  static class ChromeFixtures {
    @dev.swipe.flow.junit.FlowTest(CHROME_FLOW)
    void findsTheRow(ReplayResult replay) {
      assertThat(replay.steps()).extracting(ReplayResult.Step::verdict).containsExactly("found");
    }
  }

  @Test
  void aTextThePageDoesNotHaveStopsTheReplayWithAReport() {
    String yaml =
        "version: 1\nname: absent\nscreen: {width: 1080, height: 2400}\nsteps:\n"
            + "  - step: tap_text\n    text: Nobody Anywhere Zz\n";
    try (ChromePhone page =
            ChromePhone.open("chrome:?device=pixel-7&url=" + server.url("pages/long-list.html"));
        Device phone = device(page)) {
      assertThatThrownBy(
              () -> Flow.parse(yaml).replay(phone, ReplayOptions.defaults().reportsTo(dir)))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(FlowCode.FLOW_ANCHOR_NOT_FOUND);
                assertThat(e.details()).containsEntry("step", 1);
                assertThat(Path.of(e.details().get("report").toString())).exists();
              });
    }
  }
}

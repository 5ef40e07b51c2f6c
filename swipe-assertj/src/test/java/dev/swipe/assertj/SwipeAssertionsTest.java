package dev.swipe.assertj;

import static dev.swipe.assertj.SwipeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextReader;
import dev.swipe.text.Word;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SwipeAssertionsTest {
  @TempDir Path dir;

  /**
   * A host's text engine as the facade sees it (no OCR engine is installed for these tests): it
   * reports one line, "Saved", in the middle of every screen it is given.
   */
  private static final class OneLineReader implements TextReader {
    @Override
    public TextPage read(BufferedImage image, TextBox region) {
      TextBox box =
          new TextBox(image.getWidth() / 3, image.getHeight() / 2, image.getWidth() / 3, 40);
      return new TextPage(
          image.getWidth(),
          image.getHeight(),
          List.of(TextLine.of(List.of(new Word("Saved", box, 0.95)))));
    }

    @Override
    public String description() {
      return "one line";
    }

    @Override
    public void close() {}
  }

  private static Device phone() {
    return Device.builder()
        .device("sim:?scene=list&scale=0.5")
        .textReader(new OneLineReader())
        .open();
  }

  @Test
  void settledAndUnsettledScreenshots() {
    try (Device d = phone()) {
      assertThat(d.screenshot()).isSettled();
      Observation coasting =
          d.rig()
              .perform(
                  Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 300))
                      .durationMs(120)
                      .steps(8)
                      .holdBeforeMs(20)
                      .holdAfterMs(0)
                      .shape(GestureShape.LINEAR)
                      .build(),
                  Duration.ZERO)
              .observation();
      assertThat(coasting).isNotSettled();
      assertThatThrownBy(() -> assertThat(coasting).isSettled())
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining(coasting.id())
          .hasMessageContaining("still changing");
    }
  }

  @Test
  void matchesBaselineWritesADiffImageWhenItFails() throws Exception {
    try (Device d = phone()) {
      Observation start = d.screenshot();
      Path golden = GoldenScreen.save(start, dir.resolve("list.jpg"));
      assertThat(d.screenshot()).matchesBaseline(golden, 0);
      d.swipe(
          Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 500))
              .durationMs(400)
              .steps(16)
              .holdAfterMs(150)
              .shape(GestureShape.SCROLL)
              .build());
      Observation moved = d.screenshot();
      AssertionError e =
          org.assertj.core.api.Assertions.catchThrowableOfType(
              () -> assertThat(moved).matchesBaseline(golden, 0.01, NormRegion.of(0, 0, 1000, 32)),
              AssertionError.class);
      org.assertj.core.api.Assertions.assertThat(e.getMessage())
          .contains("does not match list.jpg");
      Matcher m = Pattern.compile("diff image: (\\S+\\.png)").matcher(e.getMessage());
      org.assertj.core.api.Assertions.assertThat(m.find()).isTrue();
      org.assertj.core.api.Assertions.assertThat(Files.size(Path.of(m.group(1))))
          .isGreaterThan(1000);
      // a region that did not move still matches: only the status bar and what lies below the list
      assertThat(
              d.screen().waitUntil(ScreenCondition.changedFrom(start, null), Duration.ofSeconds(1)))
          .held()
          .lastObservation()
          .isSettled();
    }
  }

  @Test
  void hasTextReadsWithTheDevicesReader() {
    try (Device d = phone()) {
      Observation o = d.screenshot();
      assertThat(o).hasText(d, "saved").doesNotHaveText(d, "Deleted");
      assertThatThrownBy(() -> assertThat(o).hasText(d, "Deleted"))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("the lines read were: \"Saved\"");
      assertThat(
              d.screen()
                  .waitUntil(
                      d.text().visible(dev.swipe.text.TextQuery.of("Saved")),
                      Duration.ofSeconds(1)))
          .held();
      assertThat(
              d.screen()
                  .waitUntil(
                      d.text().gone(dev.swipe.text.TextQuery.of("Saved")), Duration.ofMillis(600)))
          .timedOut();
    }
  }
}

package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.screen.WaitResult;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.diff.ImageCode;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Waits and golden-screen assertions on the simulator: a status-bar clock that ticks every
 * hundredth of a second is what a mask is for, another JPEG quality must still match, and another
 * device, another scroll position or another screen size must not.
 */
class WaitsAndGoldenOnSimulatorTest {
  private static final String CLOCK_LIST = "sim:?scene=list&scale=0.5&noise=clock";

  /** The status bar's clock (the bar is 30 units high; the clock sits at its left). */
  private static final NormRegion CLOCK = NormRegion.of(0, 0, 450, 32);

  private static final NormRegion LIST = NormRegion.of(0, 100, 1000, 800);

  @TempDir Path dir;

  private Path golden() {
    Path file = dir.resolve("contacts.jpg");
    try (Device d = Device.open(CLOCK_LIST + "&quality=95")) {
      GoldenScreen.save(d.screenshot(), file);
    }
    return file;
  }

  /** A screenshot some time later than the golden's, when the clock shows another time. */
  private static Observation later(Device d) {
    WaitResult w = d.screen().waitForStable(Duration.ofMillis(700));
    assertThat(w.held()).as("a ticking clock never lets the screen rest").isFalse();
    return w.observation();
  }

  @Test
  void theClockIsMaskedAndAnotherJpegQualityStillMatches() {
    Path golden = golden();
    try (Device d =
        Device.builder().device(CLOCK_LIST + "&quality=60").trace(dir.resolve("trace")).open()) {
      later(d);
      SwipeException unmasked =
          (SwipeException)
              org.assertj.core.api.Assertions.catchThrowable(
                  () -> d.screen().assertMatches(golden, List.of(), 0));
      assertThat(unmasked.code()).isEqualTo(ErrorCode.SCREEN_MISMATCH);
      assertThat((Double) unmasked.details().get("diff_ratio")).isGreaterThan(0).isLessThan(0.01);
      Path diffImage = Path.of((String) unmasked.details().get("diff_image"));
      assertThat(diffImage).exists().startsWith(dir.resolve("trace"));

      GoldenScreen.Comparison masked = d.screen().assertMatches(golden, List.of(CLOCK), 0.0005);
      assertThat(masked.matched()).isTrue();
      assertThat(masked.diffRatio()).isLessThanOrEqualTo(0.0005);
      assertThat(masked.maskedShare()).isBetween(0.01, 0.02);
    }
  }

  @Test
  void theDiffImageShowsTheChangedCellsInRed() throws Exception {
    Path golden = golden();
    try (Device d = Device.open(CLOCK_LIST)) {
      d.scroll(Scroll.builder(ScrollDirection.DOWN).amount(0.3).build());
      GoldenScreen.Comparison c = GoldenScreen.load(golden).mask(CLOCK).compare(d.screenshot());
      assertThat(c.matched()).isFalse();
      assertThat(c.diffRatio())
          .as("a scrolled list differs in most of its rows")
          .isGreaterThan(0.05);
      BufferedImage png = ImageIO.read(c.writeDiffImage(dir.resolve("out/diff.png")).toFile());
      int red = 0;
      int third = png.getWidth() / 3;
      for (int y = 24; y < png.getHeight(); y += 2) {
        for (int x = 2 * third + 10; x < png.getWidth(); x += 2) {
          int rgb = png.getRGB(x, y);
          if (((rgb >> 16) & 0xFF) > 200 && ((rgb >> 8) & 0xFF) < 90) {
            red++;
          }
        }
      }
      assertThat(red).as("changed cells painted red in the third panel").isGreaterThan(1000);
    }
  }

  @Test
  void anotherDeviceOrSizeDoesNotMatch() {
    Path golden = golden();
    try (Device other = Device.open(CLOCK_LIST + "&seed=7")) {
      GoldenScreen.Comparison c = GoldenScreen.load(golden).mask(CLOCK).compare(other.screenshot());
      assertThat(c.matched()).as("another font and row pitch").isFalse();
    }
    try (Device smaller = Device.open("sim:?scene=list&scale=0.4&noise=clock")) {
      assertThatThrownBy(() -> smaller.screen().assertMatches(golden, List.of(CLOCK), 0.01))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ImageCode.IMAGE_SIZE_MISMATCH);
                assertThat(e.details())
                    .containsEntry("baseline_width", 540)
                    .containsEntry("baseline_height", 1200)
                    .containsEntry("screen_width", 432)
                    .containsEntry("screen_height", 960);
              });
    }
  }

  @Test
  void badMasksAndTolerancesNameTheirField() {
    GoldenScreen g = GoldenScreen.load(golden());
    assertThatThrownBy(() -> g.mask(900, 0, 200, 50))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "masks[0]"));
    assertThatThrownBy(() -> g.mask(CLOCK).mask(10, -5, 20, 20))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "masks[1]"));
    assertThatThrownBy(() -> g.tolerance(1.5))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "tolerance"));
    assertThatThrownBy(() -> GoldenScreen.load(dir.resolve("missing.png")))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "baseline"));
    assertThatThrownBy(() -> GoldenScreen.of("junk", new byte[] {1, 2, 3}))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(CommonCode.IMAGE_DECODE_FAILED));
  }

  @Test
  void aPngGoldenMatchesTheJpegScreenItWasMadeFrom() throws Exception {
    try (Device d = Device.open("sim:?scene=list&scale=0.5")) {
      Observation shot = d.screenshot();
      Path png = dir.resolve("contacts.png");
      ImageIO.write(ImageIO.read(shot.jpegStream()), "png", png.toFile());
      assertThat(d.screen().assertMatches(png, List.of(), 0).diffRatio()).isZero();
      assertThat(
              d.screen()
                  .waitUntil(ScreenCondition.matches(GoldenScreen.load(png)), Duration.ofSeconds(1))
                  .held())
          .isTrue();
    }
  }

  @Test
  void waitUntilLooksAtSettledScreensUntilTheConditionHolds() {
    try (Device d = Device.open("sim:?scene=list&scale=0.5")) {
      Observation start = d.screenshot();
      Swipe fling =
          Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 300))
              .durationMs(120)
              .steps(8)
              .holdBeforeMs(20)
              .holdAfterMs(0)
              .shape(GestureShape.LINEAR)
              .build();
      ActionResult coasting = d.rig().perform(fling, Duration.ZERO);
      assertThat(coasting.observation().settled()).as("taken mid-coast").isFalse();

      WaitResult moved =
          d.screen()
              .waitUntil(
                  ScreenCondition.changedFrom(start, LIST)
                      .and(ScreenCondition.changedFrom(coasting.observation(), LIST)),
                  Duration.ofSeconds(10));
      assertThat(moved.held()).isTrue();
      assertThat(moved.observation().settled()).as("held only on a settled screen").isTrue();
      assertThat(moved.condition()).contains("changed from " + start.id()).contains(" and ");

      WaitResult never =
          d.screen().waitUntil(ScreenCondition.unchangedFrom(start, LIST), Duration.ofSeconds(2));
      assertThat(never.held()).isFalse();
      assertThat(never.looks()).as("looks 250 ms apart within 2 s").isBetween(2, 10);
      assertThat(never.waitedMs()).isGreaterThanOrEqualTo(2000);
      assertThat(never.summary()).startsWith("did not hold: unchanged from " + start.id());

      assertThat(d.screen().waitForStable(Duration.ofSeconds(1)).held()).isTrue();
      assertThatThrownBy(
              () -> d.screen().waitUntil(ScreenCondition.changedFrom(start, null), Duration.ZERO))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "timeout"));
    }
  }

  @Test
  void aScreenThatNeverRestsEndsTheWaitAtItsTimeout() {
    try (Device d = Device.open(CLOCK_LIST)) {
      WaitResult w = d.screen().waitForStable(Duration.ofSeconds(3));
      assertThat(w.held()).isFalse();
      assertThat(w.settledLooks()).isZero();
      assertThat(w.observation().settled()).isFalse();
      assertThat(w.looks()).isBetween(2, 14);
      assertThat(Files.exists(dir)).isTrue();
    }
  }
}

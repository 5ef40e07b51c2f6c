package dev.swipe.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.sim.SimConfig;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** {@code carousel=pastel}: six pages of equal luma and different hue (issue 32 item 4). */
class PastelCarouselTest {

  private static double luma(Color c) {
    return 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue();
  }

  private static double cb(Color c) {
    return 128 - 0.168736 * c.getRed() - 0.331264 * c.getGreen() + 0.5 * c.getBlue();
  }

  private static double cr(Color c) {
    return 128 + 0.5 * c.getRed() - 0.418688 * c.getGreen() - 0.081312 * c.getBlue();
  }

  @Test
  void thePastelPagesHaveEqualLumaAndNeighboursAnotherHue() {
    Color[] p = CarouselScene.PASTELS;
    assertThat(p).hasSize(CarouselScene.PAGES);
    for (int i = 0; i < p.length; i++) {
      assertThat(luma(p[i])).as("page %d", i).isCloseTo(215, within(0.5));
      if (i > 0) {
        double hue = Math.max(Math.abs(cb(p[i]) - cb(p[i - 1])), Math.abs(cr(p[i]) - cr(p[i - 1])));
        assertThat(hue).as("pages %d and %d", i - 1, i).isGreaterThan(25);
      }
    }
  }

  @Test
  void theOptionRoundTripsAndDefaultsToVivid() {
    SimConfig c = SimConfig.fromUri("sim:?scene=carousel&carousel=pastel");
    assertThat(c.carousel()).isEqualTo(SimConfig.CarouselPages.PASTEL);
    assertThat(SimConfig.fromUri(c.toUri())).isEqualTo(c);
    assertThat(c.toUri()).contains("carousel=pastel");
    assertThat(SimConfig.defaults().carousel()).isEqualTo(SimConfig.CarouselPages.VIVID);
    assertThat(SimConfig.defaults().toUri()).doesNotContain("carousel");
    assertThat(
            SimConfig.builder()
                .scene(SimConfig.Scene.CAROUSEL)
                .carousel(SimConfig.CarouselPages.PASTEL)
                .build())
        .isEqualTo(c);
    assertThatThrownBy(() -> SimConfig.fromUri("sim:?carousel=neon"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("carousel"));
  }

  @Test
  void theFirstPageIsDrawnInPink() throws Exception {
    try (Device d = Device.open("sim:?scene=carousel&carousel=pastel&scale=0.5&quality=95")) {
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(d.screenshot().jpeg()));
      // inside the card, left of the bubbles and above the title
      Color seen = new Color(img.getRGB(60, 180));
      Color pink = CarouselScene.PASTELS[0];
      assertThat(Math.abs(seen.getRed() - pink.getRed())).isLessThan(8);
      assertThat(Math.abs(seen.getGreen() - pink.getGreen())).isLessThan(8);
      assertThat(Math.abs(seen.getBlue() - pink.getBlue())).isLessThan(8);
    }
  }
}

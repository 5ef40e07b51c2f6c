package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormRegion;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Observation;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.testkit.Jpegs;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.diff.internal.ImageDiff;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A device's comparisons leave its drawn pointer out: a moved pointer alone is no change, a list
 * that scrolled under it still moved along its axis, and without a pointer the answer is the plain
 * comparison's.
 */
class ScreenDiffTest {
  private static final int W = 360;
  private static final int H = 640;

  /**
   * A list of labelled rows scrolled by {@code offset} pixels, the pointer drawn at {@code px, py}.
   */
  private static Frame list(long nanos, int offset, int px, int py) {
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, W, H);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 18));
    for (int row = 0; row < 40; row++) {
      int y = row * 48 - offset;
      g.setColor(new Color(220, 220, 226));
      g.fillRect(0, y + 46, W, 2);
      g.setColor(new Color(40, 40, 50));
      g.drawString("Contact " + (row * 7 % 31) + " " + "abcdefgh".substring(row % 5), 20, y + 30);
    }
    g.setColor(new Color(20, 20, 20, 200));
    g.fillOval(px, py, 26, 26);
    g.dispose();
    byte[] jpeg = Jpegs.encode(img);
    return new Frame(jpeg, W, H, nanos);
  }

  /** The pointer was at (60, 300) until 2 s, then at (260, 120). */
  private static List<PixelRect> marks(long nanos) {
    return nanos < 2_000_000_000L
        ? List.of(new PixelRect(50, 290, 46, 46))
        : List.of(new PixelRect(250, 110, 46, 46));
  }

  @Test
  void aMovedPointerAloneIsNoChange() {
    AttachmentRegistry run = new AttachmentRegistry();
    run.markPointerWith(ScreenDiffTest::marks);
    Observation before = run.register(list(1_000_000_000L, 0, 60, 300), true);
    Observation after = run.register(list(3_000_000_000L, 0, 260, 120), true);
    NormRegion around = NormRegion.of(100, 120, 800, 500);
    assertThat(
            ImageDiff.compare(before.greyForDiff(), after.greyForDiff(), 100.0, 120.0, 800.0, 500.0)
                .changed())
        .as("as captured, the pointer's move is a change")
        .isTrue();
    DiffResult d = ScreenDiff.compareNoticingShifts(before, after, around);
    assertThat(d.changed()).isFalse();
    assertThat(d.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
  }

  @Test
  void aListScrolledUnderThePointerMovedAlongItsAxis() {
    AttachmentRegistry run = new AttachmentRegistry();
    run.markPointerWith(ScreenDiffTest::marks);
    Observation before = run.register(list(1_000_000_000L, 0, 60, 300), true);
    Observation after = run.register(list(3_000_000_000L, 96, 260, 120), true);
    DiffResult d = ScreenDiff.compare(before, after, null);
    assertThat(d.changed()).isTrue();
    assertThat(d.primaryAxis()).isEqualTo(PrimaryAxis.VERTICAL);
    DiffResult plain = ImageDiff.compare(before.greyForDiff(), after.greyForDiff());
    assertThat(d.diffRatio()).as("the pointer's share is left out").isLessThan(plain.diffRatio());
  }

  @Test
  void withoutAPointerItIsThePlainComparison() {
    AttachmentRegistry run = new AttachmentRegistry();
    Observation before = run.register(list(1_000_000_000L, 0, 60, 300), true);
    Observation after = run.register(list(3_000_000_000L, 96, 260, 120), true);
    assertThat(ScreenDiff.compare(before, after, null))
        .isEqualTo(ImageDiff.compare(before.greyForDiff(), after.greyForDiff()));
  }
}

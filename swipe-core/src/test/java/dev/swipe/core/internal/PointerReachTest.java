package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormRegion;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Observation;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.testkit.Jpegs;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The places a frame may show the steered pointer are as large as the pointer the loop saw, not
 * twice that: on a narrow wheel column a one-row turn stays a change once the pointer resting on
 * the column is left out, and the pointer's own move is still none.
 */
class PointerReachTest {
  private static final int W = 540;
  private static final int H = 1200;
  private static final long S = 1_000_000_000L;

  /** Where the column's rows are read: its middle, one row either way of the selected one. */
  private static final int COLUMN_X = 300;

  private static final int SELECTED_Y = 450;
  private static final int PITCH = 49;

  /**
   * The pointer as the loop's search saw it on an iPhone rig's 540x1200 frames: a circle 49 pixels
   * across, found by its middle.
   */
  private static final PointerLoop.Look CIRCLE =
      PointerLoop.Look.of(new CursorFinder.Blob(456, 584, 504, 632, 1878, 480, 608), 1);

  /**
   * An hour wheel showing {@code selected} in its selected row, and an iPhone's pointer (a dark
   * disc in a light ring, 49 pixels across) with its middle at {@code px, py}.
   */
  private static Frame wheel(long nanos, int selected, int px, int py) {
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, W, H);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 30));
    for (int row = -5; row <= 5; row++) {
      int y = SELECTED_Y + row * PITCH;
      int value = Math.floorMod(selected + row, 24);
      g.setColor(row == 0 ? new Color(30, 30, 35) : new Color(150, 150, 158));
      g.drawString(String.format("%02d", value), COLUMN_X - 17, y + 11);
    }
    g.setColor(new Color(40, 40, 48, 150));
    g.fill(new Ellipse2D.Double(px - 24.5, py - 24.5, 49, 49));
    g.setColor(new Color(235, 235, 240));
    g.setStroke(new BasicStroke(2f));
    g.draw(new Ellipse2D.Double(px - 23.5, py - 23.5, 47, 47));
    g.dispose();
    return new Frame(Jpegs.encode(img), W, H, nanos);
  }

  /**
   * A run whose loop left the pointer at {@code (COLUMN_X, fromY)} after one nudge and at {@code
   * (COLUMN_X, toY)} after the next, each the end of a drag that went about 100 pixels unseen.
   */
  private static AttachmentRegistry run(int fromY, int toY) {
    PointerTrack track = new PointerTrack(() -> 0);
    track.at(0, COLUMN_X, fromY, PointerLoop.reach(CIRCLE, H, 1, 100));
    track.at(5 * S, COLUMN_X, toY, PointerLoop.reach(CIRCLE, H, 1, 100));
    AttachmentRegistry run = new AttachmentRegistry();
    run.markPointerWith(track);
    return run;
  }

  /** The column's selected row and one row either way, as a wheel nudge's check reads it. */
  private static final NormRegion COLUMN =
      NormRegion.of(
          COLUMN_X * 1000.0 / (W - 1) - 80,
          (SELECTED_Y - 1.5 * PITCH) * 1000.0 / (H - 1),
          160,
          3 * PITCH * 1000.0 / (H - 1));

  @Test
  void aOneRowTurnUnderThePointerRestingOnTheColumnIsAChange() {
    // the pointer came to rest a row below the selected one, where the drag that turned it ended
    AttachmentRegistry run = run(SELECTED_Y - 4 * PITCH, SELECTED_Y - 8);
    Observation before = run.register(wheel(2 * S, 13, COLUMN_X, SELECTED_Y - 4 * PITCH), true);
    Observation after = run.register(wheel(8 * S, 14, COLUMN_X, SELECTED_Y - 8), true);
    assertThat(ScreenDiff.compare(before, after, COLUMN).changed()).isTrue();
  }

  @Test
  void thePointerMovingOverAStillColumnIsNoChange() {
    AttachmentRegistry run = run(SELECTED_Y - PITCH, SELECTED_Y + PITCH);
    Observation before = run.register(wheel(2 * S, 13, COLUMN_X, SELECTED_Y - PITCH), true);
    Observation after = run.register(wheel(8 * S, 13, COLUMN_X, SELECTED_Y + PITCH), true);
    assertThat(ScreenDiff.compare(before, after, COLUMN).diffRatio()).isZero();
  }

  @Test
  void aPointerSeenCutOffByTheEdgeIsMarkedItsSizeEveryWay() {
    // the search saw an arrow pushed against the screen's right edge: a sliver a pixel wide, which
    // says nothing of how far the arrow reaches to the right of its tip once back on the screen
    CursorFinder.Blob sliver = new CursorFinder.Blob(539, 607, 539, 633, 27, 539, 620);
    PointerLoop.Look cut = PointerLoop.Look.of(sliver, 1, false);
    PointerTrack.Reach reach = PointerLoop.reach(cut, H, 1, 0);
    assertThat(List.of(reach.left(), reach.up(), reach.right(), reach.down()))
        .allSatisfy(r -> assertThat(r).isGreaterThan(cut.size()));
  }
}

package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormRegion;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Observation;
import dev.swipe.core.spi.Frame;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelScale;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import javax.imageio.ImageIO;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A picker column whose words went unread still leaves its rows in the pixels: {@link
 * WheelReader#rowsUnread} finds them beside the columns that did read, and finds nothing where
 * every column read (a separator, a title and the picker's own edges are no rows).
 */
class WheelUnreadRowsTest {
  private static final int W = 540;
  private static final int H = 1200;
  private static final int CENTRE_Y = 600;

  /** Three columns of five two-digit rows, a ':' between the last two, a title above. */
  private static Observation picker(int pitch, int fontPx, int[] xs) throws IOException {
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, W, H);
    g.setColor(new Color(236, 236, 240));
    g.fillRoundRect(16, CENTRE_Y - pitch / 2, W - 32, pitch, 18, 18); // the selection band
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, fontPx));
    g.drawString("Set alarm", 24, 120);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, fontPx));
    for (int c = 0; c < xs.length; c++) {
      for (int k = -2; k <= 2; k++) {
        String label = String.format("%02d", 10 * c + 5 + k);
        int tw = g.getFontMetrics().stringWidth(label);
        g.drawString(label, xs[c] - tw / 2, CENTRE_Y + k * pitch + fontPx * 7 / 20);
      }
    }
    g.drawString(":", (xs[1] + xs[2]) / 2, CENTRE_Y + fontPx * 7 / 20);
    g.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(img, "jpg", out);
    return new AttachmentRegistry().register(new Frame(out.toByteArray(), W, H, 1), true);
  }

  /** A column as read: its rows' box about its x, two digits wide. */
  private static WheelColumn read(int index, int xPx, int pitch, int fontPx) {
    double sx = 1000.0 / (W - 1);
    double sy = 1000.0 / (H - 1);
    double halfW = fontPx * 0.6;
    return new WheelColumn(
        index,
        xPx * sx,
        CENTRE_Y * sy,
        pitch * sy,
        Optional.of("05"),
        List.of("03", "04"),
        List.of("06", "07"),
        OptionalInt.of(5),
        new WheelScale(WheelScale.Kind.NUMBER, 1, OptionalInt.of(60), false, 2, false),
        0.9,
        NormRegion.fromCorners(
            (xPx - halfW) * sx,
            (CENTRE_Y - 2.5 * pitch) * sy,
            (xPx + halfW) * sx,
            (CENTRE_Y + 2.5 * pitch) * sy),
        List.of("band", "centre"));
  }

  @ParameterizedTest
  @CsvSource({
    "60, 26, 110, 270, 430",
    "80, 34, 100, 270, 440",
    "45, 20, 150, 280, 410",
    "100, 40, 90, 280, 460"
  })
  void theRowsOfAColumnThatDidNotReadAreFoundWhereItStands(
      int pitch, int fontPx, int x0, int x1, int x2) throws IOException {
    int[] xs = {x0, x1, x2};
    Observation shot = picker(pitch, fontPx, xs);
    List<WheelColumn> all = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      all.add(read(c, xs[c], pitch, fontPx));
    }
    double sx = 1000.0 / (W - 1);
    double y = all.get(0).centerY();
    double p = all.get(0).rowSpacing();

    assertThat(WheelReader.rowsUnread(shot, all, y, p, 0, 1000)).as("every column read").isEmpty();

    for (int missed = 0; missed < 3; missed++) {
      List<WheelColumn> known = new ArrayList<>(all);
      known.remove(missed);
      List<Double> places = WheelReader.rowsUnread(shot, known, y, p, 0, 1000);
      assertThat(places).as("column %d unread", missed).hasSize(1);
      assertThat(places.get(0))
          .isCloseTo(xs[missed] * sx, org.assertj.core.data.Offset.offset(40.0));
      // looked for only left of a column, the rows right of it do not count
      if (missed == 2) {
        assertThat(WheelReader.rowsUnread(shot, known, y, p, 0, all.get(1).columnX())).isEmpty();
      }
    }
  }
}

package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.DecodeOptions;
import dev.swipe.diff.internal.ImageDecoder;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyboardDetectorTest {
  private static final int W = 540;
  private static final int H = 1200;

  @ParameterizedTest(name = "dark={0} keyboard top={1}")
  @CsvSource({"false,720", "true,720", "false,640", "true,800"})
  void findsLightAndDarkKeyboardsWhereTheyBegin(boolean dark, int top) throws IOException {
    BufferedImage img = listScreen();
    drawKeyboard(img, top, dark);
    GreyRaster grey = ImageDecoder.decode(jpeg(img), DecodeOptions.FOR_DIFF);
    double expected = top / (double) (H - 1) * 1000;
    assertThat(KeyboardDetector.detect(grey)).hasValueCloseTo(expected, within(25.0));
  }

  @ParameterizedTest(name = "dark={0}")
  @CsvSource({"false", "true"})
  void aListWithoutKeyboardHasNone(boolean dark) throws IOException {
    BufferedImage img = listScreen();
    if (dark) {
      invert(img);
    }
    GreyRaster grey = ImageDecoder.decode(jpeg(img), DecodeOptions.FOR_DIFF);
    assertThat(KeyboardDetector.detect(grey)).isEmpty();
  }

  private static BufferedImage listScreen() {
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, W, H);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 22));
    for (int i = 0; i < 20; i++) {
      g.setColor(new Color(30, 30, 30));
      g.drawString("Contact number " + i + " Alvarez-Smith", 70, 60 + i * 58);
      g.setColor(new Color(90, 140, 220));
      g.fillOval(14, 34 + i * 58, 40, 40);
      g.setColor(new Color(225, 225, 225));
      g.drawLine(0, 80 + i * 58, W, 80 + i * 58);
    }
    g.dispose();
    return img;
  }

  private static void drawKeyboard(BufferedImage img, int top, boolean dark) {
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(dark ? new Color(38, 38, 40) : new Color(210, 213, 219));
    g.fillRect(0, top, W, H - top);
    String[] rows = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
    int rowH = (H - top - 40) / 4;
    int keyW = W / 10 - 6;
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 24));
    for (int r = 0; r < rows.length; r++) {
      int inset = (10 - rows[r].length()) * (keyW + 6) / 2;
      for (int k = 0; k < rows[r].length(); k++) {
        int x = 3 + inset + k * (keyW + 6);
        int y = top + 14 + r * rowH;
        g.setColor(dark ? new Color(90, 90, 94) : Color.WHITE);
        g.fillRoundRect(x, y, keyW, rowH - 12, 8, 8);
        g.setColor(dark ? Color.WHITE : Color.BLACK);
        g.drawString(String.valueOf(rows[r].charAt(k)), x + keyW / 2 - 6, y + (rowH - 12) / 2 + 8);
      }
    }
    int y = top + 14 + 3 * rowH;
    g.setColor(dark ? new Color(90, 90, 94) : Color.WHITE);
    g.fillRoundRect(3, y, keyW * 2, rowH - 12, 8, 8);
    g.fillRoundRect(keyW * 2 + 12, y, W - keyW * 4 - 24, rowH - 12, 8, 8);
    g.fillRoundRect(W - keyW * 2 - 3, y, keyW * 2, rowH - 12, 8, 8);
    g.dispose();
  }

  private static void invert(BufferedImage img) {
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        img.setRGB(x, y, ~img.getRGB(x, y) | 0xFF000000);
      }
    }
  }

  private static byte[] jpeg(BufferedImage img) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(img, "jpg", out);
    return out.toByteArray();
  }
}

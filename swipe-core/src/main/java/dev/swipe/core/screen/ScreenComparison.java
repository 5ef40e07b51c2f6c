package dev.swipe.core.screen;

import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.core.internal.ChangeMap;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/** The outcome of comparing a screenshot with a {@link GoldenScreen}. */
@Api(status = Api.Status.STABLE)
public final class ScreenComparison {
  /** Width of each of the three panels of the diff image, in pixels. */
  private static final int PANEL_WIDTH = 360;

  private final GoldenScreen golden;
  private final Observation screenshot;
  private final GreyRaster maskedGolden;
  private final GreyRaster maskedScreen;
  private final List<PixelRect> masks;
  private final double diffRatio;
  private final double maskedShare;
  private final boolean matched;

  ScreenComparison(
      GoldenScreen golden,
      Observation screenshot,
      GreyRaster maskedGolden,
      GreyRaster maskedScreen,
      List<PixelRect> masks,
      double diffRatio,
      double maskedShare,
      boolean matched) {
    this.golden = golden;
    this.screenshot = screenshot;
    this.maskedGolden = maskedGolden;
    this.maskedScreen = maskedScreen;
    this.masks = List.copyOf(masks);
    this.diffRatio = diffRatio;
    this.maskedShare = maskedShare;
    this.matched = matched;
  }

  /** Whether the changed share of unmasked pixels is within the golden's tolerance. */
  public boolean matched() {
    return matched;
  }

  /** The share of unmasked pixels whose cells changed beyond JPEG noise, 0..1. */
  public double diffRatio() {
    return diffRatio;
  }

  /** The tolerance it was judged against. */
  public double tolerance() {
    return golden.tolerance();
  }

  /** The share of the screen the masks cover, 0..1. */
  public double maskedShare() {
    return maskedShare;
  }

  /** The golden compared with. */
  public GoldenScreen golden() {
    return golden;
  }

  /** The screenshot compared. */
  public Observation screenshot() {
    return screenshot;
  }

  /** A one-line account for failure messages. */
  public String summary() {
    return String.format(
        Locale.ROOT,
        "%s %s %s: %.4f of the unmasked screen changed (tolerance %.4f, %.1f%% masked)",
        screenshot.id(),
        matched ? "matches" : "does not match",
        golden.name(),
        diffRatio,
        golden.tolerance(),
        100 * maskedShare);
  }

  /**
   * Writes a PNG of three panels: the golden, the screenshot, and the screenshot dimmed with the
   * changed cells in red and the masks in grey; creates parent directories.
   *
   * @return {@code file}
   * @throws SwipeException {@code invalid_argument} (field {@code diff_image}) when it cannot be
   *     written
   */
  public Path writeDiffImage(Path file) {
    SwipeException.requireArgument(file, "diff_image");
    try {
      BufferedImage expected = color(golden.imageBytes());
      BufferedImage actual = color(screenshot.jpeg());
      int w = maskedGolden.width();
      int h = maskedGolden.height();
      double s = (double) PANEL_WIDTH / w;
      int ph = Math.max(1, (int) Math.round(h * s));
      BufferedImage out =
          new BufferedImage(3 * PANEL_WIDTH + 20, ph + 24, BufferedImage.TYPE_INT_RGB);
      Graphics2D g = out.createGraphics();
      try {
        g.setRenderingHint(
            RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, out.getWidth(), out.getHeight());
        g.setColor(Color.DARK_GRAY);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        g.drawString("golden " + golden.name(), 4, 16);
        g.drawString("screenshot " + screenshot.id(), PANEL_WIDTH + 14, 16);
        g.drawString(
            String.format(
                Locale.ROOT, "changed %.4f (tolerance %.4f)", diffRatio, golden.tolerance()),
            2 * PANEL_WIDTH + 24,
            16);
        g.drawImage(expected, 0, 24, PANEL_WIDTH, ph, null);
        g.drawImage(actual, PANEL_WIDTH + 10, 24, PANEL_WIDTH, ph, null);
        int x0 = 2 * PANEL_WIDTH + 20;
        g.drawImage(actual, x0, 24, PANEL_WIDTH, ph, null);
        g.setColor(new Color(255, 255, 255, 170));
        g.fillRect(x0, 24, PANEL_WIDTH, ph);
        g.setColor(new Color(120, 120, 120, 200));
        for (PixelRect m : masks) {
          g.fillRect(
              x0 + (int) (m.x() * s),
              24 + (int) (m.y() * s),
              Math.max(1, (int) Math.ceil(m.width() * s)),
              Math.max(1, (int) Math.ceil(m.height() * s)));
        }
        g.setColor(new Color(230, 20, 20, 220));
        g.setStroke(new BasicStroke(1f));
        for (PixelRect c : ChangeMap.changed(maskedGolden, maskedScreen, null)) {
          g.fillRect(
              x0 + (int) (c.x() * s),
              24 + (int) (c.y() * s),
              Math.max(1, (int) Math.ceil(c.width() * s)),
              Math.max(1, (int) Math.ceil(c.height() * s)));
        }
      } finally {
        g.dispose();
      }
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
      if (!ImageIO.write(out, "png", file.toFile())) {
        throw new IOException("no PNG writer");
      }
      return file;
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "diff_image: cannot write " + file + ": " + e.getMessage(),
          Map.of("field", "diff_image", "path", file.toString()),
          e);
    }
  }

  private static BufferedImage color(byte[] bytes) throws IOException {
    BufferedImage img = ImageIO.read(new ByteArrayInputStream(bytes));
    if (img == null) {
      throw new IOException("not an image");
    }
    return img;
  }
}

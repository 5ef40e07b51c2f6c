package dev.swipe.core.screen;

import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.core.internal.ChangeMap;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ImageCode;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.internal.DecodeOptions;
import dev.swipe.diff.internal.FrameStability;
import dev.swipe.diff.internal.ImageDecoder;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * A golden screenshot (JPEG or PNG of the phone screen) to compare screenshots with: regions that
 * change on their own (a clock, a caret, an avatar) are masked out, and a tolerance says what share
 * of the rest may differ. The comparison is {@code image_diff}'s: luminance in 2x2-pixel cells
 * against a threshold JPEG noise does not cross, so a golden saved at another JPEG quality still
 * matches.
 *
 * <pre>{@code
 * GoldenScreen golden = GoldenScreen.load(Path.of("src/test/resources/contacts.png"))
 *     .mask(NormRegion.of(0, 0, 1000, 40))      // the status bar clock
 *     .tolerance(0.002);
 * Comparison c = golden.compare(phone.screenshot());
 * }</pre>
 *
 * <p>Immutable: {@link #mask} and {@link #tolerance} return new goldens.
 */
@Api(status = Api.Status.STABLE)
public final class GoldenScreen {
  /** The default tolerance: any changed cell outside the masks is a mismatch. */
  public static final double DEFAULT_TOLERANCE = 0.0;

  private final String name;
  private final byte[] image;
  private final GreyRaster grey;
  private final List<NormRegion> masks;
  private final double tolerance;

  private GoldenScreen(
      String name, byte[] image, GreyRaster grey, List<NormRegion> masks, double tolerance) {
    this.name = name;
    this.image = image;
    this.grey = grey;
    this.masks = List.copyOf(masks);
    this.tolerance = tolerance;
  }

  /**
   * Reads a golden from a JPEG or PNG file.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code baseline}) when the file cannot
   *     be read, {@code image_decode_failed} when it is no image
   */
  public static GoldenScreen load(Path file) {
    SwipeException.requireArgument(file, "baseline");
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "baseline: cannot read " + file + ": " + e.getMessage(),
          Map.of("field", "baseline", "path", file.toString()),
          e);
    }
    return of(file.getFileName().toString(), bytes);
  }

  /**
   * A golden from image bytes (JPEG or PNG).
   *
   * @throws SwipeException {@code image_decode_failed} when the bytes are no image
   */
  public static GoldenScreen of(String name, byte[] image) {
    SwipeException.requireArgument(name, "name");
    SwipeException.requireArgument(image, "baseline");
    try {
      return new GoldenScreen(
          name,
          image.clone(),
          ImageDecoder.decode(image, DecodeOptions.DEFAULT),
          List.of(),
          DEFAULT_TOLERANCE);
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  /**
   * Saves a screenshot as a golden file (its JPEG bytes as captured), creating parent directories.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code baseline}) when it cannot be
   *     written
   */
  public static Path save(Observation screenshot, Path file) {
    SwipeException.requireArgument(screenshot, "screenshot");
    SwipeException.requireArgument(file, "baseline");
    try {
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
      return Files.write(file, screenshot.jpeg());
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "baseline: cannot write " + file + ": " + e.getMessage(),
          Map.of("field", "baseline", "path", file.toString()),
          e);
    }
  }

  /** This golden with more masked regions. */
  public GoldenScreen mask(NormRegion... regions) {
    SwipeException.requireArgument(regions, "masks");
    return masks(List.of(regions));
  }

  /**
   * This golden with more masked regions.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code masks[i]}) for a null entry
   */
  public GoldenScreen masks(List<NormRegion> regions) {
    SwipeException.requireArgument(regions, "masks");
    List<NormRegion> all = new ArrayList<>(masks);
    for (int i = 0; i < regions.size(); i++) {
      if (regions.get(i) == null) {
        throw SwipeException.invalidArgument(
            "masks[" + (masks.size() + i) + "]", "must not be null");
      }
      all.add(regions.get(i));
    }
    return new GoldenScreen(name, image, grey, all, tolerance);
  }

  /**
   * This golden with a masked region given as raw normalized numbers {@code {x, y, w, h}}, as an
   * agent or a config file sends them.
   *
   * @throws SwipeException {@code invalid_argument} naming {@code masks[i]} when the region is not
   *     a positive rectangle inside the screen's [0, 1000] space
   */
  public GoldenScreen mask(double x, double y, double w, double h) {
    String field = "masks[" + masks.size() + "]";
    boolean inside =
        Double.isFinite(x)
            && Double.isFinite(y)
            && Double.isFinite(w)
            && Double.isFinite(h)
            && x >= 0
            && y >= 0
            && w > 0
            && h > 0
            && x + w <= 1000 + 1e-9
            && y + h <= 1000 + 1e-9;
    if (!inside) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          field
              + " must be a positive rectangle inside the screen (x, y >= 0, x + w and y + h <= 1000), was {"
              + x
              + ", "
              + y
              + ", "
              + w
              + ", "
              + h
              + "}",
          Map.of("field", field, "x", x, "y", y, "w", w, "h", h),
          null);
    }
    return masks(List.of(NormRegion.of(x, y, w, h)));
  }

  /**
   * This golden with another tolerance: the share of unmasked pixels, in [0, 1), allowed to differ.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code tolerance}) outside [0, 1)
   */
  public GoldenScreen tolerance(double share) {
    if (!(share >= 0 && share < 1)) {
      throw SwipeException.invalidArgument("tolerance", "must be in [0, 1), was " + share);
    }
    return new GoldenScreen(name, image, grey, masks, share);
  }

  /** The golden's name (its file name when loaded from a file). */
  public String name() {
    return name;
  }

  /** The masked regions. */
  public List<NormRegion> masks() {
    return masks;
  }

  /** The tolerated share of changed unmasked pixels. */
  public double tolerance() {
    return tolerance;
  }

  /** The golden's width in pixels. */
  public int width() {
    return grey.width();
  }

  /** The golden's height in pixels. */
  public int height() {
    return grey.height();
  }

  /**
   * Compares a screenshot with this golden.
   *
   * @throws SwipeException {@code image_size_mismatch} (details give both sizes) when the
   *     screenshot is not the golden's size: another device, scale or orientation
   */
  public Comparison compare(Observation screenshot) {
    SwipeException.requireArgument(screenshot, "screenshot");
    if (screenshot.width() != grey.width() || screenshot.height() != grey.height()) {
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("baseline", name);
      details.put("baseline_width", grey.width());
      details.put("baseline_height", grey.height());
      details.put("screen_width", screenshot.width());
      details.put("screen_height", screenshot.height());
      throw new SwipeException(
          ImageCode.IMAGE_SIZE_MISMATCH,
          "the golden "
              + name
              + " is "
              + grey.width()
              + "x"
              + grey.height()
              + " but the screenshot "
              + screenshot.id()
              + " is "
              + screenshot.width()
              + "x"
              + screenshot.height()
              + "; record the golden on the same device and capture size",
          details,
          null);
    }
    try {
      GreyRaster actual = screenshot.grey();
      List<PixelRect> maskRects = new ArrayList<>();
      for (NormRegion m : masks) {
        maskRects.add(
            PixelRect.covering(m, grey.width(), grey.height()).clipTo(grey.width(), grey.height()));
      }
      GreyRaster a = masked(grey, maskRects);
      GreyRaster b = masked(actual, maskRects);
      long total = (long) grey.width() * grey.height();
      long masked = maskedArea(maskRects, grey.width(), grey.height());
      double whole = FrameStability.STRICT.compare(a, b).changedRatio();
      double ratio = total == masked ? 0 : Math.min(1.0, whole * total / (total - masked));
      return new Comparison(
          this, screenshot, a, b, maskRects, ratio, (double) masked / total, ratio <= tolerance);
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  byte[] imageBytes() {
    return image;
  }

  /** A copy with the masked pixels zeroed and their colour neutral, so both sides agree there. */
  private static GreyRaster masked(GreyRaster r, List<PixelRect> masks) {
    if (masks.isEmpty()) {
      return r;
    }
    return r.masked(masks);
  }

  private static long maskedArea(List<PixelRect> masks, int w, int h) {
    if (masks.isEmpty()) {
      return 0;
    }
    long n = 0;
    boolean[] row = new boolean[w];
    for (int y = 0; y < h; y++) {
      java.util.Arrays.fill(row, false);
      boolean any = false;
      for (PixelRect m : masks) {
        if (y >= m.y() && y < m.bottom()) {
          java.util.Arrays.fill(row, m.x(), m.right(), true);
          any = true;
        }
      }
      if (any) {
        for (boolean b : row) {
          n += b ? 1 : 0;
        }
      }
    }
    return n;
  }

  /** The outcome of comparing a screenshot with a {@link GoldenScreen}. */
  public static final class Comparison {
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

    Comparison(
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
}

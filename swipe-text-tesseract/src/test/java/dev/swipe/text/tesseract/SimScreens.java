package dev.swipe.text.tesseract;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.sim.SimOracle;
import dev.swipe.text.TextPage;
import dev.swipe.text.Word;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javax.imageio.ImageIO;

/** Simulator frames (decoded JPEG) with the words the simulator drew on them. */
final class SimScreens {
  private SimScreens() {}

  /** A frame and its truth. */
  record Screen(BufferedImage image, List<SimOracle.DrawnText> truth) {
    /**
     * Words that must be readable: fully visible, not in the status bar, two characters or more,
     * clear contrast.
     */
    List<SimOracle.DrawnText.Word> readableWords() {
      List<SimOracle.DrawnText.Word> out = new ArrayList<>();
      for (SimOracle.DrawnText t : truth) {
        if (t.statusBar() || t.alpha() < 0.99) {
          continue;
        }
        for (SimOracle.DrawnText.Word w : t.words()) {
          if (w.visibleFraction() >= 0.999 && key(w.text()).length() >= 2) {
            out.add(w);
          }
        }
      }
      return out;
    }
  }

  static Screen shoot(String uri) {
    return shoot(uri, d -> {});
  }

  static Screen shoot(String uri, Consumer<Device> setUp) {
    try (Device phone = Device.open(uri)) {
      setUp.accept(phone);
      Observation o = phone.screenshot();
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(o.jpeg()));
      return new Screen(img, SimOracle.of(phone).textOn(o));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void tapSearchField(Device phone) {
    phone.tap(NormPoint.of(500, 134));
  }

  /** Lower case, no accents, no punctuation around it. */
  static String key(String s) {
    String d =
        Normalizer.normalize(s, Normalizer.Form.NFKD)
            .replaceAll("\\p{M}+", "")
            .toLowerCase(Locale.ROOT);
    return d.replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$", "");
  }

  /**
   * The word read at the truth word's place with its text, or null. A read word that holds the
   * truth word run together with its neighbour ("+1555-0155": a narrow space missed) and covers its
   * centre counts too.
   */
  static Word readAt(TextPage page, SimOracle.DrawnText.Word truth) {
    Rectangle b = truth.box();
    int m = Math.max(4, b.height / 2);
    Rectangle near = new Rectangle(b.x - m, b.y - m, b.width + 2 * m, b.height + 2 * m);
    String want = key(truth.text());
    for (Word w : page.words()) {
      String got = key(w.text());
      if (got.equals(want) && near.contains(w.box().centerX(), w.box().centerY())) {
        return w;
      }
      Rectangle wb = new Rectangle(w.box().x(), w.box().y(), w.box().width(), w.box().height());
      if (got.length() > want.length()
          && got.contains(want)
          && wb.contains(b.getCenterX(), b.getCenterY())) {
        return w;
      }
    }
    return null;
  }
}

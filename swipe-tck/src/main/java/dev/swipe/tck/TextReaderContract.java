package dev.swipe.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextCode;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextReader;
import dev.swipe.text.Word;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The compatibility kit every {@link TextReader} passes: it reads large clear text, reports boxes
 * in the whole image's pixels also when a region was read, refuses a region outside the image,
 * serves several threads at once, and after {@code close()} fails with {@code
 * text_reader_unavailable}. Subclass it and implement {@link #openReader()}.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public abstract class TextReaderContract {
  /** For a provider's test class. */
  public TextReaderContract() {}

  /** The reader under test, opened fresh for each test. */
  protected TextReader reader;

  /** Opens the reader under test. */
  protected abstract TextReader openReader();

  /**
   * Two words the kit draws (dark on white, large, far apart on one line) and expects the reader to
   * find; override for an engine that reads another script.
   */
  protected List<String> sampleWords() {
    return List.of("SWIPE", "HELLO");
  }

  @BeforeEach
  void openUnderTest() {
    reader = openReader();
  }

  @AfterEach
  void closeUnderTest() {
    if (reader != null) { // null when opening it failed: the test already reports that
      reader.close();
    }
  }

  @Test
  void readsLargeClearTextOfTheWholeImage() {
    BufferedImage img = sample();
    TextPage page = reader.read(img);
    assertThat(page.width()).isEqualTo(img.getWidth());
    assertThat(page.height()).isEqualTo(img.getHeight());
    assertThat(upper(page)).containsAll(sampleWords());
    for (Word w : page.words()) {
      assertThat(w.box().fitsIn(img.getWidth(), img.getHeight())).as("box of %s", w).isTrue();
    }
  }

  @Test
  void aRegionIsReadAloneWithBoxesInTheWholeImagesPixels() {
    BufferedImage img = sample();
    TextBox rightHalf = new TextBox(img.getWidth() / 2, 0, img.getWidth() / 2, img.getHeight());
    TextPage page = reader.read(img, rightHalf);
    List<String> words = upper(page);
    assertThat(words).contains(sampleWords().get(1)).doesNotContain(sampleWords().get(0));
    for (Word w : page.words()) {
      assertThat(w.box().x()).as("box of %s", w).isGreaterThanOrEqualTo(rightHalf.x());
      assertThat(w.box().right()).as("box of %s", w).isLessThanOrEqualTo(img.getWidth());
    }
  }

  @Test
  void aBlankImageHasNoWords() {
    BufferedImage img = new BufferedImage(640, 160, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, img.getWidth(), img.getHeight());
    g.dispose();
    assertThat(reader.read(img).words()).isEmpty();
  }

  @Test
  void aRegionOutsideTheImageIsAnInvalidArgument() {
    BufferedImage img = sample();
    TextBox beyond = new TextBox(img.getWidth() - 10, 0, 50, 20);
    assertThatThrownBy(() -> reader.read(img, beyond))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT));
  }

  @Test
  void severalThreadsReadAtOnceAndAgree() throws Exception {
    BufferedImage img = sample();
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<List<String>>> runs =
          pool.invokeAll(
              List.of(
                  () -> upper(reader.read(img)),
                  () -> upper(reader.read(img)),
                  () -> upper(reader.read(img))),
              2,
              TimeUnit.MINUTES);
      for (Future<List<String>> run : runs) {
        assertThat(run.get()).containsAll(sampleWords());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void describesItself() {
    assertThat(reader.description()).isNotBlank();
  }

  @Test
  void closeTwiceIsHarmlessAndReadAfterCloseIsUnavailable() {
    reader.close();
    reader.close();
    assertThatThrownBy(() -> reader.read(sample()))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(TextCode.TEXT_READER_UNAVAILABLE));
  }

  /**
   * The sample words drawn in a wide image, the first in its left half, the second in its right.
   */
  private BufferedImage sample() {
    BufferedImage img = new BufferedImage(640, 160, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    try {
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, img.getWidth(), img.getHeight());
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 48));
      g.drawString(sampleWords().get(0), 30, 100);
      g.drawString(sampleWords().get(1), 360, 100);
    } finally {
      g.dispose();
    }
    return img;
  }

  private static List<String> upper(TextPage page) {
    return page.words().stream().map(w -> w.text().toUpperCase(Locale.ROOT)).toList();
  }
}

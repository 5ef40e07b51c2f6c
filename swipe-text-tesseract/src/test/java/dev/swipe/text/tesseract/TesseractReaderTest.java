package dev.swipe.text.tesseract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.SwipeException;
import dev.swipe.sim.SimOracle;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextQuery;
import dev.swipe.text.TextReader;
import dev.swipe.text.Word;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The real engine on real simulator JPEG frames, judged against the text the simulator drew. */
class TesseractReaderTest {
  private static TextReader reader;

  @BeforeAll
  static void open() {
    reader = TextReader.open("tesseract:");
  }

  @AfterAll
  static void close() {
    reader.close();
  }

  /**
   * Every contact name on a list frame is read (what a search looks for), and nine words in ten
   * overall.
   */
  private static void assertFindsEveryContact(SimScreens.Screen s) {
    TextPage page = reader.read(s.image());
    List<String> contacts = dev.swipe.sim.SimOracle.listContacts();
    int names = 0;
    for (SimOracle.DrawnText t : s.truth()) {
      if (contacts.contains(t.text()) && t.fullyVisible()) {
        names++;
        for (SimOracle.DrawnText.Word w : t.words()) {
          assertThat(SimScreens.readAt(page, w))
              .as("%s of %s in %s", w.text(), t.text(), page.text())
              .isNotNull();
        }
      }
    }
    assertThat(names).isGreaterThan(5);
    assertFindsMostWords(s, 0.9);
  }

  private static void assertFindsMostWords(SimScreens.Screen s, double share) {
    TextPage page = reader.read(s.image());
    List<SimOracle.DrawnText.Word> want = s.readableWords();
    assertThat(want).isNotEmpty();
    List<String> missed = new ArrayList<>();
    for (SimOracle.DrawnText.Word w : want) {
      Word got = SimScreens.readAt(page, w);
      if (got == null) {
        missed.add(w.text());
        continue;
      }
      if (SimScreens.key(got.text()).equals(SimScreens.key(w.text()))) {
        double tolerance = Math.max(4.0, w.box().height / 2.0);
        assertThat(got.box().centerX())
            .as(w.text())
            .isCloseTo(w.box().getCenterX(), within(tolerance));
        assertThat(got.box().centerY())
            .as(w.text())
            .isCloseTo(w.box().getCenterY(), within(tolerance));
      }
      assertThat(got.confidence()).isBetween(0.0, 1.0);
    }
    assertThat(want.size() - missed.size())
        .as("found of %s, missed %s", want.size(), missed)
        .isGreaterThanOrEqualTo((int) Math.ceil(share * want.size()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void readsEveryContactOfAList(String platform) {
    SimScreens.Screen s = SimScreens.shoot("sim:?scene=list&seed=21&platform=" + platform);
    assertFindsEveryContact(s);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "picker&platform=android",
        "picker&platform=ios",
        "carousel&platform=android",
        "carousel&platform=ios"
      })
  void readsPickersCarouselsAndButtons(String scene) {
    SimScreens.Screen s = SimScreens.shoot("sim:?seed=22&scene=" + scene);
    assertFindsMostWords(s, 0.95);
    assertThat(TextQuery.of("Save").find(reader.read(s.image())).size())
        .isEqualTo(scene.startsWith("picker") ? 1 : 0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void readsLightTextOnDarkBackgrounds(String platform) {
    SimScreens.Screen s =
        SimScreens.shoot("sim:?scene=list&theme=dark&seed=23&platform=" + platform);
    assertFindsEveryContact(s);
  }

  @Test
  void readsSmallTextOfADownscaledCapture() {
    SimScreens.Screen s = SimScreens.shoot("sim:?scene=list&seed=24&scale=0.45");
    assertFindsEveryContact(s);
  }

  @Test
  void skipsTheStatusBarOfAWholeScreenUnlessAsked() {
    SimScreens.Screen s = SimScreens.shoot("sim:?scene=list");
    SimOracle.DrawnText clock =
        s.truth().stream().filter(SimOracle.DrawnText::statusBar).findFirst().orElseThrow();
    assertThat(TextQuery.of(clock.text()).find(reader.read(s.image()))).isEmpty();
    try (TextReader all = TextReader.open("tesseract:?status_bar=read&threads=1")) {
      assertThat(TextQuery.of(clock.text()).find(all.read(s.image()))).hasSize(1);
    }
    // A region that covers the status bar reads it too.
    TextBox top = new TextBox(0, 0, s.image().getWidth(), 100);
    assertThat(TextQuery.of(clock.text()).find(reader.read(s.image(), top))).hasSize(1);
  }

  @Test
  void aRegionReadReturnsOnlyWordsInsideInWholeImagePixels() {
    SimScreens.Screen s = SimScreens.shoot("sim:?scene=list&seed=25");
    TextBox band = new TextBox(0, 800, 1080, 300);
    TextPage page = reader.read(s.image(), band);
    assertThat(page.width()).isEqualTo(1080);
    assertThat(page.height()).isEqualTo(2400);
    assertThat(page.words())
        .isNotEmpty()
        .allSatisfy(
            w -> {
              assertThat(w.box().x()).isGreaterThanOrEqualTo(band.x());
              assertThat(w.box().y()).isGreaterThanOrEqualTo(band.y());
              assertThat(w.box().right()).isLessThanOrEqualTo(band.right());
              assertThat(w.box().bottom()).isLessThanOrEqualTo(band.bottom());
            });
    int inside = 0;
    for (SimOracle.DrawnText.Word w : s.readableWords()) {
      if (w.box().y >= band.y() && w.box().y + w.box().height <= band.bottom()) {
        inside++;
        assertThat(SimScreens.readAt(page, w)).as(w.text()).isNotNull();
      }
    }
    assertThat(inside).isGreaterThan(3);
  }

  @Test
  void fourThreadsReadTheSameAsOneAtATime() throws Exception {
    List<BufferedImage> images =
        List.of(
            SimScreens.shoot("sim:?scene=list&seed=26").image(),
            SimScreens.shoot("sim:?scene=picker&seed=26&theme=dark").image(),
            SimScreens.shoot("sim:?scene=carousel&seed=26&platform=ios").image(),
            SimScreens.shoot("sim:?scene=list&seed=27&scale=0.45").image());
    List<TextPage> sequential = new ArrayList<>();
    for (BufferedImage img : images) {
      sequential.add(reader.read(img));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<TextPage>> futures = new ArrayList<>();
      for (int round = 0; round < 2; round++) {
        for (BufferedImage img : images) {
          futures.add(pool.submit(() -> reader.read(img)));
        }
      }
      for (int i = 0; i < futures.size(); i++) {
        assertThat(futures.get(i).get(60, TimeUnit.SECONDS))
            .isEqualTo(sequential.get(i % images.size()));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void closingFreesTheEnginesAndLaterReadsFailWithACode() {
    BufferedImage img = SimScreens.shoot("sim:?scene=picker").image();
    TextReader r = TextReader.open("tesseract:?threads=2");
    assertThat(r.description()).contains("tesseract").contains("eng");
    assertThat(r.read(img).words()).isNotEmpty();
    r.close();
    r.close();
    assertThatThrownBy(() -> r.read(img))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code().id()).isEqualTo("text_reader_unavailable"));
  }

  @Test
  void badInputsAreCodedErrors() {
    BufferedImage img = new BufferedImage(200, 100, BufferedImage.TYPE_3BYTE_BGR);
    assertThatThrownBy(() -> reader.read(img, new TextBox(150, 50, 100, 10)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code().id()).isEqualTo("invalid_argument");
              assertThat(e.field()).isEqualTo("region");
            });
    assertThatThrownBy(() -> reader.read(null))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("image"));
    // The smallest images hold no text, and say so without failing.
    assertThat(reader.read(new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB)).lines()).isEmpty();
    assertThat(reader.read(img).lines()).isEmpty();
  }
}

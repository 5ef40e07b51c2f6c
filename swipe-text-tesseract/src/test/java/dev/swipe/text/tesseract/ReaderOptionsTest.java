package dev.swipe.text.tesseract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.text.TextReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What {@code tesseract:} URIs may say, and what a reader that cannot start reports. */
class ReaderOptionsTest {

  @Test
  void defaultsAndOptions() {
    ReaderOptions d = ReaderOptions.parse("tesseract:");
    assertThat(d.languages()).isEqualTo("eng");
    assertThat(d.tessdata()).isEmpty();
    assertThat(d.threads()).isBetween(1, 4);
    assertThat(d.readStatusBar()).isFalse();
    ReaderOptions o =
        ReaderOptions.parse("tesseract:?lang=eng%2Bdeu&threads=3&status_bar=read&tessdata=/opt/td");
    assertThat(o.languages()).isEqualTo("eng+deu");
    assertThat(o.threads()).isEqualTo(3);
    assertThat(o.readStatusBar()).isTrue();
    assertThat(o.tessdata()).contains(Path.of("/opt/td"));
    assertThat(TextReader.knownSchemes()).contains("tesseract");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "tesseract:?colour=red",
        "tesseract:?threads=0",
        "tesseract:?threads=99",
        "tesseract:?threads=two",
        "tesseract:?lang=../etc",
        "tesseract:?status_bar=maybe",
        "tesseract:/some/path",
        "tesseract:?threads=1&threads=2",
        "tesseract:?tessdata="
      })
  void unknownOrBadOptionsAreInvalidArgumentsNamingTheUri(String uri) {
    assertThatThrownBy(() -> TextReader.open(uri))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code().id()).isEqualTo("invalid_argument");
              assertThat(e.field()).isEqualTo("uri");
            });
  }

  @Test
  void aTypoInTheSchemeIsAnUnknownSchemeListingTheKnownOnesAlsoWithoutOpening() {
    for (Runnable call :
        new Runnable[] {
          () -> TextReader.open("tesserct:"), () -> TextReader.check("tesserct:?lang=eng")
        }) {
      assertThatThrownBy(call::run)
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code().id()).as("the code devices answer").isEqualTo("unknown_scheme");
                assertThat(e.field()).isEqualTo("uri");
                assertThat(e.details().get("known_schemes").toString()).contains("tesseract");
              })
          .hasMessageContaining("tesserct")
          .hasMessageContaining("tesseract");
    }
    TextReader.check("tesseract:"); // a known scheme passes, and no engine is loaded for it
  }

  @Test
  void aLanguageWithoutTrainedDataIsUnavailableNamingTheMissingFile(@TempDir Path dir)
      throws Exception {
    assertThatThrownBy(() -> TextReader.open("tesseract:?lang=deu"))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code().id()).isEqualTo("text_reader_unavailable");
              assertThat(e.details().get("missing").toString()).endsWith("deu.traineddata");
              assertThat(e.details()).containsKey("platform");
            });
    // A file that is there but is not trained data: the engine refuses it, nothing is left open.
    Files.writeString(dir.resolve("eng.traineddata"), "not trained data");
    assertThatThrownBy(() -> TextReader.open("tesseract:?threads=2&tessdata=" + dir))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code().id()).isEqualTo("text_reader_unavailable"));
  }
}

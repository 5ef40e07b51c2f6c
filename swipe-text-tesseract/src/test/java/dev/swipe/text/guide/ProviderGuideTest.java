package dev.swipe.text.guide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextMatch;
import dev.swipe.text.TextQuery;
import dev.swipe.text.TextReader;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The provider of docs/text-readers.md is found by its scheme and keeps the SPI contract. */
class ProviderGuideTest {
  private static final BufferedImage SCREEN =
      new BufferedImage(1080, 2400, BufferedImage.TYPE_3BYTE_BGR);

  @Test
  void theGuidesProviderIsFoundByItsSchemeAndFindsText() {
    assertThat(TextReader.knownSchemes()).contains("replay");
    try (TextReader reader =
        TextReader.open("replay:?words=Save@430,900,220,80;Cancel@430,1100,220,80")) {
      List<TextMatch> found = TextQuery.of("save").find(reader.read(SCREEN));
      assertThat(found).hasSize(1);
      assertThat(found.get(0).box()).isEqualTo(new TextBox(430, 900, 220, 80));
      // A region read keeps whole-image pixels and only what lies inside.
      assertThat(reader.read(SCREEN, new TextBox(0, 1000, 1080, 300)).words())
          .singleElement()
          .satisfies(w -> assertThat(w.box().y()).isEqualTo(1100));
    }
  }

  @Test
  void itRefusesUnknownOptionsAndReadsAfterClose() {
    assertThatThrownBy(() -> TextReader.open("replay:?speed=fast"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("uri"));
    TextReader reader = TextReader.open("replay:");
    reader.close();
    assertThatThrownBy(() -> reader.read(SCREEN))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code().id()).isEqualTo("text_reader_unavailable"));
  }
}

package dev.swipe.webdriver;

import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimPhone;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextReader;
import dev.swipe.text.Word;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * A text reader that "reads" the strings the simulator drew on the current frame (fully visible,
 * not the status bar), so page-source tests do not depend on an OCR engine being installed.
 */
final class SimTextReader implements TextReader {
  private final SimPhone phone;

  SimTextReader(SimPhone phone) {
    this.phone = phone;
  }

  @Override
  public TextPage read(BufferedImage image, TextBox region) {
    List<TextLine> lines = new ArrayList<>();
    for (SimOracle.DrawnText t : phone.oracle().drawnText()) {
      if (!t.fullyVisible() || t.statusBar() || t.words().isEmpty()) {
        continue;
      }
      List<Word> words = new ArrayList<>();
      for (SimOracle.DrawnText.Word w : t.words()) {
        TextBox box = new TextBox(w.box().x, w.box().y, w.box().width, w.box().height);
        if (box.fitsIn(image.getWidth(), image.getHeight())) {
          words.add(new Word(w.text(), box, 0.99));
        }
      }
      if (words.size() == t.words().size()) {
        lines.add(TextLine.of(words));
      }
    }
    return new TextPage(image.getWidth(), image.getHeight(), lines);
  }

  @Override
  public String description() {
    return "the simulator's drawn text";
  }

  @Override
  public void close() {}
}

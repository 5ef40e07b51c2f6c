package dev.swipe.text.guide;

import dev.swipe.base.SwipeException;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextCode;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextReader;
import dev.swipe.text.TextReaderProvider;
import dev.swipe.text.Word;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The example of docs/text-readers.md: an engine that "reads" words given in its URI, e.g. {@code
 * replay:?words=Save@430,900,220,80;Cancel@430,1100,220,80} (text@x,y,width,height in the pixels of
 * a full screen). A stand-in for a real engine, for offline agent tests.
 */
public final class ReplayTextReaderProvider implements TextReaderProvider {

  @Override
  public String scheme() {
    return "replay";
  }

  @Override
  public TextReader open(String uri) {
    String query = uri.contains("?") ? uri.substring(uri.indexOf('?') + 1) : "";
    List<Word> words = new ArrayList<>();
    for (String option : query.split("&")) {
      if (option.isEmpty()) {
        continue;
      }
      if (!option.startsWith("words=")) {
        // Unknown options are refused, naming the field, never ignored.
        throw SwipeException.invalidArgument(
            "uri", "unknown option '" + option + "'; replay: understands words");
      }
      for (String w : option.substring("words=".length()).split(";")) {
        String[] parts = w.split("[@,]");
        if (parts.length != 5) {
          throw SwipeException.invalidArgument(
              "uri", "a word is text@x,y,width,height, got '" + w + "'");
        }
        try {
          TextBox box =
              new TextBox(
                  Integer.parseInt(parts[1]),
                  Integer.parseInt(parts[2]),
                  Integer.parseInt(parts[3]),
                  Integer.parseInt(parts[4]));
          words.add(new Word(parts[0], box, 1.0));
        } catch (NumberFormatException e) {
          throw SwipeException.invalidArgument("uri", "bad number in '" + w + "'");
        }
      }
    }
    return new ReplayReader(List.copyOf(words));
  }

  /** Immutable words plus a volatile flag: safe to share between threads without locks. */
  private static final class ReplayReader implements TextReader {
    private final List<Word> words;
    private volatile boolean closed;

    ReplayReader(List<Word> words) {
      this.words = words;
    }

    @Override
    public TextPage read(BufferedImage image, TextBox region) {
      if (closed) {
        throw new SwipeException(
            TextCode.TEXT_READER_UNAVAILABLE, "the replay reader is closed", Map.of(), null);
      }
      if (image == null) {
        throw SwipeException.invalidArgument("image", "is required");
      }
      if (region != null && !region.fitsIn(image.getWidth(), image.getHeight())) {
        throw SwipeException.invalidArgument("region", "must lie inside the image");
      }
      List<TextLine> lines = new ArrayList<>();
      for (Word w : words) {
        TextBox b = w.box();
        boolean inImage = b.fitsIn(image.getWidth(), image.getHeight());
        // Only words inside the region; boxes stay in the whole image's pixels.
        boolean inRegion =
            region == null
                || (b.x() >= region.x()
                    && b.y() >= region.y()
                    && b.right() <= region.right()
                    && b.bottom() <= region.bottom());
        if (inImage && inRegion) {
          lines.add(TextLine.of(List.of(w)));
        }
      }
      return new TextPage(image.getWidth(), image.getHeight(), lines);
    }

    @Override
    public String description() {
      return "replay (" + words.size() + " words)";
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}

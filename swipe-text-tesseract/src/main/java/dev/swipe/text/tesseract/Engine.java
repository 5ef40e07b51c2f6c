package dev.swipe.text.tesseract;

import static org.bytedeco.tesseract.global.tesseract.OEM_LSTM_ONLY;
import static org.bytedeco.tesseract.global.tesseract.RIL_WORD;
import static org.bytedeco.tesseract.global.tesseract.TessDeleteText;

import dev.swipe.base.SwipeException;
import dev.swipe.text.TextCode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.tesseract.ResultIterator;
import org.bytedeco.tesseract.TessBaseAPI;

/** One Tesseract instance; used by one thread at a time (the reader's pool sees to that). */
final class Engine implements AutoCloseable {
  private final TessBaseAPI api;
  private final int[] l = new int[1];
  private final int[] t = new int[1];
  private final int[] r = new int[1];
  private final int[] b = new int[1];

  /** A word as the engine saw it, in the picture's pixels, confidence 0-100. */
  record RawWord(String text, int left, int top, int right, int bottom, float confidence) {}

  private Engine(TessBaseAPI api) {
    this.api = api;
  }

  static Engine open(Path tessdata, String languages) {
    TessBaseAPI api = new TessBaseAPI();
    String dir = tessdata.toAbsolutePath().toString();
    int rc = api.Init(dir, languages, OEM_LSTM_ONLY);
    if (rc != 0) {
      api.End();
      api.close();
      throw new SwipeException(
          TextCode.TEXT_READER_UNAVAILABLE,
          "Tesseract could not load the trained data '" + languages + "' from " + dir,
          Map.of(
              "missing",
              dir + "/" + languages + ".traineddata (readable, uncorrupted)",
              "platform",
              Natives.platform()),
          null);
    }
    // Lines come one at a time, already inverted where needed; quiet logs.
    api.SetVariable("tessedit_do_invert", "0");
    api.SetVariable("debug_file", "/dev/null");
    api.SetVariable("user_defined_dpi", "300");
    return new Engine(api);
  }

  /** Recognises one grey picture with a page segmentation mode; words in the picture's pixels. */
  List<RawWord> recognise(byte[] px, int width, int height, int pageSegMode) {
    api.SetPageSegMode(pageSegMode);
    api.SetImage(px, width, height, 1, width);
    List<RawWord> out = new ArrayList<>();
    if (api.Recognize(null) != 0) {
      api.Clear();
      return out;
    }
    ResultIterator it = api.GetIterator();
    if (it == null) {
      api.Clear();
      return out;
    }
    try {
      do {
        BytePointer text = it.GetUTF8Text(RIL_WORD);
        if (text == null || text.isNull()) {
          continue;
        }
        String s;
        try {
          s = text.getString(StandardCharsets.UTF_8);
        } finally {
          TessDeleteText(text);
        }
        if (s.isBlank() || !it.BoundingBox(RIL_WORD, l, t, r, b)) {
          continue;
        }
        out.add(new RawWord(s.strip(), l[0], t[0], r[0], b[0], it.Confidence(RIL_WORD)));
      } while (it.Next(RIL_WORD));
    } finally {
      org.bytedeco.tesseract.global.tesseract.TessResultIteratorDelete(it);
      api.Clear();
    }
    return out;
  }

  @Override
  public void close() {
    api.End();
    api.close();
  }
}

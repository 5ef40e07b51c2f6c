package dev.swipe.bench.text;

import static org.bytedeco.tesseract.global.tesseract.RIL_WORD;
import static org.bytedeco.tesseract.global.tesseract.TessDeleteText;
import static org.bytedeco.tesseract.global.tesseract.TessResultIteratorDelete;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.tesseract.ResultIterator;
import org.bytedeco.tesseract.TessBaseAPI;

/**
 * The anchor "in-process defaults": what a host gets by wiring Tesseract naively. One engine,
 * default settings (page segmentation 3, automatic), the whole RGB image, every word it returns.
 * Same native library and trained data as the swipe reader.
 */
final class NaiveTesseract implements AutoCloseable {
  private final TessBaseAPI api = new TessBaseAPI();

  NaiveTesseract() throws IOException {
    Path dir = Files.createTempDirectory("bench-tessdata-");
    try (InputStream in =
        NaiveTesseract.class.getResourceAsStream(
            "/dev/swipe/text/tesseract/tessdata/eng.traineddata")) {
      Files.copy(in, dir.resolve("eng.traineddata"), StandardCopyOption.REPLACE_EXISTING);
    }
    if (api.Init(dir.toString(), "eng") != 0) {
      throw new IllegalStateException("tesseract init failed");
    }
  }

  List<TextScore.ReadWord> read(BufferedImage img) {
    int w = img.getWidth();
    int h = img.getHeight();
    byte[] rgb = new byte[w * h * 3];
    int[] row = new int[w];
    for (int y = 0; y < h; y++) {
      img.getRGB(0, y, w, 1, row, 0, w);
      for (int x = 0; x < w; x++) {
        int o = (y * w + x) * 3;
        rgb[o] = (byte) (row[x] >> 16);
        rgb[o + 1] = (byte) (row[x] >> 8);
        rgb[o + 2] = (byte) row[x];
      }
    }
    api.SetImage(rgb, w, h, 3, w * 3);
    List<TextScore.ReadWord> out = new ArrayList<>();
    api.Recognize(null);
    ResultIterator it = api.GetIterator();
    if (it != null) {
      int[] l = new int[1];
      int[] t = new int[1];
      int[] r = new int[1];
      int[] b = new int[1];
      do {
        BytePointer p = it.GetUTF8Text(RIL_WORD);
        if (p == null || p.isNull()) {
          continue;
        }
        String s = p.getString(StandardCharsets.UTF_8).strip();
        TessDeleteText(p);
        if (!s.isEmpty() && it.BoundingBox(RIL_WORD, l, t, r, b)) {
          out.add(new TextScore.ReadWord(s, new Rectangle(l[0], t[0], r[0] - l[0], b[0] - t[0])));
        }
      } while (it.Next(RIL_WORD));
      TessResultIteratorDelete(it);
    }
    api.Clear();
    return out;
  }

  @Override
  public void close() {
    api.End();
    api.close();
  }
}

package dev.swipe.text.tesseract;

import dev.swipe.text.TextReader;
import dev.swipe.text.TextReaderProvider;

/**
 * The {@code tesseract:} text reader: Tesseract 5 in process, with English trained data shipped in
 * this jar and the native library from {@code org.bytedeco:tesseract}, tuned for phone screens
 * (lines found from pixels, light-on-dark inverted, small text enlarged, status bar skipped).
 *
 * <p>URI options: {@code lang} (default {@code eng}; codes joined by {@code +}), {@code tessdata}
 * (a directory with other languages' {@code .traineddata}), {@code threads} (engines reading lines
 * in parallel; default the cores, at most 4), {@code status_bar=skip|read} (default skip: a
 * whole-screen read ignores the clock and icons at the top). Open one reader per device and share
 * it between threads; close it to free the engines' native memory.
 */
public final class TesseractReaderProvider implements TextReaderProvider {

  /** For {@link java.util.ServiceLoader}. */
  public TesseractReaderProvider() {}

  @Override
  public String scheme() {
    return "tesseract";
  }

  @Override
  public TextReader open(String uri) {
    return TesseractReader.open(ReaderOptions.parse(uri));
  }
}

package dev.swipe.text.tesseract;

import dev.swipe.tck.TextReaderContract;
import dev.swipe.text.TextReader;
import dev.swipe.text.TextReaders;

/** The Tesseract reader, opened by its scheme as a host opens it, passes the text reader kit. */
class TesseractReaderContractTest extends TextReaderContract {
  @Override
  protected TextReader openReader() {
    return TextReaders.open("tesseract:");
  }
}

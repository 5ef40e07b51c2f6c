package dev.swipe.text.tesseract;

import dev.swipe.tck.TextReaderContract;
import dev.swipe.text.TextReader;

/** The Tesseract reader, opened by its scheme as a host opens it, passes the text reader kit. */
class TesseractReaderContractTest extends TextReaderContract {
  @Override
  protected TextReader openReader() {
    return TextReader.open("tesseract:");
  }
}

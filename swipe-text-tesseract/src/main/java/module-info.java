/** A {@code TextReader} on Tesseract (through JavaCPP), found by the {@code tesseract:} scheme. */
module dev.swipe.text.tesseract {
  requires dev.swipe.text;
  requires org.bytedeco.javacpp;
  requires org.bytedeco.leptonica;
  requires org.bytedeco.tesseract;

  provides dev.swipe.text.TextReaderProvider with
      dev.swipe.text.tesseract.TesseractReaderProvider;
}

/** Reading text from screenshots: the TextReader SPI, queries and matching. */
module dev.swipe.text {
  requires transitive dev.swipe.base;
  requires transitive java.desktop;

  exports dev.swipe.text;

  uses dev.swipe.text.TextReaderProvider;
}

/**
 * Pure image algorithms on decoded frames: decode, diff, primary axis, row pitch and stability. No
 * devices, no I/O beyond decoding bytes handed in.
 */
module dev.swipe.diff {
  requires transitive dev.swipe.base;
  requires transitive java.desktop;

  // TwelveMonkeys' JPEG reader is not required here: it is an ImageIO plugin, bound at run time
  // as a provider of javax.imageio.spi.ImageReaderSpi (java.desktop uses that service).

  exports dev.swipe.diff;
}

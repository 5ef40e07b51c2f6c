/**
 * Pure image algorithms on decoded frames: decode, diff, primary axis, row pitch and stability. No
 * devices, no I/O beyond decoding bytes handed in.
 */
@SuppressWarnings("module")
// the qualified export names modules built after this one (they need it)
module dev.swipe.diff {
  requires transitive dev.swipe.base;
  requires transitive java.desktop;

  // TwelveMonkeys' JPEG reader is not required here: it is an ImageIO plugin, bound at run time
  // as a provider of javax.imageio.spi.ImageReaderSpi (java.desktop uses that service).

  exports dev.swipe.diff;
  // the algorithms, not API: core runs them for a device, capture checks JPEG structure, the
  // agent's tools, flows and the report decode and compare frames
  exports dev.swipe.diff.internal to
      dev.swipe.core,
      dev.swipe.capture,
      dev.swipe.agent,
      dev.swipe.flow,
      dev.swipe.report;
}

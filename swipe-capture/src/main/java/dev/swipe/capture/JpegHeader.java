package dev.swipe.capture;

/**
 * What the capture paths need to know about JPEG bytes without decoding them: the frame size from
 * the SOF marker, and whether the bytes form a whole image (SOI first, EOI last). A structural
 * check costs microseconds, so every received part is checked before it can become the newest
 * frame.
 */
record JpegHeader(int width, int height) {

  /**
   * Reads the size of a complete JPEG, or returns null when the bytes are not one (no SOI, no SOF
   * before the scan, or no EOI at the end: a truncated image).
   */
  static JpegHeader ofComplete(byte[] data, int length) {
    if (data == null || length < 4 || (data[0] & 0xFF) != 0xFF || (data[1] & 0xFF) != 0xD8) {
      return null;
    }
    int end = length;
    while (end > 2 && isPadding(data[end - 1])) {
      end--;
    }
    if (end < 4 || (data[end - 2] & 0xFF) != 0xFF || (data[end - 1] & 0xFF) != 0xD9) {
      return null;
    }
    return sizeOf(data, end);
  }

  /** The size in the first SOF marker, or null when there is none before the scan. */
  static JpegHeader sizeOf(byte[] data, int length) {
    int i = 2;
    while (i + 3 < length) {
      if ((data[i] & 0xFF) != 0xFF) {
        return null;
      }
      int marker = data[i + 1] & 0xFF;
      if (marker == 0xFF) {
        i++;
        continue;
      }
      if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
        i += 2;
        continue;
      }
      if (marker == 0xD9 || marker == 0xDA) {
        return null;
      }
      int segment = ((data[i + 2] & 0xFF) << 8) | (data[i + 3] & 0xFF);
      if (segment < 2) {
        return null;
      }
      boolean sof =
          marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
      if (sof) {
        if (i + 8 >= length) {
          return null;
        }
        int h = ((data[i + 5] & 0xFF) << 8) | (data[i + 6] & 0xFF);
        int w = ((data[i + 7] & 0xFF) << 8) | (data[i + 8] & 0xFF);
        return w > 0 && h > 0 ? new JpegHeader(w, h) : null;
      }
      i += 2 + segment;
    }
    return null;
  }

  private static boolean isPadding(byte b) {
    return b == '\r' || b == '\n' || b == 0 || b == ' ';
  }
}

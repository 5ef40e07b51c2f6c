package dev.swipe.core.spi;

/** The pixel size a JPEG declares in its first SOF marker, read without decoding the image. */
final class JpegSize {
  private JpegSize() {}

  /** {width, height}, or null when the bytes hold no SOF marker before the scan. */
  static int[] of(byte[] data) {
    if (data == null || data.length < 4 || (data[0] & 0xFF) != 0xFF || (data[1] & 0xFF) != 0xD8) {
      return null;
    }
    int i = 2;
    while (i + 3 < data.length) {
      if ((data[i] & 0xFF) != 0xFF) {
        return null;
      }
      int marker = data[i + 1] & 0xFF;
      if (marker == 0xFF) {
        i++; // fill byte
        continue;
      }
      if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
        i += 2; // markers without a length
        continue;
      }
      if (marker == 0xD9 || marker == 0xDA) {
        return null; // end of image or start of scan before any frame header
      }
      int length = ((data[i + 2] & 0xFF) << 8) | (data[i + 3] & 0xFF);
      boolean frameHeader =
          marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
      if (frameHeader && i + 8 < data.length) {
        int h = ((data[i + 5] & 0xFF) << 8) | (data[i + 6] & 0xFF);
        int w = ((data[i + 7] & 0xFF) << 8) | (data[i + 8] & 0xFF);
        return w > 0 && h > 0 ? new int[] {w, h} : null;
      }
      if (length < 2) {
        return null;
      }
      i += 2 + length;
    }
    return null;
  }
}

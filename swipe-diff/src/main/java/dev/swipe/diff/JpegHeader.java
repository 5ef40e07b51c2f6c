package dev.swipe.diff;

/**
 * Reads just enough of a JPEG's markers to know how to decode it fast: whether its three components
 * are YCbCr (so the raw raster holds Y, Cb and Cr) or it is a grey JPEG. Why not ask ImageIO: its
 * metadata tree costs more than the scan, and libjpeg's own rule (JFIF, Adobe transform, component
 * ids) is short.
 */
final class JpegHeader {

  private JpegHeader() {}

  /**
   * 3 for a three-component YCbCr JPEG, 1 for a grey one or when no frame header is found before
   * the data ends (the grey path then reports what is wrong), 0 for anything else (RGB, CMYK,
   * YCCK), which takes a colour decode.
   */
  static int ycbcrComponents(byte[] d) {
    boolean jfif = false;
    int adobeTransform = -1;
    int components = -1;
    int[] ids = new int[3];
    int i = 2;
    while (i + 4 <= d.length) {
      if ((d[i] & 0xFF) != 0xFF) {
        return components < 0 ? 1 : decide(components, jfif, adobeTransform, ids);
      }
      int m = d[i + 1] & 0xFF;
      if (m == 0xFF) {
        i++; // fill byte
        continue;
      }
      if (m == 0x01 || (m >= 0xD0 && m <= 0xD8)) {
        i += 2; // markers without a length
        continue;
      }
      if (m == 0xDA || m == 0xD9) {
        break; // start of scan or end of image: the headers are over
      }
      int len = ((d[i + 2] & 0xFF) << 8) | (d[i + 3] & 0xFF);
      int seg = i + 4;
      int end = i + 2 + len;
      if (len < 2 || end > d.length) {
        break;
      }
      if (m == 0xE0 && startsWith(d, seg, end, "JFIF")) {
        jfif = true;
      } else if (m == 0xEE && startsWith(d, seg, end, "Adobe") && seg + 11 < end) {
        adobeTransform = d[seg + 11] & 0xFF;
      } else if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC && seg + 6 <= end) {
        components = d[seg + 5] & 0xFF;
        for (int k = 0; k < Math.min(3, components) && seg + 6 + 3 * k < end; k++) {
          ids[k] = d[seg + 6 + 3 * k] & 0xFF;
        }
      }
      i = end;
    }
    return components < 0 ? 1 : decide(components, jfif, adobeTransform, ids);
  }

  private static int decide(int components, boolean jfif, int adobeTransform, int[] ids) {
    if (components == 1) {
      return 1;
    }
    if (components != 3) {
      return 0;
    }
    if (jfif) {
      return 3;
    }
    if (adobeTransform >= 0) {
      return adobeTransform == 0 ? 0 : 3;
    }
    return ids[0] == 'R' && ids[1] == 'G' && ids[2] == 'B' ? 0 : 3;
  }

  private static boolean startsWith(byte[] d, int from, int end, String tag) {
    if (from + tag.length() > end) {
      return false;
    }
    for (int k = 0; k < tag.length(); k++) {
      if (d[from + k] != tag.charAt(k)) {
        return false;
      }
    }
    return true;
  }
}

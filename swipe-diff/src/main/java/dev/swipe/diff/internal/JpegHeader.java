package dev.swipe.diff.internal;

import org.jspecify.annotations.Nullable;

/**
 * What a JPEG's markers say before its scan, read without decoding it: the frame size from the
 * first SOF marker and, for the fast grey and colour paths, how its components are coded. The
 * capture paths check every received part with {@link #readComplete} (microseconds), core stamps a
 * frame's size with {@link #read}, and the decoder picks its path with the component rule. Why not
 * ask ImageIO: its metadata tree costs more than the scan, and libjpeg's own rule (JFIF, Adobe
 * transform, component ids) is short.
 *
 * @param width the frame width in pixels, positive
 * @param height the frame height in pixels, positive
 */
public record JpegHeader(int width, int height) {

  /**
   * The size in the first SOF marker of {@code data[0..length)}, or null when the bytes do not
   * start a JPEG (no SOI) or hold no SOF marker before the scan.
   */
  public static @Nullable JpegHeader read(byte[] data, int length) {
    if (data == null || length < 4 || (data[0] & 0xFF) != 0xFF || (data[1] & 0xFF) != 0xD8) {
      return null;
    }
    Markers m = Markers.walk(data, Math.min(length, data.length));
    return m.width > 0 && m.height > 0 ? new JpegHeader(m.width, m.height) : null;
  }

  /**
   * {@link #read}, only for bytes that form a whole image: SOI first and EOI last (trailing line
   * ends, spaces or zero bytes allowed), so a truncated part never becomes a frame.
   */
  public static @Nullable JpegHeader readComplete(byte[] data, int length) {
    if (data == null || length < 4 || length > data.length) {
      return null;
    }
    int end = length;
    while (end > 2 && isPadding(data[end - 1])) {
      end--;
    }
    if (end < 4 || (data[end - 2] & 0xFF) != 0xFF || (data[end - 1] & 0xFF) != 0xD9) {
      return null;
    }
    return read(data, end);
  }

  /**
   * 3 for a three-component YCbCr JPEG, 1 for a grey one or when no frame header is found before
   * the data ends (the grey path then reports what is wrong), 0 for anything else (RGB, CMYK,
   * YCCK), which takes a colour decode.
   */
  static int ycbcrComponents(byte[] d) {
    Markers m = Markers.walk(d, d.length);
    if (m.components < 0) {
      return 1;
    }
    if (m.components == 1) {
      return 1;
    }
    if (m.components != 3) {
      return 0;
    }
    if (m.jfif) {
      return 3;
    }
    if (m.adobeTransform >= 0) {
      return m.adobeTransform == 0 ? 0 : 3;
    }
    return m.ids[0] == 'R' && m.ids[1] == 'G' && m.ids[2] == 'B' ? 0 : 3;
  }

  private static boolean isPadding(byte b) {
    return b == '\r' || b == '\n' || b == 0 || b == ' ';
  }

  /** The markers before the scan: one walk serves the size and the component rule. */
  private static final class Markers {
    int width = -1;
    int height = -1;
    int components = -1;
    final int[] ids = new int[3];
    boolean jfif;
    int adobeTransform = -1;

    /** Walks the segments after SOI up to the scan, the end of the image or of the bytes. */
    static Markers walk(byte[] d, int length) {
      Markers out = new Markers();
      int i = 2;
      while (i + 4 <= length) {
        if ((d[i] & 0xFF) != 0xFF) {
          return out;
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
          return out; // start of scan or end of image: the headers are over
        }
        int len = ((d[i + 2] & 0xFF) << 8) | (d[i + 3] & 0xFF);
        int seg = i + 4;
        int end = i + 2 + len;
        if (len < 2) {
          return out;
        }
        boolean frameHeader = m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC;
        if (frameHeader && out.width < 0) {
          if (seg + 5 > length) {
            return out;
          }
          out.height = ((d[seg + 1] & 0xFF) << 8) | (d[seg + 2] & 0xFF);
          out.width = ((d[seg + 3] & 0xFF) << 8) | (d[seg + 4] & 0xFF);
        }
        if (end > length) {
          return out; // a truncated segment: what was read so far stands
        }
        if (frameHeader && out.components < 0 && seg + 6 <= end) {
          out.components = d[seg + 5] & 0xFF;
          for (int k = 0; k < Math.min(3, out.components) && seg + 6 + 3 * k < end; k++) {
            out.ids[k] = d[seg + 6 + 3 * k] & 0xFF;
          }
        }
        if (m == 0xE0 && startsWith(d, seg, end, "JFIF")) {
          out.jfif = true;
        } else if (m == 0xEE && startsWith(d, seg, end, "Adobe") && seg + 11 < end) {
          out.adobeTransform = d[seg + 11] & 0xFF;
        }
        i = end;
      }
      return out;
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
}

package dev.swipe.diff.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.PixelInterleavedSampleModel;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.Iterator;
import java.util.Locale;
import javax.imageio.IIOException;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import org.jspecify.annotations.Nullable;

/**
 * Turns screenshot bytes (JPEG, PNG or anything else ImageIO with TwelveMonkeys reads) or base64
 * text into a {@link GreyRaster}.
 *
 * <p>JPEGs take a fast path: a YCbCr JPEG is read as its raw raster, so the codec outputs Y, Cb and
 * Cr directly and skips the colour conversion (about 2x faster than a colour decode of a phone
 * screenshot); Y becomes the raster, and Cb and Cr are averaged over each 2x2 pixels and each 8x8
 * block for the diff's chroma test. A grey JPEG is read with a grey destination (Y alone). Every
 * failure, whether empty input, bad base64, truncated data, an unknown format or an image above the
 * pixel limit, becomes an {@link SwipeException} with code {@code image_decode_failed} and a
 * message that says which; no ImageIO exception leaks.
 *
 * <p>Stateless and thread-safe; every call uses its own reader.
 */
public final class ImageDecoder {

  private static final ImageTypeSpecifier GREY =
      ImageTypeSpecifier.createFromBufferedImageType(BufferedImage.TYPE_BYTE_GRAY);

  private ImageDecoder() {}

  /** Decodes image bytes at full size with the default pixel limit. */
  public static GreyRaster decode(byte[] image) {
    return decode(image, DecodeOptions.DEFAULT);
  }

  /**
   * Decodes image bytes with explicit options (pixel limit, reduction).
   *
   * @throws SwipeException {@code image_decode_failed} saying what was wrong with the data, {@code
   *     invalid_argument} when options are null
   */
  public static GreyRaster decode(byte[] image, DecodeOptions options) {
    if (options == null) {
      throw ImageFailures.invalidArgument("decode options must not be null");
    }
    if (image == null) {
      throw ImageFailures.decodeFailed("image data is null", null);
    }
    if (image.length == 0) {
      throw ImageFailures.decodeFailed("image data is empty (0 bytes)", null);
    }
    GreyRaster full;
    try {
      full = decodeFull(image, options.maxPixels());
    } catch (SwipeException e) {
      throw e;
    } catch (IIOException e) {
      throw ImageFailures.decodeFailed(describe("image data could not be decoded", e), e);
    } catch (IOException e) {
      throw ImageFailures.decodeFailed(describe("image data could not be read", e), e);
    } catch (RuntimeException e) {
      // Codecs signal corrupt data with all sorts of runtime exceptions; none may escape raw.
      throw ImageFailures.decodeFailed(describe("image data is corrupt", e), e);
    }
    return full.reduce(options.reduction());
  }

  /** Decodes base64 text (plain, with line breaks, or a {@code data:image/...;base64,} URL). */
  public static GreyRaster decodeBase64(String base64) {
    return decodeBase64(base64, DecodeOptions.DEFAULT);
  }

  /**
   * Decodes base64 text with explicit options.
   *
   * @throws SwipeException {@code image_decode_failed} for null, empty or invalid base64, and for
   *     every failure of {@link #decode(byte[], DecodeOptions)}
   */
  public static GreyRaster decodeBase64(String base64, DecodeOptions options) {
    return decode(base64Bytes(base64), options);
  }

  /**
   * Decodes base64 text to the raw image bytes (whitespace and a data-URL prefix are ignored).
   *
   * @throws SwipeException {@code image_decode_failed} for null, empty or invalid base64
   */
  public static byte[] base64Bytes(String base64) {
    if (base64 == null) {
      throw ImageFailures.decodeFailed("base64 image text is null", null);
    }
    String text = base64.strip();
    if (text.regionMatches(true, 0, "data:", 0, 5)) {
      int comma = text.indexOf(',');
      if (comma < 0 || !text.substring(0, comma).toLowerCase(Locale.ROOT).endsWith(";base64")) {
        throw ImageFailures.decodeFailed(
            "data URL is not base64-encoded (expected 'data:<type>;base64,...')", null);
      }
      text = text.substring(comma + 1);
    }
    StringBuilder compact = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!Character.isWhitespace(c)) {
        compact.append(c);
      }
    }
    if (compact.length() == 0) {
      throw ImageFailures.decodeFailed("base64 image text is empty", null);
    }
    try {
      return Base64.getDecoder().decode(compact.toString());
    } catch (IllegalArgumentException e) {
      throw ImageFailures.decodeFailed("image text is not valid base64: " + e.getMessage(), e);
    }
  }

  private static GreyRaster decodeFull(byte[] image, long maxPixels) throws IOException {
    // A memory-cached stream: never ImageIO's disk cache, and no global ImageIO setting touched.
    try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(image))) {
      Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
      if (!readers.hasNext()) {
        throw ImageFailures.decodeFailed(
            "data is not a recognised image format ("
                + image.length
                + " bytes starting "
                + hexPrefix(image)
                + ")",
            null);
      }
      ImageReader reader = readers.next();
      TruncationListener truncation = new TruncationListener();
      try {
        // Not seek-forward-only: a refused grey read falls back to a colour read of the same
        // stream.
        reader.setInput(in, false, true);
        reader.addIIOReadWarningListener(truncation);
        int w = reader.getWidth(0);
        int h = reader.getHeight(0);
        if (w < 1 || h < 1) {
          throw ImageFailures.decodeFailed(
              "image header declares an empty size " + w + "x" + h, null);
        }
        if ((long) w * h > maxPixels) {
          throw ImageFailures.decodeFailed(
              "image is "
                  + w
                  + "x"
                  + h
                  + " = "
                  + ((long) w * h)
                  + " pixels, above the limit of "
                  + maxPixels
                  + " pixels",
              null);
        }
        boolean jpeg = isJpeg(image);
        GreyRaster raster = null;
        if (jpeg) {
          int components = JpegHeader.ycbcrComponents(image);
          raster =
              components == 3
                  ? readJpegYCbCr(reader, w, h)
                  : components == 1 ? readJpegGrey(reader, w, h) : null;
        }
        if (raster == null) {
          raster = GreyRaster.fromImage(reader.read(0, reader.getDefaultReadParam()));
        }
        if (truncation.message != null) {
          throw ImageFailures.decodeFailed(
              "image data is truncated or corrupt (" + truncation.message + ")", null);
        }
        if (raster.width() != w || raster.height() != h) {
          throw ImageFailures.decodeFailed(
              "decoder returned "
                  + raster.width()
                  + "x"
                  + raster.height()
                  + " for a "
                  + w
                  + "x"
                  + h
                  + " image",
              null);
        }
        return raster;
      } finally {
        reader.dispose();
      }
    }
  }

  /**
   * The fast path: a grey destination lets the JPEG codec emit Y directly. Returns null when the
   * codec refuses (e.g. CMYK), and the caller falls back to a colour decode.
   */
  private static @Nullable GreyRaster readJpegGrey(ImageReader reader, int w, int h)
      throws IOException {
    ImageReadParam param = reader.getDefaultReadParam();
    param.setDestinationType(GREY);
    BufferedImage img;
    try {
      img = reader.read(0, param);
    } catch (IIOException | IllegalArgumentException e) {
      if (isTruncation(e)) {
        throw e;
      }
      return null;
    }
    if (img.getType() != BufferedImage.TYPE_BYTE_GRAY
        || !(img.getRaster().getDataBuffer() instanceof DataBufferByte)
        || img.getWidth() != w
        || img.getHeight() != h) {
      return GreyRaster.fromImage(img);
    }
    DataBufferByte buffer = (DataBufferByte) img.getRaster().getDataBuffer();
    byte[] data = buffer.getData();
    if (data.length == w * h
        && buffer.getOffset() == 0
        && img.getRaster().getSampleModelTranslateX() == 0
        && img.getRaster().getSampleModelTranslateY() == 0) {
      // Fresh array made by the reader for us alone: take it without a copy.
      return Rasters.wrap(w, h, w, h, data);
    }
    return GreyRaster.fromImage(img);
  }

  /**
   * The colour path for YCbCr JPEGs: the raw raster (no colour conversion), split into Y and the
   * 2x2 means of Cb and Cr. Returns null when the codec gives anything but 3 interleaved bytes per
   * pixel, and the caller falls back to a colour decode.
   */
  private static @Nullable GreyRaster readJpegYCbCr(ImageReader reader, int w, int h)
      throws IOException {
    Raster raster;
    try {
      raster = reader.readRaster(0, null);
    } catch (IIOException | IllegalArgumentException | UnsupportedOperationException e) {
      if (isTruncation(e)) {
        throw e;
      }
      return null;
    }
    if (raster.getWidth() != w
        || raster.getHeight() != h
        || raster.getNumBands() != 3
        || !(raster.getDataBuffer() instanceof DataBufferByte)
        || !(raster.getSampleModel() instanceof PixelInterleavedSampleModel)) {
      return null;
    }
    PixelInterleavedSampleModel sm = (PixelInterleavedSampleModel) raster.getSampleModel();
    int[] offsets = sm.getBandOffsets();
    if (sm.getPixelStride() != 3
        || offsets[0] != 0
        || offsets[1] != 1
        || offsets[2] != 2
        || raster.getSampleModelTranslateX() != 0
        || raster.getSampleModelTranslateY() != 0) {
      return null;
    }
    DataBufferByte buffer = (DataBufferByte) raster.getDataBuffer();
    return splitYCbCr(buffer.getData(), buffer.getOffset(), sm.getScanlineStride(), w, h);
  }

  /** Y as it is, Cb and Cr averaged over each 2x2 pixels and each 8x8 block. */
  static GreyRaster splitYCbCr(byte[] data, int offset, int stride, int w, int h) {
    byte[] y = new byte[w * h];
    Chroma chroma = new Chroma(w, h);
    int[] pairB = chroma.pairB;
    int[] pairR = chroma.pairR;
    int pairs = w >> 1;
    for (int row = 0; row < h; row++) {
      int p = offset + row * stride;
      int o = row * w;
      for (int cx = 0; cx < pairs; cx++, p += 6) {
        int x = o + 2 * cx;
        y[x] = data[p];
        y[x + 1] = data[p + 3];
        pairB[cx] += (data[p + 1] & 0xFF) + (data[p + 4] & 0xFF);
        pairR[cx] += (data[p + 2] & 0xFF) + (data[p + 5] & 0xFF);
      }
      if ((w & 1) == 1) {
        y[o + w - 1] = data[p];
        pairB[pairs] += data[p + 1] & 0xFF;
        pairR[pairs] += data[p + 2] & 0xFF;
      }
      chroma.endRow(row);
    }
    return Rasters.wrapColour(w, h, y, chroma);
  }

  private static boolean isTruncation(Throwable e) {
    String m = e.getMessage();
    return m != null && m.toLowerCase(Locale.ROOT).contains("premature end");
  }

  static boolean isJpeg(byte[] data) {
    return data.length >= 3
        && (data[0] & 0xFF) == 0xFF
        && (data[1] & 0xFF) == 0xD8
        && (data[2] & 0xFF) == 0xFF;
  }

  private static String hexPrefix(byte[] data) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(8, data.length); i++) {
      sb.append(String.format(Locale.ROOT, "%02x", data[i] & 0xFF));
    }
    return sb.toString();
  }

  private static String describe(String what, Throwable e) {
    String m = e.getMessage();
    return what + ": " + (m == null || m.isBlank() ? e.getClass().getSimpleName() : m);
  }

  /** Records the "premature end of data" style warnings that codecs give instead of failing. */
  private static final class TruncationListener
      implements javax.imageio.event.IIOReadWarningListener {
    private @Nullable String message;

    @Override
    public void warningOccurred(ImageReader source, String warning) {
      if (message == null && warning != null) {
        String w = warning.toLowerCase(Locale.ROOT);
        if (w.contains("premature") || w.contains("truncat") || w.contains("end of")) {
          message = warning;
        }
      }
    }
  }
}

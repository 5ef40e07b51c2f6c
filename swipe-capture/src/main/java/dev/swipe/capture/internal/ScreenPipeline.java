package dev.swipe.capture.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.Frame;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.jspecify.annotations.Nullable;

/**
 * Turns a captured frame into what core receives: the phone screen only (cropped), upright
 * (rotated), as JPEG. Work happens only for frames actually handed out, never for every frame a
 * producer delivers; a frame that needs no crop or rotation passes through without decoding.
 */
final class ScreenPipeline {
  private final CaptureOptions options;
  private @Nullable ScreenCrop lockedCrop;
  private int lockedFrameWidth;
  private int lockedFrameHeight;
  private long lastSeq = -1;
  private @Nullable Frame lastFrame;

  ScreenPipeline(CaptureOptions options) {
    this.options = options;
  }

  /** The crop in use (fixed, or detected and locked), if any yet. */
  synchronized Optional<ScreenCrop> crop() {
    return Optional.ofNullable(
        options.cropMode() == CaptureOptions.CropMode.FIXED ? options.fixedCrop() : lockedCrop);
  }

  synchronized Frame toFrame(NewestFrameSlot.Captured captured) {
    if (captured.seq() == lastSeq && lastFrame != null) {
      return lastFrame;
    }
    Frame frame = process(captured);
    lastSeq = captured.seq();
    lastFrame = frame;
    return frame;
  }

  private Frame process(NewestFrameSlot.Captured c) {
    boolean upright = options.rotateDegrees() == 0;
    if (c.jpeg() != null && upright && options.cropMode() == CaptureOptions.CropMode.NONE) {
      return new Frame(c.jpeg(), c.width(), c.height(), c.captureNanos());
    }
    ScreenCrop known = knownCrop(c.width(), c.height());
    BufferedImage screen;
    if (known != null && c.jpeg() != null) {
      if (known.isFull(c.width(), c.height()) && upright) {
        return new Frame(c.jpeg(), c.width(), c.height(), c.captureNanos());
      }
      // The crop is settled: decode only its rows and columns.
      screen = decode(c.jpeg(), known);
    } else {
      BufferedImage image =
          c.image() != null
              ? c.image()
              : decode(Objects.requireNonNull(c.jpeg(), "a frame captured without an image"));
      int w = image.getWidth();
      int h = image.getHeight();
      ScreenCrop crop = cropFor(image);
      if (crop.isFull(w, h) && upright && c.jpeg() != null) {
        return new Frame(c.jpeg(), w, h, c.captureNanos());
      }
      screen = cut(image, crop);
    }
    if (!upright) {
      screen = rotate(screen, options.rotateDegrees());
    }
    return new Frame(
        encode(screen, options.jpegQuality()),
        screen.getWidth(),
        screen.getHeight(),
        c.captureNanos());
  }

  /** The crop already settled for frames of this size (fixed, or detected and locked), or null. */
  private @Nullable ScreenCrop knownCrop(int w, int h) {
    return switch (options.cropMode()) {
      case FIXED -> {
        ScreenCrop fixed = options.requireFixedCrop();
        yield fixed.fitsIn(w, h) ? fixed : null;
      }
      case AUTO ->
          lockedCrop != null && lockedFrameWidth == w && lockedFrameHeight == h ? lockedCrop : null;
      default -> null;
    };
  }

  private ScreenCrop cropFor(BufferedImage image) {
    int w = image.getWidth();
    int h = image.getHeight();
    switch (options.cropMode()) {
      case FIXED -> {
        ScreenCrop fixed = options.requireFixedCrop();
        if (!fixed.fitsIn(w, h)) {
          throw new SwipeException(
              CommonCode.INVALID_ARGUMENT,
              "crop: " + fixed + " does not fit the " + w + "x" + h + " capture frame",
              Map.of("field", "crop", "frame_width", w, "frame_height", h),
              null);
        }
        return fixed;
      }
      case AUTO -> {
        if (lockedCrop == null || lockedFrameWidth != w || lockedFrameHeight != h) {
          Optional<ScreenCrop> found = ScreenCrop.detect(image, options.blackLevel());
          if (found.isEmpty()) {
            return ScreenCrop.full(w, h);
          }
          lockedCrop = found.get();
          lockedFrameWidth = w;
          lockedFrameHeight = h;
        }
        return lockedCrop;
      }
      default -> {
        return ScreenCrop.full(w, h);
      }
    }
  }

  static BufferedImage decode(byte[] jpeg) {
    return decode(jpeg, null);
  }

  /** Decodes a JPEG, or only a region of it, into a compact BGR image. */
  static BufferedImage decode(byte[] jpeg, @Nullable ScreenCrop region) {
    try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(jpeg))) {
      Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
      if (!readers.hasNext()) {
        throw decodeFailed("no JPEG reader accepts the frame", null);
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(in, true, true);
        ImageReadParam param = reader.getDefaultReadParam();
        if (region != null) {
          param.setSourceRegion(
              new java.awt.Rectangle(region.x(), region.y(), region.width(), region.height()));
        }
        return reader.read(0, param);
      } finally {
        reader.dispose();
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof SwipeException s) {
        throw s;
      }
      throw decodeFailed("the captured frame is not a decodable JPEG: " + e.getMessage(), e);
    }
  }

  private static SwipeException decodeFailed(String message, @Nullable Throwable cause) {
    return new SwipeException(CommonCode.IMAGE_DECODE_FAILED, message, Map.of(), cause);
  }

  /** Copies the crop into a compact BGR image (the JPEG writer is fastest on those). */
  static BufferedImage cut(BufferedImage image, ScreenCrop crop) {
    BufferedImage out =
        new BufferedImage(crop.width(), crop.height(), BufferedImage.TYPE_3BYTE_BGR);
    if (image.getType() == BufferedImage.TYPE_3BYTE_BGR
        && image.getRaster().getParent() == null
        && image.getRaster().getSampleModelTranslateX() == 0
        && image.getRaster().getSampleModelTranslateY() == 0) {
      byte[] src = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
      byte[] dst = ((DataBufferByte) out.getRaster().getDataBuffer()).getData();
      int srcStride = image.getWidth() * 3;
      int rowBytes = crop.width() * 3;
      for (int row = 0; row < crop.height(); row++) {
        System.arraycopy(
            src, (crop.y() + row) * srcStride + crop.x() * 3, dst, row * rowBytes, rowBytes);
      }
    } else {
      var g = out.createGraphics();
      g.drawImage(image.getSubimage(crop.x(), crop.y(), crop.width(), crop.height()), 0, 0, null);
      g.dispose();
    }
    return out;
  }

  /** Rotates clockwise by 90, 180 or 270 degrees (BGR in, BGR out). */
  static BufferedImage rotate(BufferedImage image, int degrees) {
    BufferedImage src = image;
    if (src.getType() != BufferedImage.TYPE_3BYTE_BGR || src.getRaster().getParent() != null) {
      src = cut(image, ScreenCrop.full(image.getWidth(), image.getHeight()));
    }
    int w = src.getWidth();
    int h = src.getHeight();
    boolean quarter = degrees == 90 || degrees == 270;
    BufferedImage out =
        new BufferedImage(quarter ? h : w, quarter ? w : h, BufferedImage.TYPE_3BYTE_BGR);
    byte[] s = ((DataBufferByte) src.getRaster().getDataBuffer()).getData();
    byte[] d = ((DataBufferByte) out.getRaster().getDataBuffer()).getData();
    int ow = out.getWidth();
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        int ox;
        int oy;
        switch (degrees) {
          case 90 -> {
            ox = h - 1 - y;
            oy = x;
          }
          case 180 -> {
            ox = w - 1 - x;
            oy = h - 1 - y;
          }
          default -> {
            ox = y;
            oy = w - 1 - x;
          }
        }
        int si = (y * w + x) * 3;
        int di = (oy * ow + ox) * 3;
        d[di] = s[si];
        d[di + 1] = s[si + 1];
        d[di + 2] = s[si + 2];
      }
    }
    return out;
  }

  static byte[] encode(BufferedImage image, float quality) {
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream bytes =
        new ByteArrayOutputStream(Math.max(1024, image.getWidth() * image.getHeight() / 4));
    try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
      writer.setOutput(out);
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(quality);
      writer.write(null, new IIOImage(image, null, null), param);
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.INTERNAL,
          "JPEG encoding of a cropped frame failed: " + e.getMessage(),
          Map.of(),
          e);
    } finally {
      writer.dispose();
    }
    return bytes.toByteArray();
  }
}

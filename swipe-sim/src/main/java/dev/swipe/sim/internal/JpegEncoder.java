package dev.swipe.sim.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Encodes frames as baseline JPEG (4:2:0) at a fixed quality with the JDK's encoder, as a capture
 * dongle's MJPEG stream does: real block and ringing artefacts, deterministic bytes.
 */
final class JpegEncoder {
  private final ImageWriter writer;
  private final ImageWriteParam param;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream(256 * 1024);

  /** An encoder at {@code quality} 1..100. */
  public JpegEncoder(int quality) {
    Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
    ImageWriter chosen = null;
    while (writers.hasNext()) {
      ImageWriter w = writers.next();
      // Prefer the JDK's encoder: it is always there, so frames are the same on every machine.
      if (chosen == null || w.getClass().getName().startsWith("com.sun.imageio")) {
        chosen = w;
      }
    }
    if (chosen == null) {
      throw new SwipeException(CommonCode.INTERNAL, "no JPEG encoder available in this JVM");
    }
    this.writer = chosen;
    this.param = writer.getDefaultWriteParam();
    param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
    param.setCompressionQuality(quality / 100f);
  }

  /** The JPEG bytes of an RGB image. */
  public byte[] encode(BufferedImage image) {
    out.reset();
    try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
      writer.setOutput(stream);
      writer.write(null, new IIOImage(image, null, null), param);
      writer.reset();
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.INTERNAL, "JPEG encoding failed: " + e.getMessage(), Map.of(), e);
    }
    return out.toByteArray();
  }

  /** Frees the encoder. */
  public void dispose() {
    writer.dispose();
  }
}

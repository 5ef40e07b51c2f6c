package dev.swipe.core.testkit;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** JPEG bytes of a drawn screen, as a capture source delivers them. */
public final class Jpegs {
  private Jpegs() {}

  /** The image encoded as a JPEG with the JDK's default quality. */
  public static byte[] encode(BufferedImage image) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(image, "jpg", out)) {
        throw new IllegalStateException("no JPEG writer for " + image);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}

package dev.swipe.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * The {@code image} argument every tool that returns a screenshot takes: {@code full} (the JPEG as
 * captured), {@code scaled:N} (a JPEG whose longest side is at most N pixels) or {@code none} (no
 * image, only the screenshot's id, which {@code screenshot} can fetch later). It is applied to the
 * finished result in one place ({@link ToolDispatcher}), so every tool answers the same way and the
 * kept screenshot stays whole for {@code image_diff} and the wheel tools.
 *
 * @param mode full, scaled or none
 * @param side the longest side of a scaled image
 */
record ImageOption(Mode mode, int side) {
  /** The argument's name. */
  static final String FIELD = "image";

  /** Smallest longest side a scaled image may ask for: below it nothing is legible. */
  static final int MIN_SIDE = 64;

  /** Largest longest side a scaled image may ask for. */
  static final int MAX_SIDE = 4096;

  /** JPEG quality of a scaled image: text stays legible at a third of the full answer's size. */
  static final float SCALED_QUALITY = 0.7f;

  /** Today's answer: the screenshot as captured. */
  static final ImageOption FULL = new ImageOption(Mode.FULL, 0);

  private static final Pattern SCALED = Pattern.compile("scaled:([0-9]{1,9})");

  /** The three answers. */
  enum Mode {
    FULL,
    SCALED,
    NONE
  }

  /** The option's input-schema property. */
  static ObjectNode schema() {
    ObjectNode n =
        Schema.string(
            "full (default), scaled:N or none. scaled:N sends a JPEG whose"
                + " longest side is N px ("
                + MIN_SIDE
                + ".."
                + MAX_SIDE
                + "; coordinates stay normalized 0-1000); none sends only screenshot_attachment_id,"
                + " and screenshot fetches the image later.",
            4,
            11);
    n.put("pattern", "^(full|none|scaled:[0-9]{2,4})$");
    n.put("default", "full");
    return n;
  }

  /** The option of a call's arguments; absent means full. */
  static ImageOption of(JsonNode args) {
    JsonNode v = args == null ? null : args.get(FIELD);
    if (v == null || v.isNull()) {
      return FULL;
    }
    String s = v.asText();
    if (s.equals("full")) {
      return FULL;
    }
    if (s.equals("none")) {
      return new ImageOption(Mode.NONE, 0);
    }
    Matcher m = SCALED.matcher(s);
    if (!m.matches()) {
      throw ToolFailure.invalidArgument(
          FIELD, "must be full, none or scaled:N (e.g. scaled:512), was '" + s + "'");
    }
    long side = Long.parseLong(m.group(1));
    if (side < MIN_SIDE || side > MAX_SIDE) {
      throw ToolFailure.invalidArgument(
          FIELD, "scaled:N needs N in [" + MIN_SIDE + ", " + MAX_SIDE + "] pixels, was " + side);
    }
    return new ImageOption(Mode.SCALED, (int) side);
  }

  /**
   * Rewrites a result's {@code image} (base64 JPEG) as asked. {@code width}/{@code height} keep
   * describing the screenshot the id names; a scaled image adds {@code image_width}/{@code
   * image_height}, an omitted one {@code image_omitted: true}.
   */
  ObjectNode apply(ObjectNode result) {
    if (mode == Mode.FULL || !result.has("image") || ToolDispatcher.isError(result)) {
      return result;
    }
    if (mode == Mode.NONE) {
      result.remove("image");
      result.remove("mime_type");
      result.put("image_omitted", true);
      return result;
    }
    byte[] jpeg = Base64.getDecoder().decode(result.get("image").asText());
    BufferedImage src = read(jpeg);
    int w = src.getWidth();
    int h = src.getHeight();
    if (Math.max(w, h) > side) {
      double f = side / (double) Math.max(w, h);
      int tw = Math.max(1, (int) Math.round(w * f));
      int th = Math.max(1, (int) Math.round(h * f));
      src = scale(src, tw, th);
      jpeg = write(src);
    }
    result.put("image", Base64.getEncoder().encodeToString(jpeg));
    result.put("image_width", src.getWidth());
    result.put("image_height", src.getHeight());
    return result;
  }

  private static BufferedImage read(byte[] jpeg) {
    try {
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(jpeg));
      if (img == null) {
        throw new IOException("not an image ImageIO reads");
      }
      return img;
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.IMAGE_DECODE_FAILED,
          "image: the screenshot could not be scaled: " + e.getMessage(),
          Map.of("field", FIELD),
          e);
    }
  }

  /** Halves with bilinear filtering until one step is left, so thin text survives a large ratio. */
  private static BufferedImage scale(BufferedImage src, int tw, int th) {
    BufferedImage cur = rgb(src);
    int w = cur.getWidth();
    int h = cur.getHeight();
    while (w / 2 >= tw && h / 2 >= th) {
      w /= 2;
      h /= 2;
      cur = draw(cur, w, h);
    }
    return w == tw && h == th ? cur : draw(cur, tw, th);
  }

  private static BufferedImage rgb(BufferedImage src) {
    if (src.getType() == BufferedImage.TYPE_INT_RGB) {
      return src;
    }
    return draw(src, src.getWidth(), src.getHeight());
  }

  private static BufferedImage draw(BufferedImage src, int w, int h) {
    BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = out.createGraphics();
    try {
      g.setRenderingHint(
          RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
      g.drawImage(src, 0, 0, w, h, null);
    } finally {
      g.dispose();
    }
    return out;
  }

  private static byte[] write(BufferedImage img) {
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
      writer.setOutput(out);
      ImageWriteParam p = writer.getDefaultWriteParam();
      p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      p.setCompressionQuality(SCALED_QUALITY);
      writer.write(null, new IIOImage(img, null, null), p);
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.INTERNAL, "image: the scaled screenshot could not be encoded", Map.of(), e);
    } finally {
      writer.dispose();
    }
    return bytes.toByteArray();
  }
}

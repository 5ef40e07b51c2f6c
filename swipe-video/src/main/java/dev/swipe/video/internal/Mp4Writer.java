package dev.swipe.video.internal;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import org.jcodec.api.transcode.PixelStore;
import org.jcodec.api.transcode.SinkImpl;
import org.jcodec.api.transcode.VideoFrameWithPacket;
import org.jcodec.common.Codec;
import org.jcodec.common.Format;
import org.jcodec.common.io.FileChannelWrapper;
import org.jcodec.common.io.NIOUtils;
import org.jcodec.common.model.ColorSpace;
import org.jcodec.common.model.Packet;
import org.jcodec.common.model.Picture;
import org.jcodec.scale.ColorUtil;
import org.jcodec.scale.Transform;

/**
 * H.264 in an MP4 file with jcodec, one frame at a time at its own presentation time (timescale:
 * milliseconds), so the file keeps the capture timing instead of a constant rate. Not thread-safe:
 * one writer thread.
 */
public final class Mp4Writer implements AutoCloseable {
  /** Presentation times are in milliseconds. */
  public static final int TIMESCALE = 1000;

  private final FileChannelWrapper channel;
  private final SinkImpl sink;
  private final Transform toYuv;
  private final ColorSpace yuv;
  private long frameNo;
  private boolean finished;

  private Mp4Writer(FileChannelWrapper channel, SinkImpl sink) {
    this.channel = channel;
    this.sink = sink;
    this.yuv = sink.getInputColor();
    this.toYuv = ColorUtil.getTransform(ColorSpace.RGB, yuv);
  }

  /** Creates (or replaces) {@code file}. */
  public static Mp4Writer create(Path file) throws IOException {
    FileChannelWrapper ch = NIOUtils.writableChannel(file.toFile());
    try {
      SinkImpl sink = SinkImpl.createWithStream(ch, Format.MOV, Codec.H264, null);
      sink.init();
      return new Mp4Writer(ch, sink);
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  /**
   * Encodes one frame shown from {@code ptsMs} for {@code durationMs}. Width and height must be
   * even (H.264's 4:2:0 sampling).
   */
  public void write(BufferedImage rgb, long ptsMs, long durationMs) throws IOException {
    Picture in = rgbPicture(rgb);
    Picture out = Picture.create(in.getWidth(), in.getHeight(), yuv);
    toYuv.transform(in, out);
    Packet p =
        Packet.createPacket(
            null, ptsMs, TIMESCALE, Math.max(1, durationMs), frameNo++, Packet.FrameType.KEY, null);
    sink.outputVideoFrame(new VideoFrameWithPacket(p, new PixelStore.LoanerPicture(out, 0)));
  }

  /**
   * The image as jcodec's packed RGB picture (each sample stored minus 128). Done here rather than
   * with jcodec-javase, whose packages split jcodec's and so cannot share a module path with it.
   */
  private static Picture rgbPicture(BufferedImage img) {
    Picture pic = Picture.create(img.getWidth(), img.getHeight(), ColorSpace.RGB);
    byte[] data = pic.getPlaneData(0);
    int w = img.getWidth();
    int[] row = new int[w];
    int off = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      img.getRGB(0, y, w, 1, row, 0, w);
      for (int rgb : row) {
        data[off++] = (byte) (((rgb >> 16) & 0xff) - 128);
        data[off++] = (byte) (((rgb >> 8) & 0xff) - 128);
        data[off++] = (byte) ((rgb & 0xff) - 128);
      }
    }
    return pic;
  }

  /** Bytes written so far (the index is written on {@link #close()}). */
  public long bytes() throws IOException {
    return channel.position();
  }

  /** Frames written. */
  public long frames() {
    return frameNo;
  }

  /** Writes the index and closes the file; calling it twice is harmless. */
  @Override
  public void close() throws IOException {
    if (finished) {
      return;
    }
    finished = true;
    try {
      sink.finish();
    } finally {
      channel.close();
    }
  }
}

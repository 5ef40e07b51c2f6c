package dev.swipe.core.testkit;

import dev.swipe.base.CommonCode;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * A frame source for core tests: one rendered JPEG (a few text rows), stamped with the time it is
 * "captured" on the given clock; waiting for a fresh frame sleeps on the given sleeper. The
 * simulator replaces it wherever real screen content matters.
 */
public final class StillFrameSource implements FrameSource {
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final Duration latency;
  private final byte[] jpeg;
  private final byte[] blinkJpeg;
  private boolean blinking;
  private final int width;
  private final int height;
  private int grabs;
  private boolean closed;

  /** A 180x400 screen with the given capture latency. */
  public StillFrameSource(Ticker ticker, Sleeper sleeper, Duration latency) {
    this.ticker = ticker;
    this.sleeper = sleeper;
    this.latency = latency;
    this.width = 180;
    this.height = 400;
    this.jpeg = render(width, height, false);
    this.blinkJpeg = render(width, height, true);
  }

  /**
   * Makes every other frame handed out show a mark (frames 33 ms apart), like a spinner that never
   * settles.
   *
   * @return this
   */
  public synchronized StillFrameSource blinking(boolean on) {
    this.blinking = on;
    return this;
  }

  @Override
  public synchronized Frame grab(long notBeforeNanos, Duration timeout) {
    if (closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "source closed");
    }
    long due = notBeforeNanos + latency.toNanos();
    long wait = due - ticker.read();
    if (wait > timeout.toNanos()) {
      throw new SwipeException(
          ErrorCode.CAPTURE_TIMEOUT,
          "no frame within " + timeout,
          Map.of("timeout_ms", timeout.toMillis()),
          null);
    }
    if (wait > 0) {
      try {
        sleeper.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SwipeException(CommonCode.INTERRUPTED, "interrupted while waiting for a frame");
      }
    }
    grabs++;
    long at = Math.max(due, ticker.read());
    if (!blinking) {
      return new Frame(jpeg, width, height, at);
    }
    long period = 33_000_000L;
    long slot = Math.floorDiv(at + period - 1, period);
    if (slot * period > ticker.read()) {
      try {
        sleeper.sleep(slot * period - ticker.read());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SwipeException(CommonCode.INTERRUPTED, "interrupted while waiting for a frame");
      }
    }
    return new Frame(grabs % 2 == 0 ? blinkJpeg : jpeg, width, height, slot * period);
  }

  @Override
  public Duration latency() {
    return latency;
  }

  /** Frames handed out so far. */
  public synchronized int grabs() {
    return grabs;
  }

  @Override
  public synchronized void close() {
    closed = true;
  }

  private static byte[] render(int w, int h, boolean caret) {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, w, h);
    g.setColor(Color.DARK_GRAY);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
    for (int i = 0; i < 12; i++) {
      g.drawString("Row " + i, 12, 30 + i * 30);
    }
    if (caret) {
      g.fillRect(60, 20, 3, 60);
    }
    g.dispose();
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ImageIO.write(img, "jpg", out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

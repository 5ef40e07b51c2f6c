package dev.swipe.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The compatibility kit every {@link FrameSource} passes: frames are real JPEGs of the stated size,
 * never older than asked for, and a source that cannot deliver in time says so.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public abstract class FrameSourceContract {
  /** For a provider's test class. */
  public FrameSourceContract() {}

  /** The source under test, opened fresh for each test. */
  protected FrameSource source;

  /** Opens the source under test (with its producer running). */
  protected abstract FrameSource openSource();

  /** The time base the source stamps frames with. */
  protected abstract Ticker ticker();

  /** A timeout generous enough for this source to deliver a frame. */
  protected Duration deliveryTimeout() {
    return Duration.ofSeconds(5);
  }

  /** Stops the producer; called after the source is closed. */
  protected void closeProducer() {}

  @BeforeEach
  void openUnderTest() {
    source = openSource();
  }

  @AfterEach
  void closeUnderTest() {
    try {
      if (source != null) { // null when opening it failed: the test already reports that
        source.close();
      }
    } finally {
      closeProducer();
    }
  }

  @Test
  void framesAreNeverOlderThanAskedPlusLatency() {
    long asked = ticker().read();
    Frame f = source.grab(asked, deliveryTimeout());
    assertThat(f.captureNanos()).isGreaterThanOrEqualTo(asked + source.latency().toNanos());
  }

  @Test
  void framesAreDecodableJpegsOfTheStatedSize() throws IOException {
    Frame f = source.grab(ticker().read(), deliveryTimeout());
    assertThat(f.jpeg()[0] & 0xFF).isEqualTo(0xFF);
    assertThat(f.jpeg()[1] & 0xFF).isEqualTo(0xD8);
    BufferedImage img = ImageIO.read(new ByteArrayInputStream(f.jpeg()));
    assertThat(img).isNotNull();
    assertThat(img.getWidth()).isEqualTo(f.width());
    assertThat(img.getHeight()).isEqualTo(f.height());
  }

  @Test
  void laterGrabsAreNotOlder() {
    Frame a = source.grab(ticker().read(), deliveryTimeout());
    Frame b = source.grab(a.captureNanos(), deliveryTimeout());
    assertThat(b.captureNanos()).isGreaterThanOrEqualTo(a.captureNanos());
  }

  @Test
  void aFrameTooFarInTheFutureTimesOut() {
    long farFuture = ticker().read() + Duration.ofHours(1).toNanos();
    assertThatThrownBy(() -> source.grab(farFuture, Duration.ofMillis(50)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isIn(ErrorCode.CAPTURE_TIMEOUT, ErrorCode.CAPTURE_STALE));
  }

  @Test
  void closeTwiceIsHarmlessAndGrabAfterCloseFails() {
    source.close();
    source.close();
    assertThatThrownBy(() -> source.grab(ticker().read(), deliveryTimeout()))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DEVICE_CLOSED));
  }
}

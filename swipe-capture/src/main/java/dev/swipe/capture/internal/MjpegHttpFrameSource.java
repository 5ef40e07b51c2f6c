package dev.swipe.capture.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.spi.Frame;
import dev.swipe.diff.internal.JpegHeader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * Frames from an MJPEG-over-HTTP server: a {@code multipart/x-mixed-replace} stream (ustreamer's
 * {@code /stream}, mjpg-streamer, IP cameras) or a snapshot URL answering one {@code image/jpeg}
 * per request (polled).
 *
 * <p>One daemon thread ({@code swipe-mjpeg-N}) reads the stream and keeps only the newest whole
 * JPEG; corrupt parts are skipped and counted; a stalled or dropped connection is reopened with
 * exponential backoff. Frames are stamped on arrival with the device's clock. When a part carries
 * the producer's own {@code X-Timestamp} (ustreamer does) and it does not advance, the frame is a
 * repeat of an old picture and keeps its old time, so a frozen producer shows as {@code
 * capture_stale}.
 */
public final class MjpegHttpFrameSource extends LiveFrameSource {
  private static final AtomicInteger THREADS = new AtomicInteger();

  /** How the URL answers. */
  enum Mode {
    /** Decide from the response's content type. */
    AUTO,
    /** A multipart stream. */
    STREAM,
    /** One JPEG per request, polled. */
    SNAPSHOT
  }

  /** Settings of the HTTP path, from the URI. */
  record Settings(
      URI url,
      Mode mode,
      int connectTimeoutMs,
      int readTimeoutMs,
      int maxPartBytes,
      int reconnectMinMs,
      int reconnectMaxMs,
      int snapshotIntervalMs) {}

  private final Settings settings;
  private final Ticker ticker;
  private final Thread reader;
  private final CountDownLatch closing = new CountDownLatch(1);
  private volatile @Nullable Socket socket;
  // written by the reader thread alone, read by any
  private final AtomicLong corruptParts = new AtomicLong();
  private final AtomicLong oversizeParts = new AtomicLong();
  private final AtomicLong reconnects = new AtomicLong();
  private volatile boolean closed;
  private volatile boolean snapshotPolling;

  MjpegHttpFrameSource(Settings settings, CaptureOptions options, Ticker ticker) {
    super("mjpeg:" + settings.url(), options, ticker);
    this.settings = settings;
    this.ticker = ticker;
    this.reader = new Thread(this::readLoop, "swipe-mjpeg-" + THREADS.incrementAndGet());
    reader.setDaemon(true);
    reader.start();
  }

  /** Parts skipped because they were not whole JPEGs, over the source's life. */
  public long corruptParts() {
    return corruptParts.get();
  }

  /** Parts skipped for exceeding {@code max_part_bytes} (also counted as corrupt). */
  public long oversizeParts() {
    return oversizeParts.get();
  }

  /** Connections reopened after a failure, stall or end of stream. */
  public long reconnects() {
    return reconnects.get();
  }

  /** The name of the reader thread, so tests can see it is gone after close. */
  String readerThreadName() {
    return reader.getName();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    slot.close();
    closing.countDown();
    closeSocket();
    reader.interrupt();
    try {
      reader.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public Frame grab(long notBeforeNanos, Duration timeout) {
    if (closed) {
      throw NewestFrameSlot.closedError(name);
    }
    return super.grab(notBeforeNanos, timeout);
  }

  /**
   * Remembers the socket about to block, so close() can abort it; closes it at once when close()
   * already ran (close writes {@code closed} then reads {@code socket}, this the reverse, so one of
   * the two always sees the other).
   */
  private void adopt(Socket s) {
    socket = s;
    if (closed) {
      try {
        s.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }

  private void closeSocket() {
    Socket s = socket;
    if (s != null) {
      try {
        s.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }

  private void readLoop() {
    long backoff = settings.reconnectMinMs();
    while (!closed) {
      boolean delivered = false;
      try (HttpResponseStream response =
          HttpResponseStream.open(
              settings.url(), settings.connectTimeoutMs(), settings.readTimeoutMs(), this::adopt)) {
        if (closed) {
          break;
        }
        if (response.status() != 200) {
          throw new IOException("HTTP " + response.status() + " from " + settings.url());
        }
        String type = response.contentType();
        boolean snapshot =
            settings.mode() == Mode.SNAPSHOT
                || (settings.mode() == Mode.AUTO && type.startsWith("image/"));
        if (snapshot) {
          delivered = readSnapshot(response);
        } else {
          if (!type.startsWith("multipart/") && settings.mode() == Mode.AUTO) {
            throw new IOException(
                "unexpected content type '"
                    + type
                    + "' (want multipart/x-mixed-replace or image/jpeg)");
          }
          delivered = readStream(response);
          if (!closed) {
            slot.problem("the server ended the stream");
          }
        }
      } catch (IOException | RuntimeException e) {
        if (closed) {
          break;
        }
        slot.problem(describe(e));
      }
      if (closed) {
        break;
      }
      if (delivered) {
        backoff = settings.reconnectMinMs();
      }
      long pause;
      if (delivered && snapshotPolling) {
        pause = settings.snapshotIntervalMs();
      } else {
        reconnects.incrementAndGet();
        pause = backoff;
        backoff = Math.min(settings.reconnectMaxMs(), Math.max(1, backoff) * 2L);
      }
      try {
        if (closing.await(pause, TimeUnit.MILLISECONDS)) {
          break;
        }
      } catch (InterruptedException e) {
        break;
      }
    }
    closeSocket();
  }

  private boolean readStream(HttpResponseStream response) throws IOException {
    snapshotPolling = false;
    MultipartJpegReader parts =
        new MultipartJpegReader(
            response.body(), response.boundary(), settings.maxPartBytes(), ticker::read);
    boolean delivered = false;
    double lastProducerTime = Double.NEGATIVE_INFINITY;
    long baseCorrupt = corruptParts.get();
    long baseOversize = oversizeParts.get();
    try {
      while (!closed) {
        MultipartJpegReader.Part part = parts.next();
        corruptParts.set(baseCorrupt + parts.corruptParts());
        oversizeParts.set(baseOversize + parts.oversizeParts());
        if (part == null) {
          return delivered;
        }
        double producerTime = producerTimestamp(part.headers().get("x-timestamp"));
        if (!Double.isNaN(producerTime)
            && producerTime <= lastProducerTime
            && slot.newest() != null) {
          slot.repeat();
          continue;
        }
        if (!Double.isNaN(producerTime)) {
          lastProducerTime = producerTime;
        }
        slot.publishAt(part.jpeg(), null, part.width(), part.height(), part.arrivalNanos());
        delivered = true;
      }
      return delivered;
    } finally {
      corruptParts.set(baseCorrupt + parts.corruptParts());
      oversizeParts.set(baseOversize + parts.oversizeParts());
    }
  }

  private boolean readSnapshot(HttpResponseStream response) throws IOException {
    snapshotPolling = true;
    long arrival = ticker.read();
    InputStream body = response.body();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256 * 1024);
    byte[] chunk = new byte[64 * 1024];
    int n;
    while ((n = body.read(chunk)) >= 0) {
      bytes.write(chunk, 0, n);
      if (bytes.size() > settings.maxPartBytes()) {
        oversizeParts.incrementAndGet();
        corruptParts.incrementAndGet();
        throw new IOException("snapshot larger than max_part_bytes=" + settings.maxPartBytes());
      }
    }
    byte[] jpeg = bytes.toByteArray();
    JpegHeader header = JpegHeader.readComplete(jpeg, jpeg.length);
    if (header == null) {
      corruptParts.incrementAndGet();
      throw new IOException("the snapshot is not a whole JPEG (" + jpeg.length + " bytes)");
    }
    slot.publishAt(jpeg, null, header.width(), header.height(), arrival);
    return true;
  }

  private static double producerTimestamp(@Nullable String value) {
    if (value == null) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(value.strip());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static String describe(Exception e) {
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
  }

  /** Validates an MJPEG URL (http or https with a host). */
  static URI parseUrl(String text) {
    URI url;
    try {
      // DeviceUri has percent-decoded the path; spaces must be escaped again for an HTTP target.
      url = URI.create(text.strip().replace(" ", "%20"));
    } catch (IllegalArgumentException e) {
      throw SwipeException.invalidArgument("url", "is not a valid URL: '" + text + "'");
    }
    String scheme =
        url.getScheme() == null ? "" : url.getScheme().toLowerCase(java.util.Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null) {
      throw SwipeException.invalidArgument(
          "url",
          "must be an http:// or https:// URL with a host, e.g. mjpeg:http://127.0.0.1:8080/stream, was '"
              + text
              + "'");
    }
    return url;
  }
}

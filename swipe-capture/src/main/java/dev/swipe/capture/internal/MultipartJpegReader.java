package dev.swipe.capture.internal;

import dev.swipe.diff.internal.JpegHeader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Reads JPEG parts from a {@code multipart/x-mixed-replace} body (ustreamer, mjpg-streamer, IP
 * cameras). It survives what such streams do wrong: parts whose {@code Content-Length} lies,
 * truncated JPEGs, oversized or header-less parts, boundaries declared with or without their
 * leading dashes. Such parts are skipped and counted; only structurally whole JPEGs come out.
 * Arbitrary bytes never make it throw anything but the stream's own {@link IOException}.
 */
final class MultipartJpegReader {
  /** One JPEG part. {@code arrivalNanos} is when its headers were complete. */
  @SuppressWarnings("ArrayRecordComponent")
  // a carrier of the bytes just read, handed on once; never compared or hashed
  record Part(byte[] jpeg, int width, int height, Map<String, String> headers, long arrivalNanos) {}

  private static final int MAX_HEADER_BYTES = 16 * 1024;
  private static final int MAX_HEADER_LINES = 64;

  private final InputStream in;
  private final int maxPartBytes;
  private final LongSupplier clock;
  private final byte[] buf = new byte[64 * 1024];
  private int pos;
  private int lim;
  private boolean eof;
  private byte @Nullable [] token;
  private boolean atPartStart;
  private long corruptParts;
  private long oversizeParts;

  /**
   * @param boundary the {@code boundary} parameter of the content type, or null to learn it from
   *     the first delimiter line
   * @param maxPartBytes parts larger than this are skipped (bounds memory against a hostile or
   *     broken server)
   * @param clock stamps each part's arrival
   */
  MultipartJpegReader(
      InputStream in, @Nullable String boundary, int maxPartBytes, LongSupplier clock) {
    this.in = in;
    this.maxPartBytes = maxPartBytes;
    this.clock = clock;
    if (boundary != null) {
      String b = boundary.strip();
      while (b.startsWith("-")) {
        b = b.substring(1);
      }
      if (!b.isEmpty()) {
        token = ("--" + b).getBytes(StandardCharsets.ISO_8859_1);
      }
    }
  }

  /** Parts skipped because they were not whole JPEGs (truncated, lying length, bad headers). */
  long corruptParts() {
    return corruptParts;
  }

  /** Parts skipped because they exceeded the size bound (also counted as corrupt). */
  long oversizeParts() {
    return oversizeParts;
  }

  /** The next whole JPEG part, or null when the stream ended. */
  @Nullable Part next() throws IOException {
    while (true) {
      if (!atPartStart) {
        int delimiter = skipPastDelimiter();
        if (delimiter == 0) {
          return null;
        }
        if (delimiter == 2) {
          continue; // close delimiter "--boundary--": some servers restart the multipart body
        }
      }
      atPartStart = false;
      Map<String, String> headers = readHeaders();
      if (headers == null) {
        if (eof && pos >= lim) {
          return null;
        }
        corruptParts++;
        continue;
      }
      long arrival = clock.getAsLong();
      long declared = contentLength(headers);
      byte[] data;
      int length;
      if (declared >= 0 && declared <= maxPartBytes) {
        data = new byte[(int) declared];
        length = readFully(data);
        if (length < declared) {
          return null; // stream ended inside the part
        }
      } else {
        if (declared > maxPartBytes) {
          oversizeParts++;
          corruptParts++;
          continue;
        }
        Growable body = new Growable();
        int found = readUntilDelimiter(body);
        if (found == -2) {
          oversizeParts++;
          corruptParts++;
          continue;
        }
        data = body.data;
        length = trimLineEnd(body.data, body.size);
        if (found == -1) {
          // The stream ended without a closing delimiter: keep the part only if it is whole.
          JpegHeader last = JpegHeader.readComplete(data, length);
          return last == null
              ? null
              : new Part(
                  Arrays.copyOf(data, length), last.width(), last.height(), headers, arrival);
        }
        int rest = restOfDelimiterLine();
        atPartStart = rest == 1;
      }
      JpegHeader header = JpegHeader.readComplete(data, length);
      if (header == null) {
        corruptParts++;
        continue;
      }
      byte[] jpeg = length == data.length ? data : Arrays.copyOf(data, length);
      return new Part(jpeg, header.width(), header.height(), headers, arrival);
    }
  }

  /**
   * Skips past the next delimiter line. Returns 0 at end of stream, 1 after a part delimiter, 2
   * after a close delimiter ({@code --boundary--}).
   */
  private int skipPastDelimiter() throws IOException {
    if (token == null) {
      return learnBoundary() ? 1 : 0;
    }
    int matched = 0;
    while (true) {
      int b = read();
      if (b < 0) {
        return 0;
      }
      if (b == (token[matched] & 0xFF)) {
        matched++;
      } else {
        matched = b == (token[0] & 0xFF) ? 1 : 0;
      }
      if (matched == token.length) {
        return restOfDelimiterLine();
      }
    }
  }

  /** After the boundary token: 0 at end of stream, 2 for a close delimiter, else 1. */
  private int restOfDelimiterLine() throws IOException {
    byte[] rest = readLine(MAX_HEADER_BYTES);
    if (rest == null) {
      return eof && pos >= lim ? 0 : 1;
    }
    return rest.length >= 2 && rest[0] == '-' && rest[1] == '-' ? 2 : 1;
  }

  /** Without a declared boundary, the first line starting with "--" names it. */
  private boolean learnBoundary() throws IOException {
    while (true) {
      byte[] line = readLine(MAX_HEADER_BYTES);
      if (line == null) {
        if (eof && pos >= lim) {
          return false;
        }
        continue;
      }
      String text = new String(line, StandardCharsets.ISO_8859_1).strip();
      if (text.startsWith("--") && text.length() > 2) {
        String b = text;
        while (b.startsWith("-")) {
          b = b.substring(1);
        }
        if (!b.isEmpty()) {
          token = ("--" + b).getBytes(StandardCharsets.ISO_8859_1);
          atPartStart = true;
          return true;
        }
      }
    }
  }

  /** Reads part headers up to the blank line; null when malformed or too long. */
  private @Nullable Map<String, String> readHeaders() throws IOException {
    Map<String, String> headers = new HashMap<>();
    int lines = 0;
    int total = 0;
    while (true) {
      byte[] line = readLine(MAX_HEADER_BYTES);
      if (line == null) {
        return null;
      }
      total += line.length;
      if (++lines > MAX_HEADER_LINES || total > MAX_HEADER_BYTES) {
        return null;
      }
      if (line.length == 0) {
        return headers;
      }
      String text = new String(line, StandardCharsets.ISO_8859_1);
      int colon = text.indexOf(':');
      if (colon <= 0) {
        return null;
      }
      headers.put(
          text.substring(0, colon).strip().toLowerCase(Locale.ROOT),
          text.substring(colon + 1).strip());
    }
  }

  private static long contentLength(Map<String, String> headers) {
    String v = headers.get("content-length");
    if (v == null) {
      return -1;
    }
    try {
      long n = Long.parseLong(v.strip());
      return n < 0 ? -1 : n;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * Reads body bytes up to and including the next boundary token (the token is not kept). Returns 0
   * when found, -1 at end of stream, -2 when the part exceeded the bound (the stream is then
   * positioned after that delimiter search gave up).
   */
  private int readUntilDelimiter(Growable body) throws IOException {
    // a part's body is read only after a delimiter, so the token is known (declared or learned)
    byte[] token = Objects.requireNonNull(this.token, "the boundary token");
    int matched = 0;
    while (true) {
      int b = read();
      if (b < 0) {
        return -1;
      }
      body.add((byte) b);
      if (b == (token[matched] & 0xFF)) {
        matched++;
      } else {
        matched = b == (token[0] & 0xFF) ? 1 : 0;
      }
      if (matched == token.length) {
        body.size -= token.length;
        while (body.size > 0 && body.data[body.size - 1] == '-') {
          body.size--;
        }
        return 0;
      }
      if (body.size > maxPartBytes + token.length + 4) {
        return -2;
      }
    }
  }

  private static int trimLineEnd(byte[] data, int size) {
    int n = size;
    if (n > 0 && data[n - 1] == '\n') {
      n--;
    }
    if (n > 0 && data[n - 1] == '\r') {
      n--;
    }
    return n;
  }

  /** A line without its CR LF; null when longer than max (skipped) or at end of stream. */
  private byte @Nullable [] readLine(int max) throws IOException {
    Growable line = new Growable();
    boolean tooLong = false;
    while (true) {
      int b = read();
      if (b < 0) {
        return null;
      }
      if (b == '\n') {
        if (tooLong) {
          return null;
        }
        int n = line.size;
        if (n > 0 && line.data[n - 1] == '\r') {
          n--;
        }
        return Arrays.copyOf(line.data, n);
      }
      if (line.size < max) {
        line.add((byte) b);
      } else {
        tooLong = true;
      }
    }
  }

  private int readFully(byte[] into) throws IOException {
    int off = 0;
    while (off < into.length) {
      if (pos >= lim && !fill()) {
        break;
      }
      int n = Math.min(lim - pos, into.length - off);
      System.arraycopy(buf, pos, into, off, n);
      pos += n;
      off += n;
    }
    return off;
  }

  private int read() throws IOException {
    if (pos >= lim && !fill()) {
      return -1;
    }
    return buf[pos++] & 0xFF;
  }

  private boolean fill() throws IOException {
    if (eof) {
      return false;
    }
    int n = in.read(buf, 0, buf.length);
    if (n <= 0) {
      eof = n < 0;
      if (n == 0) {
        return fill();
      }
      return false;
    }
    pos = 0;
    lim = n;
    return true;
  }

  /** A byte array that grows, without the synchronization of ByteArrayOutputStream. */
  private static final class Growable {
    byte[] data = new byte[8192];
    int size;

    void add(byte b) {
      if (size == data.length) {
        data = Arrays.copyOf(data, data.length * 2);
      }
      data[size++] = b;
    }
  }
}

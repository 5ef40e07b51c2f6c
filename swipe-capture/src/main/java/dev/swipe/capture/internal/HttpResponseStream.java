package dev.swipe.capture.internal;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLSocketFactory;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP/1.1 GET on a socket this class owns. A plain socket rather than HttpClient because a
 * capture source must be able to stop a blocked read at once (close the socket from another
 * thread), bound every read with a timeout to notice a stalled server, and leave no pooled
 * connections or selector threads behind after close.
 */
final class HttpResponseStream implements Closeable {
  private static final int MAX_HEAD_LINES = 100;
  private static final int MAX_LINE = 16 * 1024;

  private final Socket socket;
  private final int status;
  private final Map<String, String> headers;
  private final InputStream body;

  private HttpResponseStream(
      Socket socket, int status, Map<String, String> headers, InputStream body) {
    this.socket = socket;
    this.status = status;
    this.headers = headers;
    this.body = body;
  }

  /**
   * Connects, sends the request and reads the response head.
   *
   * @param onSocket receives the socket before any blocking I/O, so a concurrent close can abort it
   */
  static HttpResponseStream open(
      URI url,
      int connectTimeoutMs,
      int readTimeoutMs,
      java.util.function.Consumer<Socket> onSocket)
      throws IOException {
    boolean tls = "https".equalsIgnoreCase(url.getScheme());
    int port = url.getPort() > 0 ? url.getPort() : (tls ? 443 : 80);
    Socket socket = new Socket();
    onSocket.accept(socket);
    try {
      socket.connect(new InetSocketAddress(url.getHost(), port), connectTimeoutMs);
      socket.setSoTimeout(readTimeoutMs);
      socket.setTcpNoDelay(true);
      Socket io = socket;
      if (tls) {
        io =
            ((SSLSocketFactory) SSLSocketFactory.getDefault())
                .createSocket(socket, url.getHost(), port, true);
        onSocket.accept(io);
      }
      OutputStream out = io.getOutputStream();
      String target =
          url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
      if (url.getRawQuery() != null) {
        target += "?" + url.getRawQuery();
      }
      StringBuilder req =
          new StringBuilder()
              .append("GET ")
              .append(target)
              .append(" HTTP/1.1\r\n")
              .append("Host: ")
              .append(url.getHost())
              .append(url.getPort() > 0 ? ":" + url.getPort() : "")
              .append("\r\n")
              .append("User-Agent: swipe-capture\r\n")
              .append("Accept: multipart/x-mixed-replace, image/jpeg\r\n")
              .append("Connection: close\r\n");
      if (url.getRawUserInfo() != null) {
        String auth =
            Base64.getEncoder().encodeToString(url.getUserInfo().getBytes(StandardCharsets.UTF_8));
        req.append("Authorization: Basic ").append(auth).append("\r\n");
      }
      req.append("\r\n");
      out.write(req.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = new BufferedInputStream(io.getInputStream(), 64 * 1024);
      String statusLine = readLine(in);
      String[] parts = statusLine.split(" ", 3);
      if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
        throw new IOException("not an HTTP response: '" + abbreviate(statusLine) + "'");
      }
      int status;
      try {
        status = Integer.parseInt(parts[1]);
      } catch (NumberFormatException e) {
        throw new IOException("bad HTTP status line: '" + abbreviate(statusLine) + "'");
      }
      Map<String, String> headers = new HashMap<>();
      for (int i = 0; ; i++) {
        if (i > MAX_HEAD_LINES) {
          throw new IOException("too many response headers");
        }
        String line = readLine(in);
        if (line.isEmpty()) {
          break;
        }
        int colon = line.indexOf(':');
        if (colon > 0) {
          headers.put(
              line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
              line.substring(colon + 1).strip());
        }
      }
      InputStream body;
      if (headers
          .getOrDefault("transfer-encoding", "")
          .toLowerCase(Locale.ROOT)
          .contains("chunked")) {
        body = new ChunkedBody(in);
      } else if (headers.containsKey("content-length")) {
        long length;
        try {
          length = Long.parseLong(headers.get("content-length"));
        } catch (NumberFormatException e) {
          length = -1;
        }
        body = length >= 0 ? new LimitedBody(in, length) : in;
      } else {
        body = in;
      }
      return new HttpResponseStream(io, status, headers, body);
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
  }

  int status() {
    return status;
  }

  /** The content type, lower case, or "" when absent. */
  String contentType() {
    return headers.getOrDefault("content-type", "").toLowerCase(Locale.ROOT);
  }

  /** The {@code boundary} parameter of a multipart content type, unquoted, or null. */
  @Nullable String boundary() {
    String ct = headers.getOrDefault("content-type", "");
    for (String param : ct.split(";", -1)) { // an empty parameter names no boundary
      String p = param.strip();
      if (p.toLowerCase(Locale.ROOT).startsWith("boundary=")) {
        String b = p.substring("boundary=".length()).strip();
        if (b.length() >= 2 && b.startsWith("\"") && b.endsWith("\"")) {
          b = b.substring(1, b.length() - 1);
        }
        return b.isEmpty() ? null : b;
      }
    }
    return null;
  }

  @Nullable String header(String name) {
    return headers.get(name.toLowerCase(Locale.ROOT));
  }

  InputStream body() {
    return body;
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder();
    while (true) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("connection closed inside the response head");
      }
      if (b == '\n') {
        int n = sb.length();
        if (n > 0 && sb.charAt(n - 1) == '\r') {
          sb.setLength(n - 1);
        }
        return sb.toString();
      }
      if (sb.length() >= MAX_LINE) {
        throw new IOException("response head line longer than " + MAX_LINE + " bytes");
      }
      sb.append((char) b);
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 60 ? s : s.substring(0, 60) + "...";
  }

  /** A body of known length. */
  private static final class LimitedBody extends InputStream {
    private final InputStream in;
    private long left;

    LimitedBody(InputStream in, long length) {
      this.in = in;
      this.left = length;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (left <= 0) {
        return -1;
      }
      int n = in.read(b, off, (int) Math.min(len, left));
      if (n > 0) {
        left -= n;
      }
      return n;
    }
  }

  /** Decodes {@code Transfer-Encoding: chunked} (the JDK HttpServer streams this way). */
  private static final class ChunkedBody extends InputStream {
    private final InputStream in;
    private long chunkLeft;
    private boolean done;

    ChunkedBody(InputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (done) {
        return -1;
      }
      if (chunkLeft == 0) {
        String size = readLine(in);
        int semi = size.indexOf(';');
        if (semi >= 0) {
          size = size.substring(0, semi);
        }
        try {
          chunkLeft = Long.parseLong(size.strip(), 16);
        } catch (NumberFormatException e) {
          throw new IOException("bad chunk size '" + abbreviate(size) + "'");
        }
        if (chunkLeft < 0) {
          throw new IOException("negative chunk size");
        }
        if (chunkLeft == 0) {
          done = true;
          return -1;
        }
      }
      int n = in.read(b, off, (int) Math.min(len, chunkLeft));
      if (n < 0) {
        throw new EOFException("connection closed inside a chunk");
      }
      chunkLeft -= n;
      if (chunkLeft == 0) {
        readLine(in);
      }
      return n;
    }
  }
}

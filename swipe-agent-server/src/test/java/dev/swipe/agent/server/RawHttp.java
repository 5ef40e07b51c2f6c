package dev.swipe.agent.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A test client on a plain socket: sends exactly the bytes it is given and reads one answer. */
final class RawHttp implements AutoCloseable {
  private static final ObjectMapper M = new ObjectMapper();

  /**
   * One answer.
   *
   * @param headers lower-case names
   * @param size bytes of the whole answer, head and body
   */
  record Answer(int status, Map<String, String> headers, String body, int size) {
    JsonNode json() {
      try {
        return M.readTree(body);
      } catch (IOException e) {
        throw new AssertionError("not JSON: " + body, e);
      }
    }

    String code() {
      return json().path("error").path("code").asText();
    }
  }

  private final Socket socket;
  private final PushbackInputStream in;
  private final OutputStream out;

  RawHttp(int port) throws IOException {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(30_000);
    in = new PushbackInputStream(socket.getInputStream(), 1);
    out = socket.getOutputStream();
  }

  Socket socket() {
    return socket;
  }

  PushbackInputStream input() {
    return in;
  }

  RawHttp send(String text) throws IOException {
    return send(text.getBytes(StandardCharsets.UTF_8));
  }

  RawHttp send(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
    return this;
  }

  /** A request with a JSON body (Host 127.0.0.1 unless {@code extra} names another). */
  static String post(String path, String body, String... extra) {
    StringBuilder b = new StringBuilder("POST " + path + " HTTP/1.1\r\n");
    boolean host = false;
    for (String h : extra) {
      host |= h.toLowerCase(Locale.ROOT).startsWith("host:");
      b.append(h).append("\r\n");
    }
    if (!host) {
      b.append("Host: 127.0.0.1\r\n");
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    b.append("Content-Type: application/json\r\nContent-Length: ")
        .append(bytes.length)
        .append("\r\n\r\n")
        .append(body);
    return b.toString();
  }

  static String get(String path, String... extra) {
    StringBuilder b = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    for (String h : extra) {
      b.append(h).append("\r\n");
    }
    return b.append("\r\n").toString();
  }

  /** Reads one answer (head, then a Content-Length body). */
  Answer read() throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int last4 = 0;
    while (last4 != 0x0D0A0D0A) {
      int c = in.read();
      if (c < 0) {
        throw new IOException(
            "closed before an answer; got: " + head.toString(StandardCharsets.ISO_8859_1));
      }
      head.write(c);
      last4 = (last4 << 8) | c;
    }
    String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
    int status = Integer.parseInt(lines[0].substring(9, 12));
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(
            lines[i].substring(0, colon).toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).strip());
      }
    }
    int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    byte[] body = in.readNBytes(length);
    return new Answer(
        status, headers, new String(body, StandardCharsets.UTF_8), head.size() + body.length);
  }

  /**
   * Whether the server has closed the connection (reading until the end, bounded by the socket
   * timeout).
   */
  boolean closedByServer() throws IOException {
    try {
      byte[] sink = new byte[4096];
      while (true) {
        if (in.read(sink) < 0) {
          return true;
        }
      }
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      return true; // reset
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}

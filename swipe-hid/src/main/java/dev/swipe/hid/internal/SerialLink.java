package dev.swipe.hid.internal;

import com.fazecast.jSerialComm.SerialPort;
import com.fazecast.jSerialComm.SerialPortInvalidPortException;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import java.io.IOException;
import java.util.Map;

/**
 * A serial port (8N1, no flow control) through jSerialComm, with the two failure kinds a transport
 * needs to tell apart: nothing arrived in time (a read returns 0) versus the link is gone (an
 * {@link IOException}: unplugged adapter, hung-up terminal).
 */
final class SerialLink implements AutoCloseable {
  /** Granularity of waiting reads: a read returns after this long even when nothing arrived. */
  private static final int READ_SLICE_MS = 5;

  private static final int WRITE_TIMEOUT_MS = 1000;

  private final String path;
  private final SerialPort port;
  private final int baud;
  private boolean open = true;

  private SerialLink(String path, SerialPort port, int baud) {
    this.path = path;
    this.port = port;
    this.baud = baud;
  }

  /**
   * Opens {@code path} at {@code baud}.
   *
   * @throws SwipeException {@code hid_disconnected} when the port cannot be opened
   */
  static SerialLink open(String path, int baud) {
    SerialPort port;
    try {
      port = SerialPort.getCommPort(path);
    } catch (SerialPortInvalidPortException e) {
      throw new SwipeException(
          ErrorCode.HID_DISCONNECTED, "no serial port at " + path, Map.of("path", path), e);
    }
    port.setComPortParameters(baud, 8, SerialPort.ONE_STOP_BIT, SerialPort.NO_PARITY);
    port.setFlowControl(SerialPort.FLOW_CONTROL_DISABLED);
    if (!port.openPort()) {
      throw new SwipeException(
          ErrorCode.HID_DISCONNECTED,
          "cannot open serial port "
              + path
              + " (missing, busy, or no permission; error "
              + port.getLastErrorCode()
              + ")",
          Map.of("path", path),
          null);
    }
    port.setComPortTimeouts(
        SerialPort.TIMEOUT_READ_SEMI_BLOCKING | SerialPort.TIMEOUT_WRITE_BLOCKING,
        READ_SLICE_MS,
        WRITE_TIMEOUT_MS);
    port.flushIOBuffers();
    return new SerialLink(path, port, baud);
  }

  String path() {
    return path;
  }

  int baud() {
    return baud;
  }

  /** Writes all bytes or fails. */
  void write(byte[] bytes) throws IOException {
    if (!open) {
      throw new IOException("serial port " + path + " is closed");
    }
    int n = port.writeBytes(bytes, bytes.length);
    if (n != bytes.length) {
      throw new IOException(
          "write to "
              + path
              + " failed ("
              + n
              + " of "
              + bytes.length
              + " bytes, error "
              + port.getLastErrorCode()
              + ")");
    }
  }

  /**
   * Reads what has arrived, waiting at most about {@code READ_SLICE_MS} for the first byte.
   *
   * @return bytes read, 0 when nothing arrived
   */
  int read(byte[] buf) throws IOException {
    if (!open) {
      throw new IOException("serial port " + path + " is closed");
    }
    int n = port.readBytes(buf, buf.length);
    if (n < 0) {
      throw new IOException(
          "read from " + path + " failed (error " + port.getLastErrorCode() + ")");
    }
    return n;
  }

  /** Bytes waiting to be read without blocking; fails when the link is gone. */
  int available() throws IOException {
    int n = port.bytesAvailable();
    if (n < 0) {
      throw new IOException(
          "serial port " + path + " is gone (error " + port.getLastErrorCode() + ")");
    }
    return n;
  }

  /** Drops bytes received but not yet read (stale replies). */
  void discardInput() throws IOException {
    byte[] scratch = new byte[256];
    int left;
    while ((left = available()) > 0) {
      int n = port.readBytes(scratch, Math.min(left, scratch.length));
      if (n < 0) {
        throw new IOException("read from " + path + " failed");
      }
      if (n == 0) {
        return;
      }
    }
  }

  @Override
  public void close() {
    if (open) {
      open = false;
      port.closePort();
    }
  }
}

package dev.swipe.webdriver;

import dev.swipe.core.Device;
import dev.swipe.core.DeviceBuilder;
import dev.swipe.sim.SimConfig;
import dev.swipe.sim.SimPhone;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.function.UnaryOperator;

/** A simulator phone served by an in-process remote end on a free loopback port. */
final class SimRig implements AutoCloseable {
  final SimPhone phone;
  final RecordingTransport hid;
  final Device device;
  final WebDriverServer server;

  private SimRig(SimPhone phone, RecordingTransport hid, Device device, WebDriverServer server) {
    this.phone = phone;
    this.hid = hid;
    this.device = device;
    this.server = server;
  }

  /** A rig on {@code sim:} with the given options, e.g. {@code sim:?scene=list&scale=0.25}. */
  static SimRig start(String simUri, UnaryOperator<WebDriverServer.Builder> config) {
    return start(simUri, true, config);
  }

  /** A rig whose HID link has a keyboard or not. */
  static SimRig start(
      String simUri, boolean keyboard, UnaryOperator<WebDriverServer.Builder> config) {
    return start(simUri, keyboard, false, config);
  }

  /**
   * A rig whose device reads text with {@link SimTextReader} (the words the simulator drew) when
   * {@code reader} is true; without it the device has no text reader on this class path.
   */
  static SimRig start(
      String simUri,
      boolean keyboard,
      boolean reader,
      UnaryOperator<WebDriverServer.Builder> config) {
    SimPhone phone = SimPhone.create(SimConfig.fromUri(simUri));
    RecordingTransport hid = new RecordingTransport(phone.transport(), keyboard);
    DeviceBuilder b =
        Device.builder()
            .hid(hid)
            .capture(phone.frameSource())
            .ticker(phone.ticker())
            .sleeper(phone.sleeper());
    if (reader) {
      b.textReader(new SimTextReader(phone));
    }
    Device device = b.open();
    WebDriverServer server =
        config
            .apply(WebDriverServer.builder(device).address(new InetSocketAddress("127.0.0.1", 0)))
            .start();
    return new SimRig(phone, hid, device, server);
  }

  static SimRig start(String simUri) {
    return start(simUri, b -> b);
  }

  URI uri() {
    return server.uri();
  }

  @Override
  public void close() {
    server.close();
    device.close();
    phone.close();
  }
}

package dev.swipe.sim;

import dev.swipe.base.Api;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.Device;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.sim.internal.PhoneRegistry;
import dev.swipe.sim.internal.SimFrameSource;
import dev.swipe.sim.internal.SimTransport;
import dev.swipe.sim.internal.VirtualPhone;
import java.awt.Rectangle;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A virtual phone: a HID finger ({@link #transport()}), capture eyes ({@link #frameSource()}) and a
 * test-only {@link #oracle()} of its true state, on its own clock. {@code Device.open("sim:")}
 * builds one; tests, benchmarks and the serial emulators can also build one directly and feed it
 * reports.
 *
 * <p>The phone is closed when both its transport and its frame source are closed ({@link #close()}
 * closes both).
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class SimPhone implements AutoCloseable {
  private final VirtualPhone phone;
  private final SimTransport transport;
  private final SimTransport direct;
  private final SimFrameSource source;
  private final SimOracle oracle;
  private final AtomicInteger openParts = new AtomicInteger(2);

  private SimPhone(SimConfig config, Ticker ticker, Sleeper sleeper) {
    this.phone = new VirtualPhone(config, ticker, sleeper);
    this.transport = new SimTransport(phone, config.pointer(), this, () -> partClosed(true));
    this.direct = new SimTransport(phone, config.pointer(), this, () -> {});
    this.source = new SimFrameSource(phone, this, () -> partClosed(false));
    this.oracle = new SimOracle(phone);
  }

  /**
   * A phone on its own clock: a new {@link VirtualClock} for {@code time=virtual}, the JVM's clock
   * for {@code time=real}. A named configuration is registered until the phone closes.
   */
  public static SimPhone create(SimConfig config) {
    SwipeException.requireArgument(config, "config");
    if (config.time() == SimConfig.TimeMode.REAL) {
      return create(config, Ticker.system(), Sleeper.system());
    }
    VirtualClock clock = new VirtualClock();
    return create(config, clock, clock);
  }

  /** A phone on the given clock (e.g. a rig's clock shared with separately opened parts). */
  public static SimPhone create(SimConfig config, Ticker ticker, Sleeper sleeper) {
    SwipeException.requireArgument(config, "config");
    SwipeException.requireArgument(ticker, "ticker");
    SwipeException.requireArgument(sleeper, "sleeper");
    SimPhone p = new SimPhone(config, ticker, sleeper);
    if (config.name().isPresent()) {
      try {
        PhoneRegistry.register(config.name().get(), p);
      } catch (RuntimeException e) {
        p.close();
        throw e;
      }
    }
    return p;
  }

  /** Same as {@link #create(SimConfig)} for a {@code sim:} URI. */
  public static SimPhone open(String uri) {
    return create(SimConfig.fromUri(uri));
  }

  /** The simulator behind a device opened with a {@code sim:} URI, if it is one. */
  public static Optional<SimPhone> of(Device device) {
    SwipeException.requireArgument(device, "device");
    Optional<SimPhone> viaHid =
        device.rig().unwrap(SimTransport.class).map(SimTransport::owner).map(SimPhone.class::cast);
    if (viaHid.isPresent()) {
      return viaHid;
    }
    return device
        .rig()
        .unwrap(SimFrameSource.class)
        .map(SimFrameSource::owner)
        .map(SimPhone.class::cast);
  }

  /** The open phone registered under {@code name} ({@code sim:?name=...}), if any. */
  public static Optional<SimPhone> named(String name) {
    return PhoneRegistry.find(name).map(SimPhone.class::cast);
  }

  /** The configuration it was built from. */
  public SimConfig config() {
    return phone.config();
  }

  /** The HID finger; its pointer kind is the configuration's. */
  public HidTransport transport() {
    return transport;
  }

  /** The capture eyes. */
  public FrameSource frameSource() {
    return source;
  }

  /** The true state, for tests and benchmarks only. */
  public SimOracle oracle() {
    return oracle;
  }

  /** The phone's clock. */
  public Ticker ticker() {
    return phone.ticker();
  }

  /** How the phone's users wait (advances a virtual clock). */
  public Sleeper sleeper() {
    return phone.sleeper();
  }

  /** Frame width in pixels (1080 x scale, or 1920 when letterboxed). */
  public int frameWidth() {
    return phone.config().letterbox() ? 1920 : phone.width();
  }

  /** Frame height in pixels (2400 x scale, or 1080 when letterboxed). */
  public int frameHeight() {
    return phone.config().letterbox() ? 1080 : phone.height();
  }

  /**
   * Feeds one report as the configured pointer kind would carry it (a relative mouse is
   * dead-reckoned), bypassing the transport: the entry point for the serial-protocol emulators.
   */
  public void input(HidReport report) {
    SwipeException.requireArgument(report, "report");
    direct.deliver(report);
  }

  /**
   * Feeds one absolute or touch pointer report as {@code kind}, whatever the configured pointer
   * (the platform still decides what it does: Android ignores an absolute mouse).
   */
  public void input(PointerKind kind, HidReport.Pointer report) {
    SwipeException.requireArgument(kind, "kind");
    SwipeException.requireArgument(report, "report");
    if (kind == PointerKind.RELATIVE) {
      throw SwipeException.invalidArgument("kind", "use relativeInput for relative mouse counts");
    }
    phone.pointer(kind, report.at(), report.pressed());
  }

  /**
   * Feeds one relative mouse report: counts and the button. One count moves one frame pixel, except
   * on iOS with {@code input=rig}, where iOS accelerates it ({@link SimOracle.Input#pxPerCount}).
   */
  public void relativeInput(int dx, int dy, boolean pressed) {
    phone.relative(dx, dy, pressed);
  }

  /**
   * The current screen as a 1920x1080 HDMI capture would deliver it: the phone picture scaled to
   * the frame height and centred between black bars (for crop tests of capture code).
   */
  public Frame renderHdmiFrame() {
    long now = phone.ticker().read();
    return phone.hdmiFrame(now, now / (1_000_000_000L / phone.config().fps()));
  }

  /** Where the phone screen sits inside {@link #renderHdmiFrame()}'s picture. */
  public Rectangle hdmiScreenArea() {
    int[] a = phone.hdmiArea();
    return new Rectangle(a[0], a[1], a[2], a[3]);
  }

  /** Closes the transport and the frame source. */
  @Override
  public void close() {
    transport.close();
    source.close();
  }

  private void partClosed(boolean hid) {
    boolean last = openParts.decrementAndGet() == 0;
    boolean unregistered = PhoneRegistry.partClosed(this, hid);
    if (last) {
      phone.dispose();
    } else if (unregistered) {
      // A shared phone whose other part was never taken: nobody can reach it any more.
      if (hid) {
        source.close();
      } else {
        transport.close();
      }
    }
  }
}

package dev.swipe.core.internal;

import dev.swipe.base.VirtualClock;
import dev.swipe.core.spi.DeviceConnection;
import dev.swipe.core.spi.DeviceProvider;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.FrameSourceProvider;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.HidTransportProvider;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import java.time.Duration;
import java.util.Set;

/** Providers registered in this module's test META-INF/services, to test discovery for real. */
public final class FakeProviders {
  private FakeProviders() {}

  /** Scheme {@code fake} for HID. */
  public static final class Hid implements HidTransportProvider {
    @Override
    public String scheme() {
      return "fake";
    }

    @Override
    public HidTransport open(DeviceUri uri, ProviderContext context) {
      uri.requireKnownKeys(Set.of("rate_ms"));
      int rate = uri.intParam("rate_ms", 0, 0, 100);
      return new RecordingHidTransport(context.ticker(), Duration.ofMillis(rate));
    }
  }

  /** Scheme {@code fake} for capture. */
  public static final class Capture implements FrameSourceProvider {
    @Override
    public String scheme() {
      return "fake";
    }

    @Override
    public FrameSource open(DeviceUri uri, ProviderContext context) {
      uri.requireKnownKeys(Set.of("latency_ms"));
      int latency = uri.intParam("latency_ms", 60, 0, 1000);
      return new StillFrameSource(context.ticker(), context.sleeper(), Duration.ofMillis(latency));
    }
  }

  /** Scheme {@code fakephone} for a combined device on its own virtual clock. */
  public static final class Phone implements DeviceProvider {
    @Override
    public String scheme() {
      return "fakephone";
    }

    @Override
    public DeviceConnection open(DeviceUri uri, ProviderContext context) {
      uri.requireKnownKeys(Set.of());
      VirtualClock clock = new VirtualClock(1_000_000_000L);
      return new DeviceConnection(
          new RecordingHidTransport(clock),
          new StillFrameSource(clock, clock, Duration.ofMillis(60)),
          clock,
          clock);
    }
  }
}

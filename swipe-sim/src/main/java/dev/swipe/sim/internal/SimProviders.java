package dev.swipe.sim.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.sim.SimConfig;
import dev.swipe.sim.SimPhone;
import java.util.Optional;

/** Shared code of the three {@code sim} providers. */
final class SimProviders {
  static final String SCHEME = "sim";
  static final String DEFAULT_SHARED_NAME = "default";

  private SimProviders() {}

  /**
   * The phone behind one separately opened part: parts with the same {@code name} (default {@code
   * default}) share one phone, which runs on the device's clock.
   */
  static SimPhone sharedPart(DeviceUri uri, ProviderContext context, boolean hid) {
    SimConfig config = SimConfig.fromUri(uri);
    if (uri.param("time").isPresent()) {
      throw SwipeException.invalidArgument(
          "time",
          "separately opened sim parts run on the device's clock; time= applies only to sim: devices");
    }
    String name = config.name().orElse(DEFAULT_SHARED_NAME);
    SimConfig unnamed =
        new SimConfig(
            config.scene(),
            config.platform(),
            config.pointer(),
            config.absoluteMouse(),
            config.scale(),
            config.seed(),
            config.jpegQuality(),
            config.latency(),
            config.fps(),
            config.noise(),
            config.letterbox(),
            config.theme(),
            config.time(),
            Optional.empty(),
            config.overscroll(),
            config.picker(),
            config.pickerStyle(),
            config.looping(),
            config.words(),
            config.layout(),
            config.paging(),
            config.display(),
            config.carousel(),
            config.input(),
            config.list(),
            config.cursor());
    return (SimPhone)
        PhoneRegistry.take(
            name,
            unnamed.toUri(),
            hid,
            () -> SimPhone.create(unnamed, context.ticker(), context.sleeper()));
  }
}

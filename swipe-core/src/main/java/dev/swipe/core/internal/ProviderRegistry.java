package dev.swipe.core.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.DeviceProvider;
import dev.swipe.core.spi.FrameSourceProvider;
import dev.swipe.core.spi.HidTransportProvider;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The providers found on the class path, indexed by URI scheme (JDBC style). Two providers of the
 * same kind claiming one scheme is a packaging error and fails at load.
 */
final class ProviderRegistry {
  private final Map<String, HidTransportProvider> hid;
  private final Map<String, FrameSourceProvider> capture;
  private final Map<String, DeviceProvider> devices;

  private ProviderRegistry(
      List<HidTransportProvider> hid,
      List<FrameSourceProvider> capture,
      List<DeviceProvider> devices) {
    this.hid = index(hid, HidTransportProvider::scheme, "HID transport");
    this.capture = index(capture, FrameSourceProvider::scheme, "frame source");
    this.devices = index(devices, DeviceProvider::scheme, "device");
  }

  /** A registry of the given providers (tests and hosts that bypass the class path). */
  public static ProviderRegistry of(
      List<HidTransportProvider> hid,
      List<FrameSourceProvider> capture,
      List<DeviceProvider> devices) {
    return new ProviderRegistry(hid, capture, devices);
  }

  /** The providers registered in {@code META-INF/services} on the class path. */
  public static ProviderRegistry load() {
    return Holder.INSTANCE;
  }

  /** The provider for a HID URI scheme. */
  public HidTransportProvider hid(String scheme) {
    return find(hid, scheme, "HID transport");
  }

  /** The provider for a capture URI scheme. */
  public FrameSourceProvider capture(String scheme) {
    return find(capture, scheme, "frame source");
  }

  /** The provider for a combined device URI scheme. */
  public DeviceProvider device(String scheme) {
    return find(devices, scheme, "device");
  }

  /** Known HID schemes, sorted. */
  public List<String> hidSchemes() {
    return List.copyOf(hid.keySet());
  }

  /** Known capture schemes, sorted. */
  public List<String> captureSchemes() {
    return List.copyOf(capture.keySet());
  }

  /** Known combined-device schemes, sorted. */
  public List<String> deviceSchemes() {
    return List.copyOf(devices.keySet());
  }

  private static <P> Map<String, P> index(
      List<P> providers, Function<P, String> scheme, String what) {
    Map<String, P> out = new TreeMap<>();
    for (P p : providers) {
      String s = scheme.apply(p);
      P previous = out.put(s, p);
      if (previous != null) {
        throw new SwipeException(
            ErrorCode.DUPLICATE_SCHEME,
            "two "
                + what
                + " providers claim the scheme '"
                + s
                + "': "
                + previous.getClass().getName()
                + " and "
                + p.getClass().getName()
                + "; remove one from the class path",
            Map.of("scheme", s),
            null);
      }
    }
    return Collections.unmodifiableMap(out);
  }

  private static <P> P find(Map<String, P> map, String scheme, String what) {
    P p = map.get(scheme);
    if (p == null) {
      throw new SwipeException(
          CommonCode.UNKNOWN_SCHEME,
          "no "
              + what
              + " provider for scheme '"
              + scheme
              + "'; known schemes: "
              + map.keySet()
              + " (is the module that provides it on the class path?)",
          Map.of("scheme", scheme, "known_schemes", List.copyOf(map.keySet())),
          null);
    }
    return p;
  }

  private static final class Holder {
    static final ProviderRegistry INSTANCE =
        new ProviderRegistry(
            loadAll(HidTransportProvider.class),
            loadAll(FrameSourceProvider.class),
            loadAll(DeviceProvider.class));

    private static <P> List<P> loadAll(Class<P> type) {
      return ServiceLoader.load(type, ProviderRegistry.class.getClassLoader()).stream()
          .map(ServiceLoader.Provider::get)
          .toList();
    }
  }
}

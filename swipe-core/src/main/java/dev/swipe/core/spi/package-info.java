/**
 * What a provider implements to plug a finger or an eye into the SDK: a {@link
 * dev.swipe.core.spi.HidTransport} with its {@link dev.swipe.core.spi.HidTransportProvider}, a
 * {@link dev.swipe.core.spi.FrameSource} with its {@link dev.swipe.core.spi.FrameSourceProvider},
 * or a whole device ({@link dev.swipe.core.spi.DeviceProvider}). Providers are found by URI scheme
 * with {@link java.util.ServiceLoader} ({@code provides} on the module path, {@code
 * META-INF/services} on the class path); swipe-tck holds the kits they pass.
 */
@NullMarked
package dev.swipe.core.spi;

import org.jspecify.annotations.NullMarked;

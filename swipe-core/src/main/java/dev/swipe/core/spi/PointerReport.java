package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;

/**
 * The finger's state: position in normalized space and whether it touches. Transports turn it into
 * their own frames (absolute position, touch contact, or relative counts).
 */
@Api(status = Api.Status.STABLE)
public record PointerReport(NormPoint at, boolean pressed) implements HidReport {}

package dev.swipe.core.spi;

import dev.swipe.core.NormPoint;

/**
 * The finger's state: position in normalized space and whether it touches. Transports turn it into
 * their own frames (absolute position, touch contact, or relative counts).
 */
public record PointerReport(NormPoint at, boolean pressed) implements HidReport {}

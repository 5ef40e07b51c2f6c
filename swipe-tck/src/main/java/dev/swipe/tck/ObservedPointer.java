package dev.swipe.tck;

/**
 * The finger as the device on the far side of a transport saw it, in normalized units.
 *
 * @param x horizontal position
 * @param y vertical position
 * @param pressed whether it touched
 */
public record ObservedPointer(double x, double y, boolean pressed) {}

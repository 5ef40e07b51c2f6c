package dev.swipe.tck;

import dev.swipe.base.Api;

/**
 * The finger as the device on the far side of a transport saw it, in normalized units.
 *
 * @param x horizontal position
 * @param y vertical position
 * @param pressed whether it touched
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record ObservedPointer(double x, double y, boolean pressed) {}

/**
 * The virtual phone behind {@code dev.swipe.sim}: its scenes, physics, rendering and the providers
 * that open it as a device, a capture source or a HID transport. Not API.
 */
@NullMarked
package dev.swipe.sim.internal;

import org.jspecify.annotations.NullMarked;

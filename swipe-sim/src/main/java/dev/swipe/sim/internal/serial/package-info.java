/**
 * Emulators of serial HID devices (CH9329, PiKVM) on pseudo-terminals, with fault injection, that
 * the HID transports are tested against. Not API.
 */
@NullMarked
package dev.swipe.sim.internal.serial;

import org.jspecify.annotations.NullMarked;

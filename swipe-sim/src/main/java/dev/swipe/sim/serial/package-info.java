/**
 * Emulators of the serial HID chips (CH9329, PiKVM) on a pseudo-terminal pair, so a transport is
 * tested against a real peer on a real tty without the hardware.
 */
package dev.swipe.sim.serial;

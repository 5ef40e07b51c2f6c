/**
 * HID transports, found by scheme: {@code ch9329:} (a CH9329 chip on a serial port), {@code pikvm:}
 * (PiKVM's serial HID) and {@code hidg:} (a Linux USB gadget's {@code /dev/hidgN}). Each clamps to
 * its logical range and releases the pointer on any failure.
 */
package dev.swipe.hid;

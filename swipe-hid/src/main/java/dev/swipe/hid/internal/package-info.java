/**
 * The {@code ch9329:}, {@code pikvm:} and {@code hidg:} HID transports, their serial and gadget
 * links and report encoding. Not API: a transport is opened by its URI.
 */
@NullMarked
package dev.swipe.hid.internal;

import org.jspecify.annotations.NullMarked;

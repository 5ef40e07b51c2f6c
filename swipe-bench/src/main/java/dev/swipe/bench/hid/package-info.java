/** Planned against actual report times of swipes played over real HID links. */
@NullMarked
package dev.swipe.bench.hid;

import org.jspecify.annotations.NullMarked;

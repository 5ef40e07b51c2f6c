/**
 * Gestures as values (tap, long press, swipe, drag, key press, pinch, several fingers) and the
 * timeline a device reports it played them on; validation happens when a gesture is built, so a
 * device never starts one it cannot finish.
 */
@NullMarked
package dev.swipe.core.gesture;

import org.jspecify.annotations.NullMarked;

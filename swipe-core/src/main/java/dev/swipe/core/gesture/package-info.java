/**
 * Gestures as values (tap, long press, swipe, drag, key press) and the timelines of pointer and key
 * events they are planned into before a transport plays them; validation happens when a gesture is
 * built, so a device never starts one it cannot finish.
 */
package dev.swipe.core.gesture;

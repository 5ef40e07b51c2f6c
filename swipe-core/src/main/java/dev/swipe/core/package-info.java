/**
 * The facade a host programs against: {@link dev.swipe.core.Device} (opened by URI, e.g. {@code
 * sim:}), what it returns ({@link dev.swipe.core.Observation}, {@link
 * dev.swipe.core.ActionResult}), the normalized 0-1000 coordinates every gesture and region uses,
 * the injectable clock, and the one error type a caller catches, {@link
 * dev.swipe.core.SwipeException} with its {@link dev.swipe.core.ErrorCode}.
 */
package dev.swipe.core;

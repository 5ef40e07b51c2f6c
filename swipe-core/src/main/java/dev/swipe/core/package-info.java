/**
 * The facade a host programs against: {@link dev.swipe.core.Device} (opened by URI, e.g. {@code
 * sim:}), what it returns ({@link dev.swipe.core.Observation}, {@link
 * dev.swipe.core.ActionResult}), the normalized 0-1000 coordinates every gesture and region uses,
 * the injectable clock, and the codes only core throws ({@link dev.swipe.core.ErrorCode}; {@link
 * dev.swipe.core.Codes} finds any code by id). The one error type a caller catches is {@link
 * dev.swipe.base.SwipeException}, from swipe-base.
 */
@NullMarked
package dev.swipe.core;

import org.jspecify.annotations.NullMarked;

/**
 * Scrolling judged from pixels: a {@link dev.swipe.core.scroll.Scroll} request, what moved and by
 * how much ({@link dev.swipe.core.scroll.ScrollResult}), and scrolling until a condition holds
 * ({@link dev.swipe.core.scroll.ScrollUntilResult}).
 */
@NullMarked
package dev.swipe.core.scroll;

import org.jspecify.annotations.NullMarked;

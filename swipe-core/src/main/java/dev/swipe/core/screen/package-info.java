/**
 * What a test or an agent waits for and asserts about the screen: conditions judged on settled
 * screenshots ({@link dev.swipe.core.screen.ScreenCondition}), the outcome of a wait ({@link
 * dev.swipe.core.screen.WaitResult}) and golden-screenshot comparison with masked regions ({@link
 * dev.swipe.core.screen.GoldenScreen}).
 */
@NullMarked
package dev.swipe.core.screen;

import org.jspecify.annotations.NullMarked;

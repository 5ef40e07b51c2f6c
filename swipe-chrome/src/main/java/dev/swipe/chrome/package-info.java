/**
 * Chromium as a phone for hosts that want its parts: {@link dev.swipe.chrome.ChromePhone} opens a
 * page by a {@code chrome:} or {@code cdp:} URI and hands out its finger and eyes.
 */
@NullMarked
package dev.swipe.chrome;

import org.jspecify.annotations.NullMarked;

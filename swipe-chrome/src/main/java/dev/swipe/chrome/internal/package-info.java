/**
 * The {@code chrome:} and {@code cdp:} devices behind {@code dev.swipe.chrome}: the Chromium
 * process, its DevTools connection, touch input and screencast. Not API.
 */
@NullMarked
package dev.swipe.chrome.internal;

import org.jspecify.annotations.NullMarked;

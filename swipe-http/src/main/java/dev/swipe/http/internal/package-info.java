/**
 * The HTTP/1.1 framing under the agent's {@code serve} endpoint and the WebDriver remote end: one
 * thread per connection, read and idle timeouts, bounded connections, heads and bodies, and every
 * refusal answered in the caller's error shape; and the bounded JSON reader both read bodies with.
 * Not API: exported only to {@code dev.swipe.agent} and {@code dev.swipe.webdriver}, and may change
 * in any release.
 */
@NullMarked
package dev.swipe.http.internal;

import org.jspecify.annotations.NullMarked;

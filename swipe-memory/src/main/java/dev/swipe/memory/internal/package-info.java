/** The stores behind {@code dev.swipe.memory} (in memory, SQLite) and their ranking: not API. */
@NullMarked
package dev.swipe.memory.internal;

import org.jspecify.annotations.NullMarked;

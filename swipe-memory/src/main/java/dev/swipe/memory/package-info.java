/**
 * Widget-parameter memory: {@link dev.swipe.memory.MemoryRecord}s saved and recalled by {@link
 * dev.swipe.memory.MemoryQuery} through a {@link dev.swipe.memory.MemoryStore}, opened by URI with
 * {@link dev.swipe.memory.MemoryStore} ({@code sqlite:}, {@code mem:}, or a host's own {@link
 * dev.swipe.memory.MemoryStoreProvider}). Failures are {@link dev.swipe.base.SwipeException}s.
 */
@NullMarked
package dev.swipe.memory;

import org.jspecify.annotations.NullMarked;

/**
 * The compatibility kits. A provider adds {@code swipe-tck} with test scope and subclasses {@link
 * dev.swipe.tck.HidTransportContract}, {@link dev.swipe.tck.FrameSourceContract}, {@link
 * dev.swipe.tck.MemoryStoreContract} or {@link dev.swipe.tck.TextReaderContract}, opening its
 * implementation against a real peer; every provider in this repository passes the same kits. See
 * {@code docs/tck.md}.
 */
@NullMarked
package dev.swipe.tck;

import org.jspecify.annotations.NullMarked;

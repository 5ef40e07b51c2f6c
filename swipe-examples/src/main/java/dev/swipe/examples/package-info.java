/**
 * Runnable example programs: the README's simulator demo and short jobs (open a contact, page a
 * carousel, pan a map, set an alarm) that show how to embed the SDK.
 */
@NullMarked
package dev.swipe.examples;

import org.jspecify.annotations.NullMarked;

/**
 * Honesty and policy benchmarks: the SDK's claims and search, scroll, wheel and zoom policies
 * judged against the simulator's or the widget pages' own truth on seeded devices.
 */
@NullMarked
package dev.swipe.bench.policy;

import org.jspecify.annotations.NullMarked;

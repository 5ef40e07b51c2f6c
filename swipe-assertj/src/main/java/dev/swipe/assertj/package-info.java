/**
 * AssertJ assertions on what a phone shows: {@code assertThat(observation).isSettled()}, {@code
 * .matchesBaseline(golden)}, {@code .hasText(device, "Saved")}, and on waits.
 */
@NullMarked
package dev.swipe.assertj;

import org.jspecify.annotations.NullMarked;

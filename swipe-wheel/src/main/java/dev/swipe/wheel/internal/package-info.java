/**
 * The wheel planner, its maths and the run guard behind {@code dev.swipe.wheel}: not API; exported
 * to core only.
 */
@NullMarked
package dev.swipe.wheel.internal;

import org.jspecify.annotations.NullMarked;

/**
 * The swipe strategies that work on real phones, per scenario (list, carousel, picker, map), as
 * ready API ({@link dev.swipe.core.strategy.SwipeStrategies}): each plays one swipe and then looks,
 * and reports what it saw.
 */
@NullMarked
package dev.swipe.core.strategy;

import org.jspecify.annotations.NullMarked;

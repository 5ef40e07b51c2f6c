/**
 * What the video recorder's frames cost and the frame rate it sustains beside a running session.
 */
@NullMarked
package dev.swipe.bench.video;

import org.jspecify.annotations.NullMarked;

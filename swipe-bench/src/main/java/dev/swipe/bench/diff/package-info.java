/** Image diff and picker row pitch on phone-like screenshots, swipe-diff beside OpenCV. */
@NullMarked
package dev.swipe.bench.diff;

import org.jspecify.annotations.NullMarked;

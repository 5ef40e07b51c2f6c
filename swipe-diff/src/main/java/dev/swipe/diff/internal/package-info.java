/**
 * The image algorithms behind the diff: decoding, grey and chroma rasters, shift and zoom searches,
 * stability. Not API: exported only to the modules that run them.
 */
@NullMarked
package dev.swipe.diff.internal;

import org.jspecify.annotations.NullMarked;

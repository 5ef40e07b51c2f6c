/** How the video recorder paints its frames and writes the MP4: not API. */
@NullMarked
package dev.swipe.video.internal;

import org.jspecify.annotations.NullMarked;

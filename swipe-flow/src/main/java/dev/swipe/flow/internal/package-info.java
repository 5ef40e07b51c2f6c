/** How flows are recorded, written, read and replayed behind {@code dev.swipe.flow}: not API. */
@NullMarked
package dev.swipe.flow.internal;

import org.jspecify.annotations.NullMarked;

/**
 * Videos of runs: {@link dev.swipe.video.VideoRecorder} writes what a device's capture saw to an
 * MP4 (H.264, pure Java), frames at their capture times, optionally with the finger path and step
 * labels drawn over them, within a disk and duration budget.
 */
@NullMarked
package dev.swipe.video;

import org.jspecify.annotations.NullMarked;

/**
 * Capture sources for real rigs: {@code uvc:} (HDMI capture sticks through sarxos webcam-capture),
 * {@code mjpeg:} (MJPEG over HTTP: ustreamer/PiKVM, mjpg-streamer, IP cameras) and {@code files:}
 * (replay of a run recorded with {@link dev.swipe.capture.FrameRecorder}).
 *
 * <p>Every source hands core JPEG frames of the phone screen only (detected inside black bars or
 * given), upright, stamped on the device's clock when they arrived, and never older than asked plus
 * the source's latency. Live sources hold one frame, the newest, whatever the device's frame rate.
 * The sources are opened by URI (their classes are not API); see {@code docs/capture.md} for the
 * URI options.
 */
@NullMarked
package dev.swipe.capture;

import org.jspecify.annotations.NullMarked;

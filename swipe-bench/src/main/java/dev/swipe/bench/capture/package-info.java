/**
 * What capture costs: cropping a pillarboxed HDMI picture to the phone and the MJPEG path on
 * loopback, each beside OpenCV or the competing approach.
 */
@NullMarked
package dev.swipe.bench.capture;

import org.jspecify.annotations.NullMarked;

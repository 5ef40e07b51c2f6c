/**
 * The {@code uvc:}, {@code mjpeg:} and {@code files:} frame sources behind {@code
 * dev.swipe.capture}, with the screen crop and JPEG pipeline they share. Not API.
 */
@NullMarked
package dev.swipe.capture.internal;

import org.jspecify.annotations.NullMarked;

/**
 * Reading the text on a phone screen from its pixels.
 *
 * <p>A {@link dev.swipe.text.TextReader} turns an image into a {@link dev.swipe.text.TextPage} of
 * lines and words with pixel boxes and confidences; a {@link dev.swipe.text.TextQuery} finds what a
 * caller asks for on such a page. Engines plug in through {@link
 * dev.swipe.text.TextReaderProvider}, found by URI scheme ({@link dev.swipe.text.TextReader}). What
 * a device found on its screen is a {@link dev.swipe.text.ScreenText}, in the normalized 0-1000
 * space. This package holds no engine, so a host that brings its own does not download one.
 */
@NullMarked
package dev.swipe.text;

import org.jspecify.annotations.NullMarked;

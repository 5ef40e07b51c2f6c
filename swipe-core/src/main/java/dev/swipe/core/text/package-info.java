/**
 * Text on the screen in the SDK's normalized space: what {@code Device.findText}, {@code
 * Device.tapText} and {@code Device.waitForText} return. Queries are {@link
 * dev.swipe.text.TextQuery}s.
 */
package dev.swipe.core.text;

/**
 * Text on the screen in the SDK's normalized space: what {@code Device.text().find}, {@code
 * Device.text().tap} and {@code Device.text().waitFor} return. Queries are {@link
 * dev.swipe.text.TextQuery}s.
 */
package dev.swipe.core.text;

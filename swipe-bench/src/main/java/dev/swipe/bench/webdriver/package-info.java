/**
 * A rig as a W3C WebDriver remote end against the SDK called directly, behind a Selenium Grid hub,
 * and a whole farm under load.
 */
@NullMarked
package dev.swipe.bench.webdriver;

import org.jspecify.annotations.NullMarked;

/**
 * A rig as a W3C WebDriver remote end ({@link dev.swipe.webdriver.WebDriverServer}), so Selenium
 * and Appium clients, or a Selenium Grid, can drive it; the agent jar starts it with its {@code
 * webdriver} command.
 */
@NullMarked
package dev.swipe.webdriver;

import org.jspecify.annotations.NullMarked;

/**
 * The remote end behind {@code dev.swipe.webdriver}: HTTP routing, capability matching, the session
 * slot, W3C actions and Appium's mobile methods played on the rig. Not API.
 */
@NullMarked
package dev.swipe.webdriver.internal;

import org.jspecify.annotations.NullMarked;

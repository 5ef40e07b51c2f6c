/**
 * Picker wheels on a device: reading the values a screenshot shows, nudging one column under the
 * wheel_nudge policy, and setting a column to a target value, each with the evidence it acted on.
 */
package dev.swipe.core.wheel;

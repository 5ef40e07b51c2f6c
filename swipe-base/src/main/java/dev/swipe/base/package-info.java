/**
 * What every swipe module shares: the normalized screen space ({@link dev.swipe.base.NormSpace}).
 * Depends on nothing but the JDK, so the leaves below the device facade use it too.
 */
package dev.swipe.base;

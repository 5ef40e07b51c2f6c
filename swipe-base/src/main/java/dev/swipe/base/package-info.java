/**
 * What every swipe module shares: the one exception ({@link dev.swipe.base.SwipeException}) with
 * its {@link dev.swipe.base.Code}s and the codes more than one module throws ({@link
 * dev.swipe.base.CommonCode}), and the normalized screen space ({@link dev.swipe.base.NormSpace}).
 * Depends on nothing but the JDK, so the leaves below the device facade use it too.
 */
package dev.swipe.base;

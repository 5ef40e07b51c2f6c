/**
 * What every swipe module shares: the one exception ({@link dev.swipe.base.SwipeException}) with
 * its {@link dev.swipe.base.Code}s and the codes more than one module throws ({@link
 * dev.swipe.base.CommonCode}), the normalized screen space ({@link dev.swipe.base.NormSpace}, its
 * {@link dev.swipe.base.NormPoint}s and {@link dev.swipe.base.NormRegion}s) and the clock types
 * ({@link dev.swipe.base.Ticker}, {@link dev.swipe.base.Sleeper}). Depends on nothing but the JDK,
 * so the leaves below the device facade use it too.
 */
@NullMarked
package dev.swipe.base;

import org.jspecify.annotations.NullMarked;

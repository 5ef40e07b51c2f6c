/**
 * A run's trace (swipe-core's {@code dev.swipe.core.trace}) rendered as one self-contained HTML
 * page ({@link dev.swipe.report.HtmlReport}), reading only the files inside the trace directory.
 */
@NullMarked
package dev.swipe.report;

import org.jspecify.annotations.NullMarked;

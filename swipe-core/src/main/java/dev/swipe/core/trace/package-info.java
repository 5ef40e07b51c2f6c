/**
 * Traces of a run: one JSON line per action written as it happens ({@link
 * dev.swipe.core.trace.TraceWriter}), read back ({@link dev.swipe.core.trace.TraceReader}), and
 * turned into a self-contained HTML report ({@link dev.swipe.core.trace.HtmlReport}).
 */
package dev.swipe.core.trace;

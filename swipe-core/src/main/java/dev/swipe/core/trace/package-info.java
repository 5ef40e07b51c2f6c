/**
 * Traces of a run: one JSON line per action written as it happens ({@link
 * dev.swipe.core.trace.TraceWriter}) and read back ({@link dev.swipe.core.trace.TraceReader}).
 * swipe-report turns a trace into a self-contained HTML page.
 */
package dev.swipe.core.trace;

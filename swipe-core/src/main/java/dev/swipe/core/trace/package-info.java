/**
 * Traces of a run, read back: a device given a trace directory writes one JSON line per action as
 * it happens ({@link dev.swipe.core.trace.TraceFormat} names the files and fields), and {@link
 * dev.swipe.core.trace.TraceReader} reads them into {@link dev.swipe.core.trace.TraceRecord}s.
 * swipe-report turns a trace into a self-contained HTML page.
 */
package dev.swipe.core.trace;

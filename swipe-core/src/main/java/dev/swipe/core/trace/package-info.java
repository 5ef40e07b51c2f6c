/**
 * Traces of a run, read back: a device given a trace directory writes one JSON line per action as
 * it happens, and {@link dev.swipe.core.trace.TraceReader}, which names the files and fields, reads
 * them into {@link dev.swipe.core.trace.TraceRecord}s. swipe-report turns a trace into a
 * self-contained HTML page.
 */
@NullMarked
package dev.swipe.core.trace;

import org.jspecify.annotations.NullMarked;

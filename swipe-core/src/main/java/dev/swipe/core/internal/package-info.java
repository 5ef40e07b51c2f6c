/**
 * How a device does what its API promises: the timeline runner, settling, wheel and text
 * strategies, tracing and the registry of device URIs. Not API (the report module reads the trace
 * writer's format from here).
 */
@NullMarked
package dev.swipe.core.internal;

import org.jspecify.annotations.NullMarked;

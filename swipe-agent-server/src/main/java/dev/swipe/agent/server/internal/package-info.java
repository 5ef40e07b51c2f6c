/**
 * The trace collector the agent jar's commands start, and the gate its servers put before every
 * request (tokens, allowed hosts). Not API: the package is not exported.
 */
@NullMarked
package dev.swipe.agent.server.internal;

import org.jspecify.annotations.NullMarked;

/**
 * The JSON plumbing the agent tools share with their servers: reading a call's arguments, writing
 * results, and turning failures into the tools' error objects. Not API: exported only to the agent
 * server.
 */
@NullMarked
package dev.swipe.agent.internal;

import org.jspecify.annotations.NullMarked;

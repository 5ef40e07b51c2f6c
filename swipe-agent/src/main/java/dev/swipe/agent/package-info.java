/**
 * The agent tools as JSON with their names and fields ({@link dev.swipe.agent.ToolDispatcher}, one
 * {@link dev.swipe.agent.AgentRun} per run). The servers that carry them (MCP stdio, HTTP,
 * WebDriver) are in {@code swipe-agent-server}.
 */
@NullMarked
package dev.swipe.agent;

import org.jspecify.annotations.NullMarked;

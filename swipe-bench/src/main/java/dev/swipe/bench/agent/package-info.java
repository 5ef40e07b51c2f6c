/**
 * The agent benchmark, phone tasks run by a scripted or a real model through the LangChain4j tools
 * and judged by the simulator's truth, and what MCP adds to a tool call.
 */
@NullMarked
package dev.swipe.bench.agent;

import org.jspecify.annotations.NullMarked;

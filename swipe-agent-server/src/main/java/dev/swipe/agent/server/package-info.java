/**
 * The agent tools served: over MCP stdio ({@link dev.swipe.agent.server.McpStdioServer}), over HTTP
 * ({@link dev.swipe.agent.server.AgentHttpServer}), as a WebDriver remote end's {@code swipe:}
 * methods, and from the command line ({@link dev.swipe.agent.server.SwipeAgentCli}, also the
 * runnable jar's main class).
 */
@NullMarked
package dev.swipe.agent.server;

import org.jspecify.annotations.NullMarked;

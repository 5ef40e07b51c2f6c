/**
 * The agent layer: the tools as JSON with their names and fields ({@link
 * dev.swipe.agent.ToolDispatcher}, one {@link dev.swipe.agent.AgentRun} per run), served over MCP
 * stdio ({@link dev.swipe.agent.McpStdioServer}) or HTTP ({@link dev.swipe.agent.AgentHttpServer}).
 */
package dev.swipe.agent;

/**
 * The agent tools served: the MCP servers (stdio and Streamable HTTP), the HTTP endpoint, the
 * WebDriver command and the CLI. Depends on every provider module, so it knows every scheme.
 */
@SuppressWarnings("requires-automatic")
// the MCP SDK and reactor-core ship as automatic modules; nothing else provides them
module dev.swipe.agent.server {
  requires transitive dev.swipe.agent;
  requires dev.swipe.report;
  requires dev.swipe.flow;
  requires dev.swipe.sim;
  requires dev.swipe.hid;
  requires dev.swipe.capture;
  requires dev.swipe.chrome;
  requires dev.swipe.webdriver;
  requires dev.swipe.http;
  requires dev.swipe.text.tesseract;
  requires dev.swipe.memory.postgresql;
  requires com.fasterxml.jackson.databind;
  requires io.modelcontextprotocol.sdk.mcp.core;
  requires io.modelcontextprotocol.sdk.mcp.json.jackson2;
  requires org.slf4j;
  requires reactor.core;
  requires jakarta.servlet;
  requires org.eclipse.jetty.server;
  requires org.eclipse.jetty.util;
  requires org.eclipse.jetty.ee10.servlet;

  exports dev.swipe.agent.server;
}

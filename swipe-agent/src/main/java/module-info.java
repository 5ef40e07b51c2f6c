/**
 * The agent tools as JSON (their names and fields), the MCP stdio server, the HTTP agent server and
 * the SwipeBench format. Depends on every provider module, so it knows every scheme.
 */
module dev.swipe.agent {
  requires transitive dev.swipe.core;
  requires dev.swipe.sim;
  requires dev.swipe.hid;
  requires dev.swipe.capture;
  requires dev.swipe.chrome;
  requires dev.swipe.webdriver;
  requires dev.swipe.http;
  requires dev.swipe.text.tesseract;
  requires com.fasterxml.jackson.databind;
  requires io.modelcontextprotocol.sdk.mcp.core;
  requires io.modelcontextprotocol.sdk.mcp.json.jackson2;
  requires org.slf4j;
  requires reactor.core;

  exports dev.swipe.agent;
  exports dev.swipe.agent.bench;
}

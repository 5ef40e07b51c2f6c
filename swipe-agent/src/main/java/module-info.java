/**
 * The agent tools as JSON: their names, fields and schemas, the dispatcher and one run per agent. A
 * library on core; the MCP, HTTP and WebDriver servers and the CLI are in {@code
 * dev.swipe.agent.server}. The simulator is optional: {@code sim_state} is offered only where it
 * is.
 */
@SuppressWarnings("module")
// the qualified export names swipe-agent-server, which is built after this module (it needs it)
module dev.swipe.agent {
  requires transitive dev.swipe.core;
  requires transitive com.fasterxml.jackson.databind;
  requires dev.swipe.http;
  requires static dev.swipe.sim;

  exports dev.swipe.agent;
  exports dev.swipe.agent.internal to
      dev.swipe.agent.server;
}

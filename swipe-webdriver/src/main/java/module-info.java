/** A rig as a W3C WebDriver remote end, so Selenium and Appium clients can drive it. */
@SuppressWarnings("module")
// the qualified export names swipe-agent-server, which is built after this module (it needs it)
module dev.swipe.webdriver {
  requires transitive dev.swipe.core;
  requires com.fasterxml.jackson.databind;
  requires dev.swipe.http;

  exports dev.swipe.webdriver;
  // the agent jar runs the remote end from its own command line
  exports dev.swipe.webdriver.internal to
      dev.swipe.agent.server;
}

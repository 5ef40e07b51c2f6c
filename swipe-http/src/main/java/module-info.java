/**
 * The HTTP/1.1 server and the bounded JSON reader swipe's endpoints share. Not API: its one package
 * is exported only to the modules that serve over it.
 */
module dev.swipe.http {
  requires transitive dev.swipe.base;
  requires transitive com.fasterxml.jackson.databind;

  exports dev.swipe.http.internal to
      dev.swipe.agent,
      dev.swipe.agent.server,
      dev.swipe.webdriver;
}

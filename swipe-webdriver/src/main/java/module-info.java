/** A rig as a W3C WebDriver remote end, so Selenium and Appium clients can drive it. */
module dev.swipe.webdriver {
  requires transitive dev.swipe.core;
  requires com.fasterxml.jackson.databind;
  requires dev.swipe.http;

  exports dev.swipe.webdriver;
}

/** A run's trace as one self-contained HTML page. */
module dev.swipe.report {
  requires transitive dev.swipe.core;
  requires com.fasterxml.jackson.databind;

  exports dev.swipe.report;
}

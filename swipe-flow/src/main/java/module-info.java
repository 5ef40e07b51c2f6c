/** Flows: record a run once as steps of intent, replay it on any device without a model. */
module dev.swipe.flow {
  requires transitive dev.swipe.core;
  requires com.fasterxml.jackson.databind;
  requires com.fasterxml.jackson.dataformat.yaml;
  requires java.desktop;
  requires transitive org.jspecify;
  requires static org.junit.jupiter.api;

  exports dev.swipe.flow;
  exports dev.swipe.flow.junit;
}

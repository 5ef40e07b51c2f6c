package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A tool's spec and the code that runs it.
 *
 * @param spec what the model sees
 * @param handler runs validated arguments and returns the result object
 * @param usesPhone whether it acts on or looks at the phone (refused once the run has ended)
 */
record Tool(ToolSpec spec, Handler handler, boolean usesPhone) {
  /** Runs a tool on arguments that passed the spec's input schema. */
  interface Handler {
    ObjectNode call(Args args);
  }

  String name() {
    return spec.name();
  }
}

/** The SwipeBench format and scorer: JSONL records, the planner and the four criteria. */
module dev.swipe.agent.bench {
  requires transitive dev.swipe.core;
  requires com.fasterxml.jackson.databind;

  exports dev.swipe.agent.bench;
}

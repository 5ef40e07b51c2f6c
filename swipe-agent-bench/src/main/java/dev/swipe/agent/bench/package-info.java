/**
 * The SwipeBench format: records read from and written to JSONL, a planner that turns a record's
 * intent (region, direction, speed) into a swipe, and a scorer that grades predictions by the
 * benchmark's four criteria.
 */
@NullMarked
package dev.swipe.agent.bench;

import org.jspecify.annotations.NullMarked;

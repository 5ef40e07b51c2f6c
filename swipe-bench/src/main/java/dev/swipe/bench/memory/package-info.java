/**
 * Save and recall latency of the memory stores, the SQLite file of one rig and the PostgreSQL store
 * a farm shares.
 */
@NullMarked
package dev.swipe.bench.memory;

import org.jspecify.annotations.NullMarked;

/**
 * The PostgreSQL memory store behind the {@code postgresql:} scheme. Not exported: hosts open it
 * with {@code MemoryStore.open("postgresql://...")}.
 */
@NullMarked
package dev.swipe.memory.postgresql;

import org.jspecify.annotations.NullMarked;

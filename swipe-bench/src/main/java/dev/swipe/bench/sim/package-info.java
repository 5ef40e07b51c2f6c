/** What a simulator frame and a settled simulator action cost. */
@NullMarked
package dev.swipe.bench.sim;

import org.jspecify.annotations.NullMarked;

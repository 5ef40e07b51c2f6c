package dev.swipe.agent.server;

import dev.swipe.core.spi.TraceSink;
import java.util.Optional;

/**
 * A sink that hands everything to two others, so one run is traced twice (a local directory and a
 * collector) and the two can be compared byte for byte.
 */
record TeeSink(TraceSink a, TraceSink b) implements TraceSink {
  @Override
  public boolean append(String record) {
    boolean x = a.append(record);
    boolean y = b.append(record);
    return x && y;
  }

  @Override
  public Optional<String> store(String name, byte[] bytes) {
    Optional<String> x = a.store(name, bytes);
    Optional<String> y = b.store(name, bytes);
    return x.isPresent() ? x : y;
  }

  @Override
  public Optional<String> stopReason() {
    return a.stopReason().or(b::stopReason);
  }

  @Override
  public void close() {
    a.close();
    b.close();
  }
}

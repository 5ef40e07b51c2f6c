package dev.swipe.memory.internal;

import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Child process of {@link SqliteDurabilityTest}: saves records forever through the default
 * (durable) SQLite store and prints one line per acknowledged save, until it is killed.
 */
public final class KillTestWriter {
  private KillTestWriter() {}

  public static void main(String[] args) {
    String dbPath = args[0];
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    try (MemoryStore store = MemoryStore.open("sqlite:" + dbPath)) {
      out.println("READY");
      out.flush();
      for (long i = 0; ; i++) {
        MemoryRecord saved =
            store.save(
                MemoryRecord.builder("child record " + i, "payload " + i + " " + "x".repeat(200))
                    .tags("kill")
                    .entities("Child")
                    .priority((int) (i % 101))
                    .build());
        // One write per line; the parent only trusts lines ending in END.
        out.print("ACK " + saved.id() + " " + i + " END\n");
        out.flush();
        // A breath between saves, as any real writer takes, so the other process gets the lock.
        try {
          Thread.sleep(1);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }
}

package dev.swipe.agent.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * The run names a server has ended, remembered for its whole life so a name is never issued twice
 * (a new run under an old name would make the old run's {@code shot-1} mean a new image). Each name
 * is kept as a 64-bit digest keyed with a secret of this server, in an open-addressing table: at
 * most 32 bytes a name whatever its length, and no client can pick names that collide. Two names
 * sharing a digest (below one chance in ten million after a million names) only make the newer one
 * count as retired: its client is told to pick another name, never given old ids.
 *
 * <p>Not thread-safe: the server calls it under its runs lock.
 */
final class RetiredNames {
  private final byte[] key = new byte[16];
  private long[] slots = new long[64];
  private int size;

  RetiredNames() {
    new SecureRandom().nextBytes(key);
  }

  /** Retires {@code name}; false when it already was. */
  boolean add(String name) {
    long d = digest(name);
    int i = find(slots, d);
    if (slots[i] == d) {
      return false;
    }
    slots[i] = d;
    if (++size * 2 > slots.length) {
      grow();
    }
    return true;
  }

  /** Whether {@code name} was retired. */
  boolean contains(String name) {
    long d = digest(name);
    return slots[find(slots, d)] == d;
  }

  /** How many names are retired. */
  int size() {
    return size;
  }

  /** The slot holding {@code d}, or the empty slot where it would go (0 marks empty). */
  private static int find(long[] table, long d) {
    int mask = table.length - 1;
    int i = (int) (d ^ (d >>> 32)) & mask;
    while (table[i] != 0 && table[i] != d) {
      i = (i + 1) & mask;
    }
    return i;
  }

  private void grow() {
    long[] bigger = new long[slots.length * 2];
    for (long d : slots) {
      if (d != 0) {
        bigger[find(bigger, d)] = d;
      }
    }
    slots = bigger;
  }

  private long digest(String name) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
    sha.update(key);
    byte[] h = sha.digest(name.getBytes(StandardCharsets.UTF_8));
    long d = 0;
    for (int i = 0; i < 8; i++) {
      d = d << 8 | (h[i] & 0xFF);
    }
    return d == 0 ? 1 : d;
  }
}

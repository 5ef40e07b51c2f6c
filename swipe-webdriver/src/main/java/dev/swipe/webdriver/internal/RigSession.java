package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.webdriver.SessionTools;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One WebDriver session on a rig: its run of the phone and tools, its timeouts and the input state
 * that W3C actions keep between commands (where the finger last was, which modifiers are held), and
 * the commands running in it, so ending the session can interrupt them (an interrupted gesture
 * releases the finger).
 */
final class RigSession {
  private final String id;
  private final SessionTools tools;
  private final ObjectNode capabilities;
  private final Duration idleTimeout;
  private volatile Capabilities.Timeouts timeouts;

  /** Guarded by this: the commands in flight, the activity clock and the end. */
  private final Set<Thread> running = new HashSet<>();

  private long lastActivityNanos;
  private @Nullable String endReason;

  /** Guarded by this: the input state of actions. */
  private double pointerX;

  private double pointerY;
  private final EnumSet<Modifier> modifiers = EnumSet.noneOf(Modifier.class);
  private int screenWidth;
  private int screenHeight;

  RigSession(String id, SessionTools tools, Capabilities.Matched matched, int width, int height) {
    this.id = id;
    this.tools = tools;
    this.capabilities = matched.capabilities();
    this.idleTimeout = matched.idleTimeout();
    this.timeouts = matched.timeouts();
    this.screenWidth = width;
    this.screenHeight = height;
    this.lastActivityNanos = System.nanoTime();
  }

  String id() {
    return id;
  }

  Device device() {
    return tools.device();
  }

  SessionTools tools() {
    return tools;
  }

  ObjectNode capabilities() {
    return capabilities.deepCopy();
  }

  Duration idleTimeout() {
    return idleTimeout;
  }

  Capabilities.Timeouts timeouts() {
    return timeouts;
  }

  void timeouts(Capabilities.Timeouts t) {
    timeouts = t;
  }

  /** Registers the calling thread as running a command; false when the session has ended. */
  synchronized boolean enter() {
    if (endReason != null) {
      return false;
    }
    running.add(Thread.currentThread());
    lastActivityNanos = System.nanoTime();
    return true;
  }

  /** The calling thread's command is over; clears an interrupt meant for it. */
  synchronized void exit() {
    running.remove(Thread.currentThread());
    lastActivityNanos = System.nanoTime();
    Thread.interrupted();
    notifyAll();
  }

  /** Interrupts one command thread if it is still running in this session (a script timeout). */
  synchronized boolean interrupt(Thread t) {
    if (running.contains(t)) {
      t.interrupt();
      return true;
    }
    return false;
  }

  /** Whether the session has gone without a command for longer than its idle timeout. */
  synchronized boolean idleExpired(long nowNanos) {
    return endReason == null
        && running.isEmpty()
        && nowNanos - lastActivityNanos > idleTimeout.toNanos();
  }

  /**
   * Marks the session ended and interrupts the other commands running in it; returns false when it
   * had already ended.
   */
  synchronized boolean markEnded(String reason) {
    if (endReason != null) {
      return false;
    }
    endReason = reason;
    Thread self = Thread.currentThread();
    for (Thread t : running) {
      if (t != self) {
        t.interrupt();
      }
    }
    return true;
  }

  /** Waits (bounded) until no command other than the caller's runs. */
  synchronized void awaitOthers(Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    Thread self = Thread.currentThread();
    while (running.stream().anyMatch(t -> t != self)) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      wait(Math.max(1, left / 1_000_000L));
    }
  }

  synchronized @Nullable String endReason() {
    return endReason;
  }

  synchronized double[] pointer() {
    return new double[] {pointerX, pointerY};
  }

  synchronized void pointer(double x, double y) {
    pointerX = x;
    pointerY = y;
  }

  synchronized Set<Modifier> modifiers() {
    return modifiers.isEmpty() ? Set.of() : EnumSet.copyOf(modifiers);
  }

  synchronized void modifiers(Set<Modifier> held) {
    modifiers.clear();
    modifiers.addAll(held);
  }

  synchronized int[] screen() {
    return new int[] {screenWidth, screenHeight};
  }

  synchronized void screen(int width, int height) {
    screenWidth = width;
    screenHeight = height;
  }
}

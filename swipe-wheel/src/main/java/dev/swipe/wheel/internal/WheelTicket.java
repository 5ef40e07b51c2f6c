package dev.swipe.wheel.internal;

import dev.swipe.wheel.WheelRequest;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An authorized, not yet charged nudge. It reserves one action of the column's allowance and of the
 * run ceiling so that concurrent callers cannot together exceed them, and marks the column busy.
 * Exactly one of {@link #commit()} (the action succeeded on the device) or {@link #abort()} (it
 * failed) ends it; {@link #close()} aborts a ticket that was not committed, so a try-with-resources
 * block can never leak a reservation or charge a failure.
 */
final class WheelTicket implements AutoCloseable {

  enum State {
    OPEN,
    COMMITTED,
    ABORTED
  }

  private final RunGuard guard;
  final RunGuard.Column column;
  final RunGuard.@Nullable Episode episode;
  final long generation;
  private final WheelRequest request;
  private final PlannedNudge decision;
  State state = State.OPEN;

  WheelTicket(
      RunGuard guard,
      RunGuard.Column column,
      RunGuard.@Nullable Episode episode,
      long generation,
      WheelRequest request,
      PlannedNudge decision) {
    this.guard = Objects.requireNonNull(guard);
    this.column = column;
    this.episode = episode;
    this.generation = generation;
    this.request = request;
    this.decision = decision;
  }

  RunGuard guard() {
    return guard;
  }

  /**
   * The decision; its budgets are what will be left once this action is committed. Execute {@link
   * PlannedNudge#drag()} when present; when the target is already reached there is nothing to
   * execute.
   */
  public PlannedNudge decision() {
    return decision;
  }

  /** The request this ticket was authorized for. */
  public WheelRequest request() {
    return request;
  }

  /**
   * Charges the action after it succeeded on the device and records it for the no-progress check.
   * Returns the decision with the budgets left after charging.
   *
   * @throws IllegalStateException when already committed or aborted
   */
  public PlannedNudge commit() {
    return guard.commit(this);
  }

  /** Releases the reservation of a failed action; charges nothing. No effect when already ended. */
  public void abort() {
    guard.abort(this);
  }

  /** True until committed or aborted. */
  public boolean isOpen() {
    return guard.isOpen(this);
  }

  /** Aborts unless committed, so failures inside a try-with-resources block change nothing. */
  @Override
  public void close() {
    guard.abort(this);
  }
}

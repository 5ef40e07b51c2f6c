package dev.swipe.agent.server;

import dev.swipe.agent.AgentRun;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import org.jspecify.annotations.Nullable;

/**
 * How the servers that host many runs on one phone ({@code serve}, {@code mcp --http}) make each
 * run: inline images taken, the memory store shared, screenshots kept within the run's bound and
 * the server's shared budget, and a trace of its own when the server traces.
 */
final class ServedRuns {
  private final Device device;
  private final @Nullable MemoryStore memory;
  private final boolean simState;
  private final long maxRunAttachmentBytes;
  private final AttachmentRegistry.Budget attachmentBudget;
  private final @Nullable RunTraces traces;

  /**
   * @param memory the shared store, or null for none
   * @param maxRunAttachmentBytes one run's screenshot bound (cut to the budget)
   * @param maxAttachmentBytes every run's screenshots together
   * @param traces where runs are traced, or null for untraced
   */
  ServedRuns(
      Device device,
      @Nullable MemoryStore memory,
      boolean simState,
      long maxRunAttachmentBytes,
      long maxAttachmentBytes,
      @Nullable RunTraces traces) {
    this.device = device;
    this.memory = memory;
    this.simState = simState;
    this.maxRunAttachmentBytes = Math.min(maxRunAttachmentBytes, maxAttachmentBytes);
    this.attachmentBudget = new AttachmentRegistry.Budget(maxAttachmentBytes);
    this.traces = traces;
  }

  /** The budget every run's kept screenshots share. */
  AttachmentRegistry.Budget attachmentBudget() {
    return attachmentBudget;
  }

  /** A run traced under {@code label} when the server traces; untraced for a null label. */
  AgentRun open(@Nullable String label) {
    AgentRun.Builder b =
        AgentRun.builder(device)
            .acceptInlineImages(true)
            .simState(simState)
            .attachments(
                new AttachmentRegistry(
                    AttachmentRegistry.DEFAULT_CAPACITY, maxRunAttachmentBytes, attachmentBudget));
    if (memory != null) {
      b.memory(memory);
    }
    return traces == null || label == null ? b.build() : traces.start(b, label);
  }
}

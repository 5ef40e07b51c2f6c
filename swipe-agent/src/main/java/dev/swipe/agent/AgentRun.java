package dev.swipe.agent;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * One agent run on a phone: its own attachment ids and wheel guard (a {@link Device.Run#fork()}
 * view sharing the phone and its lock with other runs), the memory store, and whether the run has
 * ended with {@code finished} or {@code failed_to_complete_task}. Ids issued in one run never
 * resolve in another, so a model can only refer to screenshots it was shown.
 *
 * <pre>{@code
 * try (Device phone = Device.open("sim:?scene=picker");
 *      MemoryStore memory = MemoryStore.open("mem:");
 *      AgentRun run = AgentRun.builder(phone).memory(memory).build()) {
 *   ToolDispatcher tools = new ToolDispatcher(run);
 *   String shot = tools.call("screenshot", "{}");
 * }
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class AgentRun implements AutoCloseable {
  /**
   * How a run ended.
   *
   * @param status {@code finished} or {@code failed_to_complete_task}
   * @param text the model's closing text or reason (may be empty)
   */
  public record Termination(String status, String text) {}

  private final Device run;
  private final @Nullable MemoryStore memory;
  private final boolean inlineImages;
  private final boolean simState;
  private final AtomicReference<Termination> termination = new AtomicReference<>();
  private volatile boolean closed;

  private AgentRun(Builder b) {
    this.run =
        b.sink != null
            ? b.device
                .run()
                .forkTracedTo(
                    b.attachments != null ? b.attachments : new dev.swipe.core.AttachmentRegistry(),
                    b.sink,
                    b.traceMaxBytes)
            : b.attachments != null
                ? b.device.run().fork(b.attachments, b.trace, b.traceMaxBytes)
                : b.trace == null
                    ? b.device.run().fork()
                    : b.device.run().fork(b.trace, b.traceMaxBytes);
    // recorded in the run's trace like every other tool call (an untraced run uses it as it is)
    this.memory = b.memory == null ? null : run.run().traced(b.memory);
    this.inlineImages = b.inlineImages;
    this.simState = b.simState;
  }

  /** Starts a run on {@code device} without memory, accepting attachment ids only. */
  public static AgentRun start(Device device) {
    return builder(device).build();
  }

  /** A builder for a run on {@code device}. */
  public static Builder builder(Device device) {
    return new Builder(device);
  }

  /** The run's view of the phone: its own attachment ids and wheel guard. */
  public Device device() {
    return run;
  }

  /** The run's id (the attachment registry's). */
  public String runId() {
    return run.run().attachments().runId();
  }

  /**
   * The memory store for {@code save_memory}/{@code recall_memory}, if one was given: the run's
   * view of it, whose calls are recorded in the run's trace when the run is traced.
   */
  public Optional<MemoryStore> memory() {
    return Optional.ofNullable(memory);
  }

  /**
   * Whether {@code image_diff} also takes base64 JPEG in {@code before}/{@code after}: true for
   * direct (HTTP, Java) callers, false for model-facing servers, where only ids of this run count.
   */
  public boolean acceptsInlineImages() {
    return inlineImages;
  }

  /**
   * Whether the tools include {@code sim_state} (on the simulator only): the simulator's true
   * state, which a model acting on a real phone never has, so it is offered only when asked for.
   */
  public boolean offersSimState() {
    return simState;
  }

  /** How the run ended, or empty while it is going on. */
  public Optional<Termination> termination() {
    return Optional.ofNullable(termination.get());
  }

  /** Ends the run; returns false when it had already ended. */
  boolean terminate(Termination t) {
    return termination.compareAndSet(null, t);
  }

  /** Ends the run's view of the phone (not the phone, and not the memory store). */
  @Override
  public void close() {
    closed = true;
    run.close();
  }

  /** Whether {@link #close()} was called (a server may then remove the run's trace). */
  public boolean isClosed() {
    return closed;
  }

  /**
   * Builds an {@link AgentRun}. Its parts, the memory store and the trace, are set once: a second
   * set fails with {@code invalid_argument} naming {@code memory} or {@code trace}. The options
   * ({@link #acceptInlineImages}, {@link #simState}) take the last value given.
   */
  public static final class Builder {
    private final Device device;
    private @Nullable MemoryStore memory;
    private boolean inlineImages;
    private boolean simState;
    private java.nio.file.@Nullable Path trace;
    private dev.swipe.core.spi.@Nullable TraceSink sink;
    private long traceMaxBytes;
    private boolean traceSet;
    private dev.swipe.core.@Nullable AttachmentRegistry attachments;

    private Builder(Device device) {
      this.device = SwipeException.requireArgument(device, "device");
    }

    /** The memory store (shared with other runs; the caller closes it). */
    public Builder memory(MemoryStore memory) {
      SwipeException.requireArgument(memory, "memory");
      SwipeException.requireNotSet(this.memory != null, "memory");
      this.memory = memory;
      return this;
    }

    /** Accept base64 JPEG where ids are accepted (direct callers); default false. */
    public Builder acceptInlineImages(boolean accept) {
      this.inlineImages = accept;
      return this;
    }

    /**
     * Offer the {@code sim_state} tool when the phone is the simulator; default false. For demos
     * and tests that check outcomes: a model given it could read answers it must see on screen.
     */
    public Builder simState(boolean offer) {
      this.simState = offer;
      return this;
    }

    /**
     * Traces the run in its own directory ({@link Device.Run#fork(java.nio.file.Path, long)}), so
     * each run of a server renders as a report of its own; a null directory leaves the run
     * untraced.
     */
    public Builder trace(java.nio.file.@Nullable Path dir, long maxBytes) {
      SwipeException.requireNotSet(traceSet, "trace");
      this.traceSet = true;
      this.trace = dir;
      this.traceMaxBytes = maxBytes;
      return this;
    }

    /**
     * Traces the run into {@code sink} instead of a directory ({@link
     * Device.Run#forkTracedTo(dev.swipe.core.AttachmentRegistry, dev.swipe.core.spi.TraceSink,
     * long)}), e.g. a {@link dev.swipe.core.trace.HttpTraceSink} that sends it to a collector,
     * within a budget of {@code maxBytes}. The run owns the sink from {@link #build()}: closing the
     * run closes it, and so does a build that fails. A null sink leaves the run untraced.
     */
    public Builder traceTo(dev.swipe.core.spi.TraceSink sink, long maxBytes) {
      SwipeException.requireNotSet(traceSet, "trace");
      this.traceSet = true;
      this.sink = sink;
      this.traceMaxBytes = maxBytes;
      return this;
    }

    /**
     * Keeps the run's screenshots in {@code registry}, a new one made for this run (e.g. with a
     * byte bound, or counted in a server's shared {@link
     * dev.swipe.core.AttachmentRegistry.Budget}); default: a registry with the default bounds
     * ({@link dev.swipe.core.AttachmentRegistry#DEFAULT_CAPACITY} attachments, {@link
     * dev.swipe.core.AttachmentRegistry#DEFAULT_MAX_BYTES}).
     */
    public Builder attachments(dev.swipe.core.AttachmentRegistry registry) {
      SwipeException.requireArgument(registry, "attachments");
      SwipeException.requireNotSet(this.attachments != null, "attachments");
      this.attachments = registry;
      return this;
    }

    /**
     * Starts the run.
     *
     * @throws SwipeException {@code invalid_argument} (field {@code trace}) when its trace
     *     directory cannot be written
     */
    public AgentRun build() {
      return new AgentRun(this);
    }
  }
}

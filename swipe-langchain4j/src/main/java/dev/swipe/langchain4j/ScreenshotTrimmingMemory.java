package dev.swipe.langchain4j;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.List;

/**
 * A chat memory for an AI service that drives a phone: it keeps the latest screenshots as images
 * and replaces older ones with a short note, in what it stores as well as in what the model is
 * sent. Without it an AI service resends every screenshot of the conversation on every request,
 * which {@link PhoneAgent} never does. Wrap any memory, or take a message window:
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *     .chatModel(model)
 *     .toolProvider(tools)
 *     .chatMemory(ScreenshotTrimmingMemory.withMaxMessages(100))
 *     .build();
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class ScreenshotTrimmingMemory implements ChatMemory {
  /** Screenshots kept as images unless told otherwise, as {@link PhoneAgent} keeps them. */
  public static final int DEFAULT_KEEP_IMAGES = 2;

  private final ChatMemory delegate;
  private final int keepImages;

  private ScreenshotTrimmingMemory(ChatMemory delegate, int keepImages) {
    this.delegate = SwipeException.requireArgument(delegate, "delegate");
    if (keepImages < 0) {
      throw SwipeException.invalidArgument("keep_images", "must be 0 or more, was " + keepImages);
    }
    this.keepImages = keepImages;
  }

  /**
   * Wraps {@code delegate}, keeping the latest {@code keepImages} screenshots as images.
   *
   * @throws SwipeException {@code invalid_argument} naming {@code delegate} or {@code keep_images}
   */
  public static ScreenshotTrimmingMemory wrap(ChatMemory delegate, int keepImages) {
    return new ScreenshotTrimmingMemory(delegate, keepImages);
  }

  /**
   * A window of the latest {@code maxMessages} messages, with the latest {@value
   * #DEFAULT_KEEP_IMAGES} screenshots as images.
   *
   * @throws SwipeException {@code invalid_argument} naming {@code max_messages} when below 1
   */
  public static ScreenshotTrimmingMemory withMaxMessages(int maxMessages) {
    if (maxMessages < 1) {
      throw SwipeException.invalidArgument(
          "max_messages", "must be at least 1, was " + maxMessages);
    }
    return wrap(MessageWindowChatMemory.withMaxMessages(maxMessages), DEFAULT_KEEP_IMAGES);
  }

  @Override
  public Object id() {
    return delegate.id();
  }

  /** Adds the message, then turns screenshots older than the kept ones into notes. */
  @Override
  public void add(ChatMessage message) {
    delegate.add(message);
    List<ChatMessage> all = new ArrayList<>(delegate.messages());
    if (OlderScreenshots.keepLatest(all, keepImages)) {
      delegate.set(all);
    }
  }

  @Override
  public List<ChatMessage> messages() {
    return delegate.messages();
  }

  @Override
  public void clear() {
    delegate.clear();
  }
}

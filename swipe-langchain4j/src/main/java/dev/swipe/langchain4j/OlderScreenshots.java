package dev.swipe.langchain4j;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps a conversation's latest screenshots as images and replaces older ones with a short note: a
 * model acts on the screen as it is now, and every resent picture costs tokens and time.
 */
final class OlderScreenshots {
  /** What stands where an older screenshot was. */
  static final String NOTE = "(an older screenshot, no longer shown)";

  private OlderScreenshots() {}

  /**
   * Replaces, in place, the images of all but the latest {@code keep} messages that carry one.
   *
   * @return whether any message changed
   */
  static boolean keepLatest(List<ChatMessage> messages, int keep) {
    int seen = 0;
    boolean changed = false;
    for (int i = messages.size() - 1; i >= 0; i--) {
      ChatMessage m = messages.get(i);
      List<Content> contents =
          m instanceof ToolExecutionResultMessage t
              ? t.contents()
              : m instanceof UserMessage u ? u.contents() : List.of();
      if (contents.stream().noneMatch(c -> c instanceof ImageContent)) {
        continue;
      }
      seen++;
      if (seen <= keep) {
        continue;
      }
      List<Content> kept = new ArrayList<>();
      for (Content c : contents) {
        kept.add(c instanceof ImageContent ? TextContent.from(NOTE) : c);
      }
      messages.set(
          i,
          m instanceof ToolExecutionResultMessage t
              ? t.toBuilder().contents(kept).build()
              : UserMessage.from(kept));
      changed = true;
    }
    return changed;
  }
}

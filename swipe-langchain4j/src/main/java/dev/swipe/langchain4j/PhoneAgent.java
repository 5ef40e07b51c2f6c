package dev.swipe.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.swipe.agent.AgentRun;
import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A plain tool-calling loop over any LangChain4j {@link ChatModel} and the phone's tools: ask the
 * model, run the tools it calls, hand back the results, until it calls {@code finished} or {@code
 * failed_to_complete_task} or a budget runs out. It is the loop an agent author would otherwise
 * write by hand, kept small so it can be read and copied; an AI service with {@link PhoneTools} as
 * its tool provider works too.
 *
 * <p>The loop never throws for what the model does: wrong tool calls are error results the model
 * reads and recovers from, a model that stops calling tools is reminded once, and a model error
 * ends the run with {@link Status#MODEL_ERROR}. Older screenshots are dropped from the conversation
 * (only the latest few stay as images), so a long run does not resend every picture.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class PhoneAgent {
  /** The system prompt the loop uses unless told otherwise. */
  @SuppressWarnings("StringConcatToTextBlock")
  // one literal a line: several lines pass the column limit, where a text block would need escapes
  public static final String DEFAULT_SYSTEM_PROMPT =
      String.join(
          "\n",
          "You operate a phone through tools: a finger (tap, swipe, drag, wheel and scroll tools) and the screen's pixels.",
          "Coordinates are normalized: x and y from 0 to 1000, origin at the top-left of the screen.",
          "Start with a screenshot. Every action returns the settled screen after it with a screenshot_attachment_id;",
          "pass those ids to image_diff, read_wheel, find_text and wheel_nudge. Prefer find_text and tap_text to locate",
          "text, read_wheel and set_wheel for pickers, scroll for lists and carousels. A result with an error object",
          "tells you what was wrong (code, message, details.field): fix the call rather than repeat it.",
          "When the goal shows on the screen, call finished; if it cannot be done, call failed_to_complete_task.");

  /** How a run ended. */
  public enum Status {
    /** The model called {@code finished}. */
    FINISHED,
    /** The model called {@code failed_to_complete_task}. */
    GAVE_UP,
    /** The model stopped calling tools without ending the task, even after a reminder. */
    STOPPED_WITHOUT_ENDING,
    /** {@code maxTurns} model replies passed without an end. */
    TURN_BUDGET_EXHAUSTED,
    /** The model (its API, network, or a reply that could not be read) failed. */
    MODEL_ERROR
  }

  /**
   * What a run did.
   *
   * @param status how it ended
   * @param text the model's closing text or reason, or what went wrong
   * @param turns model replies
   * @param toolCalls tool calls answered, errors included
   * @param toolErrors the codes of the error results, in order
   * @param transcript the conversation as the model last saw it
   */
  public record Outcome(
      Status status,
      String text,
      int turns,
      int toolCalls,
      List<String> toolErrors,
      List<ChatMessage> transcript) {
    /** Copies the lists. */
    public Outcome {
      toolErrors = List.copyOf(toolErrors);
      transcript = List.copyOf(transcript);
    }
  }

  private final ChatModel model;
  private final String systemPrompt;
  private final int maxTurns;
  private final int keepImages;

  private PhoneAgent(Builder b) {
    this.model = b.model;
    this.systemPrompt = b.systemPrompt;
    this.maxTurns = b.maxTurns;
    this.keepImages = b.keepImages;
  }

  /** A builder for a loop over {@code model}. */
  public static Builder builder(ChatModel model) {
    return new Builder(model);
  }

  /**
   * Works on {@code task} with {@code tools} until the model ends it or a budget runs out. The
   * tools stay open (the caller closes them, which ends their run).
   */
  public Outcome run(PhoneTools tools, String task) {
    SwipeException.requireArgument(tools, "tools");
    SwipeException.requireArgument(task, "task");
    int callsBefore = tools.calls();
    int errorsBefore = tools.errorCodes().size();
    List<ChatMessage> messages = new ArrayList<>();
    messages.add(SystemMessage.from(systemPrompt));
    messages.add(UserMessage.from(task));
    boolean reminded = false;
    int turns = 0;
    while (turns < maxTurns) {
      ChatResponse response;
      try {
        response =
            model.chat(
                ChatRequest.builder()
                    .messages(messages)
                    .toolSpecifications(tools.specifications())
                    .build());
      } catch (RuntimeException e) {
        return outcome(
            Status.MODEL_ERROR,
            e.getClass().getSimpleName() + ": " + e.getMessage(),
            turns,
            tools,
            callsBefore,
            errorsBefore,
            messages);
      }
      turns++;
      AiMessage reply = response == null ? null : response.aiMessage();
      if (reply == null) {
        return outcome(
            Status.MODEL_ERROR,
            "the model returned no message",
            turns,
            tools,
            callsBefore,
            errorsBefore,
            messages);
      }
      messages.add(reply);
      if (!reply.hasToolExecutionRequests()) {
        if (reminded) {
          return outcome(
              Status.STOPPED_WITHOUT_ENDING,
              reply.text() == null ? "" : reply.text(),
              turns,
              tools,
              callsBefore,
              errorsBefore,
              messages);
        }
        reminded = true;
        messages.add(
            UserMessage.from(
                "Keep working with the tools. When the task is done call finished;"
                    + " if it cannot be done call failed_to_complete_task."));
        continue;
      }
      messages.addAll(tools.execute(reply));
      OlderScreenshots.keepLatest(messages, keepImages);
      Optional<AgentRun.Termination> end = tools.run().termination();
      if (end.isPresent()) {
        Status s = "finished".equals(end.get().status()) ? Status.FINISHED : Status.GAVE_UP;
        return outcome(s, end.get().text(), turns, tools, callsBefore, errorsBefore, messages);
      }
    }
    return outcome(
        Status.TURN_BUDGET_EXHAUSTED,
        "no end after " + maxTurns + " model replies",
        turns,
        tools,
        callsBefore,
        errorsBefore,
        messages);
  }

  private static Outcome outcome(
      Status s,
      String text,
      int turns,
      PhoneTools tools,
      int callsBefore,
      int errorsBefore,
      List<ChatMessage> messages) {
    List<String> errors = tools.errorCodes();
    return new Outcome(
        s,
        text,
        turns,
        tools.calls() - callsBefore,
        errors.subList(errorsBefore, errors.size()),
        messages);
  }

  /**
   * Builds a {@link PhoneAgent}. The model is its one part, given to {@link PhoneAgent#builder};
   * the options (prompt, turns, images kept) take the last value given.
   */
  public static final class Builder {
    private final ChatModel model;
    private String systemPrompt = DEFAULT_SYSTEM_PROMPT;
    private int maxTurns = 40;
    private int keepImages = 2;

    private Builder(ChatModel model) {
      this.model = SwipeException.requireArgument(model, "model");
    }

    /** The system prompt; default {@link #DEFAULT_SYSTEM_PROMPT}. */
    public Builder systemPrompt(String systemPrompt) {
      this.systemPrompt = SwipeException.requireArgument(systemPrompt, "system_prompt");
      return this;
    }

    /** Model replies before the run is called off; default 40. */
    public Builder maxTurns(int maxTurns) {
      if (maxTurns < 1) {
        throw SwipeException.invalidArgument("max_turns", "must be at least 1, was " + maxTurns);
      }
      this.maxTurns = maxTurns;
      return this;
    }

    /** Screenshots kept as images in the conversation, newest first; default 2. */
    public Builder keepImages(int keepImages) {
      if (keepImages < 0) {
        throw SwipeException.invalidArgument("keep_images", "must be 0 or more, was " + keepImages);
      }
      this.keepImages = keepImages;
      return this;
    }

    /** The loop. */
    public PhoneAgent build() {
      return new PhoneAgent(this);
    }
  }
}

package dev.swipe.langchain4j;

import dev.swipe.base.Api;

/**
 * Where the screenshot of a tool result goes. Model APIs differ: Anthropic takes images inside a
 * tool result, while OpenAI's Chat Completions API takes only text there (LangChain4j 1.19 refuses
 * to send an image in an OpenAI tool message), so the picture has to follow as a user message.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public enum ImageDelivery {
  /**
   * The tool result carries the JSON text and the screenshot as {@code ImageContent} (Anthropic,
   * and any model whose API accepts images in tool results).
   */
  IN_TOOL_RESULT,
  /**
   * The tool result is the JSON text only; {@link
   * PhoneTools#execute(dev.langchain4j.data.message.AiMessage)} appends one user message with the
   * latest screenshot after the tool results (OpenAI Chat Completions and OpenAI-compatible
   * servers).
   */
  IN_USER_MESSAGE,
  /** Text only, for models that cannot see images: they work from find_text and read_wheel. */
  NONE
}

package dev.swipe.langchain4j.examples;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.anthropic.AnthropicChatModelName;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiChatModelName;
import dev.swipe.base.SwipeException;
import dev.swipe.langchain4j.PhoneTools;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A real chat model chosen by environment variables, so the example agent and the agent benchmark
 * run against whichever provider a user has, and say how to set one up when there is none. Each
 * provider comes with the way its API takes screenshots ({@link PhoneTools.ImageDelivery}).
 *
 * @param model the chat model
 * @param images where its API takes screenshots
 * @param name provider and model, for reports
 */
public record ConfiguredModel(ChatModel model, PhoneTools.ImageDelivery images, String name) {
  /** What to set, printed when nothing is. */
  @SuppressWarnings("StringConcatToTextBlock")
  // one literal a line keeps the column layout of the lines visible, blanks and all
  public static final String HOW_TO_CONFIGURE =
      String.join(
          "\n",
          "No chat model is configured. Set one of:",
          "  OpenAI or any OpenAI-compatible server (vLLM, LM Studio, Ollama's /v1):",
          "    OPENAI_API_KEY=...            (any text for a local server that takes none)",
          "    OPENAI_BASE_URL=...           (optional; e.g. http://localhost:11434/v1 for Ollama)",
          "    OPENAI_MODEL=...              (optional; default gpt-4o-mini)",
          "  Anthropic:",
          "    ANTHROPIC_API_KEY=...",
          "    ANTHROPIC_MODEL=...           (optional; default claude-sonnet-4-5-20250929)",
          "  SWIPE_AGENT_PROVIDER=openai|anthropic picks one when both are set;",
          "  SWIPE_AGENT_IMAGES=none sends no screenshots (for models that cannot see images).");

  /** The model the variables describe, or empty when none is set. */
  public static Optional<ConfiguredModel> fromEnvironment(Map<String, String> env) {
    SwipeException.requireArgument(env, "env");
    String provider = blankToNull(env.get("SWIPE_AGENT_PROVIDER"));
    boolean openAi = blankToNull(env.get("OPENAI_API_KEY")) != null;
    boolean anthropic = blankToNull(env.get("ANTHROPIC_API_KEY")) != null;
    if (provider == null) {
      provider = anthropic ? "anthropic" : openAi ? "openai" : null;
    }
    if (provider == null) {
      return Optional.empty();
    }
    Duration timeout = Duration.ofMinutes(2);
    ConfiguredModel m;
    switch (provider.toLowerCase(Locale.ROOT)) {
      case "openai" -> {
        String key = require(env, "OPENAI_API_KEY");
        String model =
            env.getOrDefault("OPENAI_MODEL", OpenAiChatModelName.GPT_4_O_MINI.toString());
        OpenAiChatModel.OpenAiChatModelBuilder b =
            OpenAiChatModel.builder().apiKey(key).modelName(model).timeout(timeout).maxRetries(2);
        String baseUrl = blankToNull(env.get("OPENAI_BASE_URL"));
        if (baseUrl != null) {
          b.baseUrl(baseUrl);
        }
        // OpenAI's chat API takes text only in tool messages: the screen follows as a user message.
        m =
            new ConfiguredModel(
                b.build(), PhoneTools.ImageDelivery.IN_USER_MESSAGE, "openai " + model);
      }
      case "anthropic" -> {
        String key = require(env, "ANTHROPIC_API_KEY");
        String model =
            env.getOrDefault(
                "ANTHROPIC_MODEL", AnthropicChatModelName.CLAUDE_SONNET_4_5_20250929.toString());
        AnthropicChatModel.AnthropicChatModelBuilder b =
            AnthropicChatModel.builder()
                .apiKey(key)
                .modelName(model)
                .maxTokens(2048)
                .timeout(timeout)
                .maxRetries(2);
        String baseUrl = blankToNull(env.get("ANTHROPIC_BASE_URL"));
        if (baseUrl != null) {
          b.baseUrl(baseUrl);
        }
        m =
            new ConfiguredModel(
                b.build(), PhoneTools.ImageDelivery.IN_TOOL_RESULT, "anthropic " + model);
      }
      default ->
          throw SwipeException.invalidArgument(
              "SWIPE_AGENT_PROVIDER", "must be openai or anthropic, was '" + provider + "'");
    }
    String images = blankToNull(env.get("SWIPE_AGENT_IMAGES"));
    if (images != null) {
      if (!images.equalsIgnoreCase("none")) {
        throw SwipeException.invalidArgument(
            "SWIPE_AGENT_IMAGES", "must be none when set, was '" + images + "'");
      }
      m = new ConfiguredModel(m.model(), PhoneTools.ImageDelivery.NONE, m.name());
    }
    return Optional.of(m);
  }

  private static String require(Map<String, String> env, String name) {
    String v = blankToNull(env.get(name));
    if (v == null) {
      throw SwipeException.invalidArgument(name, "is required for this provider");
    }
    return v;
  }

  private static @Nullable String blankToNull(@Nullable String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}

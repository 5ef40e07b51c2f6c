package dev.swipe.flow;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.flow.internal.MaestroYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a Maestro flow as a {@link Flow}, so flows a team already wrote replay from pixels on
 * phones no driver reaches. Only what a finger and a camera can do maps to steps:
 *
 * <ul>
 *   <li>{@code tapOn: "text"} and {@code tapOn: {text: ...}}: {@code tap_text}; {@code tapOn:
 *       {point: "50%, 50%"}} and {@code longPressOn} at a point: a raw {@code tap}
 *   <li>{@code scrollUntilVisible: {element: ..., direction: DOWN, timeout: ...}}: {@code
 *       scroll_until}, recorded as found
 *   <li>{@code inputText}: {@code type_text}; {@code back} and {@code pressKey} (Enter, Backspace,
 *       Back, Home, Tab, Escape, the volume and the remote's arrows): {@code key}
 *   <li>{@code assertVisible} and {@code assertNotVisible} (7 s, as Maestro waits), {@code
 *       extendedWaitUntil}: {@code wait_text}
 *   <li>{@code waitForAnimationToEnd}: {@code wait_stable} (15 s by default); a replay fails where
 *       the screen does not settle, where Maestro goes on
 *   <li>{@code scroll}: a {@code scroll} down; {@code swipe} by direction or by start and end in
 *       percent: a raw {@code swipe}
 * </ul>
 *
 * <p>Text with the marks of a regular expression ({@code * + \ [ ] | ^ { }}) is matched as one,
 * anywhere in a line read; other text as words, ignoring case and punctuation. {@code ${NAME}} is
 * replaced from the config's {@code env} and the {@code env} given. Everything else ({@code
 * launchApp}, selectors by id, index or relation, scripts, loops, {@code optional} commands, pixel
 * coordinates of an unknown screen) has no step: {@link #read(String)} refuses the first such
 * command, {@link #readSkipping} leaves them out and lists them. Imported steps carry no anchors
 * and no recorded verdicts beyond what the command asserts; the flow's screen size is nominal.
 *
 * <pre>{@code
 * MaestroImport.Result imported =
 *     MaestroImport.readSkipping(Files.readString(Path.of("login.yaml")), Map.of("USER", "ada"));
 * imported.skipped().forEach(s -> System.out.println("left out: " + s));
 * imported.flow().write(Path.of("login.flow.yaml"));
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class MaestroImport {
  private MaestroImport() {}

  /**
   * A command left out of the flow.
   *
   * @param index its place in the command list, from 0; -1 for a config hook
   * @param command the command's name, e.g. {@code launchApp}
   * @param reason why no step plays it
   */
  public record Skipped(int index, String command, String reason) {}

  /**
   * A flow imported with the commands it left out.
   *
   * @param flow the steps that map
   * @param skipped the commands that do not, in order
   */
  public record Result(Flow flow, List<Skipped> skipped) {
    /** Copies the list. */
    public Result {
      skipped = List.copyOf(skipped);
    }
  }

  /**
   * Reads a Maestro flow, refusing any command that maps to no step.
   *
   * @throws SwipeException {@code flow_invalid}: for text that is no Maestro flow, or naming the
   *     first command that maps to no step (details {@code field} such as {@code commands[0]},
   *     {@code index} and {@code command}; {@code field} {@code config.onFlowStart} for a hook)
   */
  public static Flow read(String yaml) {
    return read(yaml, Map.of());
  }

  /**
   * Reads a Maestro flow with variables for its {@code ${NAME}}s (over the config's {@code env}),
   * refusing any command that maps to no step.
   *
   * @throws SwipeException as {@link #read(String)}
   */
  public static Flow read(String yaml, Map<String, String> env) {
    return MaestroYaml.parse(
        SwipeException.requireArgument(yaml, "yaml"),
        Map.copyOf(SwipeException.requireArgument(env, "env")),
        null);
  }

  /**
   * Reads a Maestro flow, leaving out the commands that map to no step and listing them: for a flow
   * that starts with {@code launchApp}, the usual case, when the app is opened otherwise.
   *
   * @throws SwipeException {@code flow_invalid} for text that is no Maestro flow
   */
  public static Result readSkipping(String yaml, Map<String, String> env) {
    List<Skipped> skipped = new ArrayList<>();
    Flow flow =
        MaestroYaml.parse(
            SwipeException.requireArgument(yaml, "yaml"),
            Map.copyOf(SwipeException.requireArgument(env, "env")),
            skipped);
    return new Result(flow, skipped);
  }
}

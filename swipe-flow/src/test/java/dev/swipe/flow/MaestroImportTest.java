package dev.swipe.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.text.TextQuery;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MaestroImportTest {
  /** A contacts flow as Maestro's docs and examples write them. */
  static final String CONTACTS =
      """
      appId: com.android.contacts
      name: Open a contact
      tags:
        - smoke
      env:
        CONTACT: Ivan Patel
      ---
      - launchApp:
          clearState: true
      - tapOn: "Search contacts"
      - inputText: ${CONTACT}
      - back
      - scrollUntilVisible:
          element:
            text: ${CONTACT}
          direction: DOWN
          timeout: 30000
          speed: 40
          visibilityPercentage: 100
      - tapOn:
          text: ${CONTACT}
          retryTapIfNoChange: false
          label: Open the contact
      - assertVisible: "Message"
      - waitForAnimationToEnd
      - pressKey: Enter
      - swipe:
          start: 90%, 50%
          end: 10%, 50%
          duration: 300
      - assertNotVisible:
          text: "Loading.*"
      - extendedWaitUntil:
          visible: Done
          timeout: 10000
      - scroll
      - tapOn:
          point: 50%,90%
      - longPressOn:
          point: "10%, 20%"
      - swipe:
          direction: LEFT
      - waitForAnimationToEnd:
          timeout: 3000
      - pressKey: Volume Up
      """;

  @Test
  void launchAppIsRefusedNamingTheCommand() {
    assertThatThrownBy(() -> MaestroImport.read(CONTACTS))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID);
              assertThat(e.field()).isEqualTo("commands[0]");
              assertThat(e.details())
                  .containsEntry("index", 0)
                  .containsEntry("command", "launchApp");
              assertThat(e.getMessage())
                  .contains("launchApp")
                  .contains("open it before the replay");
            });
  }

  @Test
  void textCommandsMapToStepsOfIntent() {
    MaestroImport.Result imported = MaestroImport.readSkipping(CONTACTS, Map.of());
    assertThat(imported.skipped())
        .extracting(MaestroImport.Skipped::index, MaestroImport.Skipped::command)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(0, "launchApp"));
    Flow flow = imported.flow();
    assertThat(flow.name()).isEqualTo("Open a contact");
    FlowStep.TextTarget ivan = FlowStep.TextTarget.of("Ivan Patel");
    FlowStep.Motion defaults = FlowStep.Motion.DEFAULT;
    assertThat(flow.steps())
        .containsExactly(
            new FlowStep.TapText(FlowStep.TextTarget.of("Search contacts"), null, null),
            new FlowStep.TypeText("Ivan Patel"),
            new FlowStep.PressKey(Key.BACK),
            new FlowStep.ScrollUntil(
                ivan,
                new FlowStep.ScrollMove(ScrollDirection.DOWN, 0.8, null),
                SearchPace.FLING,
                60,
                30_000,
                null,
                FlowStep.FOUND),
            new FlowStep.TapText(ivan, null, null),
            new FlowStep.WaitText(FlowStep.TextTarget.of("Message"), false, 7_000),
            new FlowStep.WaitStable(15_000),
            new FlowStep.PressKey(Key.ENTER),
            new FlowStep.Swipe(
                NormPoint.of(900, 500),
                NormPoint.of(100, 500),
                new FlowStep.Motion(
                    300, defaults.steps(), defaults.holdBeforeMs(), defaults.holdAfterMs()),
                null),
            new FlowStep.WaitText(
                new FlowStep.TextTarget(
                    "Loading.*", TextQuery.Match.REGEX, TextQuery.Scope.WORDS, 0, null),
                true,
                7_000),
            new FlowStep.WaitText(FlowStep.TextTarget.of("Done"), false, 10_000),
            new FlowStep.Scroll(new FlowStep.ScrollMove(ScrollDirection.DOWN, 0.8, null), null),
            new FlowStep.Tap(NormPoint.of(500, 900), 60, false, null, null),
            new FlowStep.Tap(NormPoint.of(100, 200), 800, true, null, null),
            new FlowStep.Swipe(
                NormPoint.of(900, 500),
                NormPoint.of(100, 500),
                new FlowStep.Motion(
                    400, defaults.steps(), defaults.holdBeforeMs(), defaults.holdAfterMs()),
                null),
            new FlowStep.WaitStable(3_000),
            new FlowStep.PressKey(Key.VOLUME_UP));
    // an imported flow is a flow like any other: it is written and read back as it is
    assertThat(Flow.parse(flow.toYaml())).isEqualTo(flow);
  }

  @Test
  void aFlowWithoutConfigAndWithVariablesGivenReads() {
    Flow flow =
        MaestroImport.read(
            """
            - tapOn: Sign in
            - inputText: ${USER}
            - tapOn:
                text: "Continue"
            - assertVisible: Welcome, ${USER}!
            """,
            Map.of("USER", "ada"));
    assertThat(flow.name()).isEqualTo("maestro flow");
    assertThat(flow.steps())
        .containsExactly(
            new FlowStep.TapText(FlowStep.TextTarget.of("Sign in"), null, null),
            new FlowStep.TypeText("ada"),
            new FlowStep.TapText(FlowStep.TextTarget.of("Continue"), null, null),
            new FlowStep.WaitText(FlowStep.TextTarget.of("Welcome, ada!"), false, 7_000));
    // the env given wins over the config's
    Flow over =
        MaestroImport.read(
            "appId: x\nenv:\n  USER: bob\n---\n- inputText: ${USER}\n", Map.of("USER", "ada"));
    assertThat(over.name()).isEqualTo("x");
    assertThat(over.steps()).containsExactly(new FlowStep.TypeText("ada"));
  }

  @Test
  void whatPixelsCannotTellIsRefusedWithItsReason() {
    refused("- tapOn:\n    id: \"login_button\"\n", "commands[0]", "tapOn", "selects by id");
    refused(
        "- tapOn: OK\n- tapOn:\n    text: Item\n    index: 2\n", "commands[1]", "tapOn", "index");
    refused("- tapOn:\n    text: Allow\n    optional: true\n", "commands[0]", "tapOn", "optional");
    refused("- inputText: ${output.user}\n", "commands[0]", "inputText", "JavaScript");
    refused("- tapOn:\n    point: 100, 200\n", "commands[0]", "tapOn", "percent");
    refused("- longPressOn: Ivan\n", "commands[0]", "longPressOn", "long press");
    refused("- runFlow: login.yaml\n", "commands[0]", "runFlow", "sub-flow");
    refused("- hideKeyboard\n", "commands[0]", "hideKeyboard", "keyboard");
    refused("- pressKey: Power\n", "commands[0]", "pressKey", "Power");
    refused("- fling\n", "commands[0]", "fling", "knows");
    refused("- swipe:\n    from: Card\n    direction: LEFT\n", "commands[0]", "swipe", "from");
    refused(
        "- scrollUntilVisible:\n    element: Ivan\n    stopAt: 3\n",
        "commands[0]",
        "scrollUntilVisible",
        "stopAt");
    refused(
        "- extendedWaitUntil:\n    timeout: 10\n", "commands[0]", "extendedWaitUntil", "visible");
  }

  @Test
  void skippingListsEveryCommandLeftOut() {
    MaestroImport.Result r =
        MaestroImport.readSkipping(
            """
            appId: com.example
            onFlowStart:
              - clearState
            ---
            - launchApp
            - tapOn: Start
            - runScript: seed.js
            - assertVisible: Ready
            """,
            Map.of());
    assertThat(r.skipped())
        .extracting(MaestroImport.Skipped::index, MaestroImport.Skipped::command)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(-1, "onFlowStart"),
            org.assertj.core.groups.Tuple.tuple(0, "launchApp"),
            org.assertj.core.groups.Tuple.tuple(2, "runScript"));
    assertThat(r.skipped()).allSatisfy(s -> assertThat(s.reason()).isNotBlank());
    assertThat(r.flow().steps()).hasSize(2);
    assertThatThrownBy(
            () -> MaestroImport.read("appId: x\nonFlowStart:\n  - launchApp\n---\n- back\n"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("config.onFlowStart"));
  }

  @Test
  void anImportedFlowReplaysOnTheSimulator() {
    Flow flow =
        MaestroImport.readSkipping(
                """
                appId: dev.swipe.sim.contacts
                name: Search a contact
                ---
                - launchApp
                - assertVisible: Search contacts
                - tapOn: Search contacts
                - inputText: Patel
                - assertVisible: Ivan Patel
                - back
                """,
                Map.of())
            .flow();
    try (Device phone = Device.open("sim:?scene=list&seed=3")) {
      ReplayResult r = flow.replay(phone);
      assertThat(r.steps())
          .extracting(ReplayResult.Step::kind)
          .containsExactly("wait_text", "tap_text", "type_text", "wait_text", "key");
      assertThat(r.steps().get(3).verdict()).isEqualTo(FlowStep.FOUND);
    }
  }

  @Test
  void textThatIsNoMaestroFlowIsInvalid() {
    for (String bad :
        List.of(
            "- tapOn: [unclosed\n",
            "appId: x\n",
            "appId: x\n---\nname: y\n",
            "- tapOn: a\n  back: 1\n- {a: 1, b: 2}\n")) {
      assertThatThrownBy(() -> MaestroImport.readSkipping(bad, Map.of()))
          .as(bad)
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID));
    }
  }

  private static void refused(String yaml, String field, String command, String because) {
    assertThatThrownBy(() -> MaestroImport.read(yaml))
        .as(yaml)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID);
              assertThat(e.field()).isEqualTo(field);
              assertThat(e.details()).containsEntry("command", command);
              assertThat(e.getMessage()).contains(because);
            });
  }
}

package dev.swipe.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.core.Device;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's first command runs this program, which prints only what the SDK judged from pixels.
 * This test judges those claims against the simulator's oracle, scene by scene, through the hook
 * the demo offers.
 */
class SimulatorDemoTest {

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void everyClaimTheDemoPrintsAgreesWithTheSimulator(String platform) {
    ConsoleCapture out = new ConsoleCapture();
    Map<String, SimState> atOpen = new HashMap<>();
    Set<Class<?>> judged = new HashSet<>();
    SimulatorDemo.tour(
        platform,
        out.stream,
        new SimulatorDemo.SceneCheck() {
          @Override
          public void opened(String scene, Device phone) {
            SimOracle truth = SimOracle.of(phone);
            atOpen.put(scene, truth.state());
            if (scene.equals("picker")) {
              truth.setWheelTarget("hour", 18);
              truth.setWheelTarget("minute", 45);
            }
          }

          @Override
          public void check(String scene, Device phone, Record claims) {
            judge(SimOracle.of(phone), atOpen.get(scene), claims);
            judged.add(claims.getClass());
          }
        });
    String printed = out.echoed();
    assertThat(judged)
        .containsExactlyInAnyOrder(
            SimulatorDemo.ContactFound.class,
            SimulatorDemo.BackAtTop.class,
            SimulatorDemo.Carousel.class,
            SimulatorDemo.MapPan.class,
            SimulatorDemo.Picker.class);
    assertThat(printed).doesNotContain("truth");
    assertThat(printed).contains("scroll until text: found=true").contains("picker reads 18:45");
    assertThat(printed).contains("page switch:").contains("pan 200:").contains("report.html");
  }

  private static void judge(SimOracle truth, SimState start, Record claims) {
    if (claims instanceof SimulatorDemo.ContactFound c) {
      assertThat(c.found()).isTrue();
      assertThat(truth.visibleListRows(c.foundOn()))
          .as("the screen that showed the name")
          .contains("Ivan Patel");
    } else if (claims instanceof SimulatorDemo.BackAtTop c) {
      assertThat(c.topMovement()).isIn("at-edge", "unchanged");
      assertThat(truth.listOffsetPx()).as("back at the top").isCloseTo(0, within(1.0));
    } else if (claims instanceof SimulatorDemo.Carousel c) {
      assertThat(truth.page()).as("every confirmed switch turned a page").isEqualTo(c.confirmed());
      String last = c.pageLabels().get(c.pageLabels().size() - 1).replace(" ", "");
      assertThat(last)
          .as("the page number read on the last card")
          .isEqualTo((truth.page() + 1) + "/" + truth.state().pageCount());
    } else if (claims instanceof SimulatorDemo.MapPan m) {
      SimState now = truth.state();
      assertThat(m.coarseChanged() && m.fineChanged()).isTrue();
      assertThat(now.mapOffsetXPx()).as("the map moved across").isNotEqualTo(start.mapOffsetXPx());
      assertThat(now.mapOffsetYPx())
          .as("the map moved up or down")
          .isNotEqualTo(start.mapOffsetYPx());
      assertThat(m.dragDiffRatio()).isGreaterThan(0.01);
    } else if (claims instanceof SimulatorDemo.Picker p) {
      assertThat(truth.wheel("hour").value()).isEqualTo(Integer.parseInt(p.hour())).isEqualTo(18);
      assertThat(truth.wheel("minute").value())
          .isEqualTo(Integer.parseInt(p.minute()))
          .isEqualTo(45);
      assertThat(truth.editorOpen()).isFalse();
      assertThat(truth.wheel("hour").overshoots() + truth.wheel("minute").overshoots())
          .as("flings past a target")
          .isZero();
    } else {
      throw new AssertionError("unexpected claims " + claims);
    }
  }

  @Test
  void anUnknownPlatformIsACodedError() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    assertThat(SimulatorDemo.run(new String[] {"windows"}, out.stream, err.stream)).isEqualTo(2);
    assertThat(err.text()).startsWith("error invalid_argument: platform:").doesNotContain("\tat ");
  }
}

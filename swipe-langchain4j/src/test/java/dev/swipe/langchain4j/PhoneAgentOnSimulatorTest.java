package dev.swipe.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.langchain4j.testing.ScriptedPhoneModel;
import dev.swipe.sim.SimOracle;
import org.junit.jupiter.api.Test;

/**
 * The agent loop end to end on the simulator, driven by a scripted model; the oracle only judges.
 */
class PhoneAgentOnSimulatorTest {
  @Test
  void setsThePickerAfterRecoveringFromABadIdAndAMinutePastTheWheel() throws Exception {
    try (Device phone = Device.open("sim:?scene=picker&scale=0.5");
        PhoneTools tools = PhoneTools.open(phone)) {
      PhoneAgent.Outcome out =
          PhoneAgent.builder(new ScriptedPhoneModel())
              .build()
              .run(tools, "Set the time picker to 07:45.");
      assertThat(out.status()).isEqualTo(PhoneAgent.Status.FINISHED);
      // the made-up id and the minute past the wheel were answered with codes
      assertThat(out.toolErrors()).first().isEqualTo("unknown_attachment");
      assertThat(out.toolErrors()).hasSize(2);
      assertThat(out.toolErrors().get(1)).isEqualTo("wheel_target_unreachable");
      SimOracle oracle = SimOracle.of(phone);
      assertThat(oracle.wheel("hour").value()).isEqualTo(7);
      assertThat(oracle.wheel("minute").value()).isEqualTo(45);
    }
  }

  @Test
  void pagesTheCarouselToItsLastPageAfterAScrollThatMadeNoProgress() throws Exception {
    try (Device phone = Device.open("sim:?scene=carousel&scale=0.5");
        PhoneTools tools = PhoneTools.open(phone)) {
      PhoneAgent.Outcome out =
          PhoneAgent.builder(new ScriptedPhoneModel())
              .build()
              .run(tools, "Page the onboarding carousel to its last page.");
      SimOracle oracle = SimOracle.of(phone);
      assertThat(out.status()).isEqualTo(PhoneAgent.Status.FINISHED);
      assertThat(out.toolErrors()).first().isEqualTo("scroll_no_progress");
      assertThat(oracle.page()).isEqualTo(oracle.state().pageCount() - 1);
    }
  }
}

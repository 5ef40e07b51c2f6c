package dev.swipe.flow.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.NestedLauncher;
import dev.swipe.flow.ReplayResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.TestExecutionResult.Status;

class FlowTestExtensionTest {
  static final String LIST = "sim:?scene=list&seed=3";
  static final String LIST_IOS = "sim:?scene=list&seed=11&platform=ios";

  /** Flow tests as a project would write them; run only by {@link #flowTestsRunOnEachDevice}. */
  @ExtendWith(NestedLauncher.FixturesOnly.class)
  static class Fixtures {
    /** A path from the working directory (the module's), on two devices. */
    @FlowTest(
        value = "src/test/resources/dev/swipe/flow/junit/search-shows.flow.yaml",
        devices = {LIST, LIST_IOS})
    void searchShows(ReplayResult replay, Flow flow, Device phone) {
      assertThat(replay.flow()).isEqualTo("search shows");
      assertThat(replay.steps()).hasSize(flow.steps().size());
      assertThat(replay.steps().get(0).verdict()).isEqualTo("found");
      assertThat(phone.screenshot().width()).isPositive();
    }

    /** A resource from the class path's root. */
    @FlowTest(value = "/dev/swipe/flow/junit/absent.flow.yaml", device = LIST)
    void absentTextFails() {
      throw new AssertionError("the test method runs only after a replay that got through");
    }

    /** A resource beside the test class. */
    @FlowTest(value = "no-such.flow.yaml", device = LIST)
    void aMissingFlowFails() {}

    @FlowTest("search-shows.flow.yaml")
    void noDevice() {}
  }

  @Test
  void flowTestsRunOnEachDeviceAndFailWithTheDivergence() throws Exception {
    List<NestedLauncher.Outcome> all = NestedLauncher.run(Fixtures.class);

    List<NestedLauncher.Outcome> shows =
        invocationsOf(all, "searchShows(ReplayResult, Flow, Device)");
    assertThat(shows)
        .extracting(NestedLauncher.Outcome::displayName)
        .containsExactly(LIST, LIST_IOS);
    assertThat(shows).allSatisfy(o -> assertThat(o.status()).isEqualTo(Status.SUCCESSFUL));

    List<NestedLauncher.Outcome> absent = invocationsOf(all, "absentTextFails()");
    assertThat(absent).hasSize(1);
    assertThat(absent.get(0).status()).isEqualTo(Status.FAILED);
    SwipeException divergence = (SwipeException) absent.get(0).failure().orElseThrow();
    assertThat(divergence.code()).isEqualTo(FlowCode.FLOW_VERDICT_DIFFERS);
    assertThat(divergence.details()).containsEntry("step", 1).containsEntry("kind", "wait_text");
    assertThat(divergence.details()).containsKey("report");
    Path report = Path.of(divergence.details().get("report").toString());
    assertThat(Files.exists(report)).isTrue();
    assertThat(absent.get(0).reports())
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.getKeyValuePairs())
                    .containsEntry(FlowInvocation.REPORT_ENTRY, report.toString()));

    List<NestedLauncher.Outcome> missing = invocationsOf(all, "aMissingFlowFails()");
    assertThat(missing).hasSize(1);
    assertThat(missing.get(0).failure())
        .get()
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID));

    if (System.getProperty(FlowTestExtension.DEVICE_PROPERTY) == null) {
      NestedLauncher.Outcome noDevice =
          all.stream().filter(o -> o.displayName().equals("noDevice()")).findFirst().orElseThrow();
      assertThat(noDevice.status()).isEqualTo(Status.FAILED);
      assertThat(noDevice.failure())
          .get()
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("device"));
    }
  }

  @Test
  void devicesComeFromTheAnnotationElseTheProperty() throws Exception {
    FlowTest two =
        Fixtures.class
            .getDeclaredMethod("searchShows", ReplayResult.class, Flow.class, Device.class)
            .getAnnotation(FlowTest.class);
    assertThat(FlowTestExtension.devices(two, "sim:?scene=grid")).containsExactly(LIST, LIST_IOS);
    FlowTest none = Fixtures.class.getDeclaredMethod("noDevice").getAnnotation(FlowTest.class);
    assertThat(FlowTestExtension.devices(none, " sim:?scene=grid "))
        .containsExactly("sim:?scene=grid");
    assertThatThrownBy(() -> FlowTestExtension.devices(none, null))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("device"));
    assertThatThrownBy(() -> FlowTestExtension.devices(none, " "))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("device"));
  }

  @Test
  void aFlowIsFoundAsAFileElseOnTheClassPath() {
    FlowFile.Found file =
        FlowFile.find("src/test/resources/dev/swipe/flow/junit/absent.flow.yaml", getClass());
    FlowFile.Found besideTheClass = FlowFile.find("absent.flow.yaml", getClass());
    FlowFile.Found fromTheRoot = FlowFile.find("dev/swipe/flow/junit/absent.flow.yaml", getClass());
    assertThat(file.flow()).isEqualTo(besideTheClass.flow()).isEqualTo(fromTheRoot.flow());
    assertThat(file.file()).isAbsolute();
    assertThat(besideTheClass.file()).isNotNull();
    assertThat(besideTheClass.options().flowFile()).isEqualTo(besideTheClass.file());
    assertThatThrownBy(() -> FlowFile.find("nowhere/x.flow.yaml", getClass()))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID);
              assertThat(e.details()).containsEntry("path", "nowhere/x.flow.yaml");
            });
  }

  private static List<NestedLauncher.Outcome> invocationsOf(
      List<NestedLauncher.Outcome> all, String method) {
    return all.stream().filter(o -> o.test() && o.parentDisplayName().equals(method)).toList();
  }
}

package dev.swipe.flow.junit;

import dev.swipe.base.Api;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Replays a flow file as a test, once per device: a recorded run becomes a regression test without
 * code, and the same flow checks every phone it names.
 *
 * <pre>{@code
 * @FlowTest(value = "flows/open-contact.flow.yaml", device = "sim:?scene=list")
 * void opensAContact(ReplayResult replay) {
 *   assertThat(replay.phoneMs()).isLessThan(60_000);
 * }
 * }</pre>
 *
 * <p>Before each invocation (and before the class's {@code @BeforeEach} methods) the extension
 * opens the device, replays the flow and, where a step diverges, fails the invocation with the
 * replay's {@link dev.swipe.base.SwipeException}: its code ({@code flow_anchor_not_found}, {@code
 * flow_verdict_differs}, {@code flow_step_failed}) and details, whose {@code report} names the
 * divergence report, which is also published as the report entry {@code swipe.flow.report}. The
 * method then runs and may take a {@link dev.swipe.flow.ReplayResult}, the {@link
 * dev.swipe.flow.Flow} and the {@link dev.swipe.core.Device}, still open on the screen the flow
 * left, to go on from there; the device is closed after the method.
 *
 * <p>The flow file is found as a path from the working directory, else as a resource on the test
 * class path: relative to the test class's package, else from the root (a leading {@code /} means
 * the root). A flow found as a file replays with the files beside it (golden images, the recorded
 * screens a report shows).
 */
@Api(status = Api.Status.EXPERIMENTAL)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(FlowTestExtension.class)
// JUnit's types in this API are the test author's own: the descriptor requires JUnit statically,
// not transitively, so a host that never runs flows as tests does not need JUnit.
@SuppressWarnings("exports")
public @interface FlowTest {
  /** The flow file, e.g. {@code flows/open-contact.flow.yaml}. */
  String value();

  /**
   * The device to replay on, as {@link dev.swipe.core.Device#open(String)} takes it. Without it and
   * without {@link #devices()}, the system property {@value FlowTestExtension#DEVICE_PROPERTY}
   * names the device.
   */
  String device() default "";

  /** Devices to replay on, one invocation each (after {@link #device()} when both are given). */
  String[] devices() default {};

  /** Where divergence reports go; by default a new directory under the temporary directory. */
  String reports() default "";
}

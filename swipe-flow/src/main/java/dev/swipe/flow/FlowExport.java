package dev.swipe.flow;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.flow.internal.JUnitSource;

/**
 * Writes a flow as code a team keeps beside its other tests, for those who would rather review and
 * edit Java than a flow file.
 *
 * <pre>{@code
 * Flow flow = Flow.read(Path.of("open-contact.flow.yaml"));
 * String java = FlowExport.toJUnit(flow, "com.example.flows", "OpenContactTest", "sim:?scene=list");
 * Files.writeString(Path.of("src/test/java/com/example/flows/OpenContactTest.java"), java);
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class FlowExport {
  private FlowExport() {}

  /**
   * The source of a JUnit 5 test class that plays {@code flow} through the public {@link
   * dev.swipe.core.Device} API, one block of statements per step, each asserting the verdict the
   * step was recorded with where the API reports one (a tap changed the screen, a search found its
   * text, a wheel shows its label).
   *
   * <p>Steps on text look for their text again, never at the recorded place; raw taps, swipes and
   * drags replay their 0-1000 points. Unlike {@link Flow#replay}, the test cannot fall back on an
   * anchor's image when reading fails. It runs on {@code deviceUri} unless the system property
   * {@code swipe.device} names another, and finds the golden images of {@code assert_screen} steps
   * under the system property {@code swipe.flow.dir} (default: the working directory).
   *
   * @param packageName the class's package, or {@code ""} for the unnamed package
   * @param className the class's simple name
   * @param deviceUri what {@link dev.swipe.core.Device#open(String)} opens by default
   * @throws SwipeException {@code invalid_argument} naming {@code packageName} or {@code className}
   *     when it is no Java name (or the class's name is one the test imports), or {@code deviceUri}
   *     when blank
   */
  public static String toJUnit(Flow flow, String packageName, String className, String deviceUri) {
    return JUnitSource.write(
        SwipeException.requireArgument(flow, "flow"), packageName, className, deviceUri);
  }
}

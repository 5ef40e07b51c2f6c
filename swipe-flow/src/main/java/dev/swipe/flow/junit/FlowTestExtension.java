package dev.swipe.flow.junit;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link FlowTest}: one invocation per device, each replaying the flow before
 * the test method runs. Registered by the annotation; tests need not name it.
 */
@Api(status = Api.Status.EXPERIMENTAL)
// JUnit's types in this API are the test author's own: the descriptor requires JUnit statically,
// not transitively, so a host that never runs flows as tests does not need JUnit.
@SuppressWarnings("exports")
public final class FlowTestExtension implements TestTemplateInvocationContextProvider {
  /** The system property that names the device of a {@link FlowTest} that names none. */
  public static final String DEVICE_PROPERTY = "swipe.device";

  /** Created by JUnit for {@link FlowTest}. */
  public FlowTestExtension() {}

  /** Claims the methods annotated {@link FlowTest}, directly or through an annotation of theirs. */
  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    return context
        .getTestMethod()
        .map(m -> AnnotationSupport.isAnnotated(m, FlowTest.class))
        .orElse(false);
  }

  /**
   * One invocation per device, named by the device's URI.
   *
   * @throws SwipeException {@code invalid_argument} naming {@code value} when the annotation names
   *     no flow, or {@code device} when it names no device and {@value #DEVICE_PROPERTY} is unset
   */
  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(
      ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    FlowTest flowTest =
        AnnotationSupport.findAnnotation(method, FlowTest.class)
            .orElseThrow(() -> new IllegalStateException(method + " has no @FlowTest"));
    if (flowTest.value().isBlank()) {
      throw SwipeException.invalidArgument("value", "must name a flow file");
    }
    Class<?> testClass = context.getRequiredTestClass();
    List<TestTemplateInvocationContext> invocations = new ArrayList<>();
    for (String device : devices(flowTest, System.getProperty(DEVICE_PROPERTY))) {
      invocations.add(new FlowInvocation(flowTest, device, testClass));
    }
    return invocations.stream();
  }

  /** The devices to replay on, in order, each once. */
  static List<String> devices(FlowTest flowTest, @Nullable String fallback) {
    Set<String> devices = new LinkedHashSet<>();
    if (!flowTest.device().isBlank()) {
      devices.add(flowTest.device().strip());
    }
    for (String d : flowTest.devices()) {
      if (d.isBlank()) {
        throw SwipeException.invalidArgument("devices", "must not hold a blank device");
      }
      devices.add(d.strip());
    }
    if (devices.isEmpty() && fallback != null && !fallback.isBlank()) {
      devices.add(fallback.strip());
    }
    if (devices.isEmpty()) {
      throw SwipeException.invalidArgument(
          "device",
          "names no device: give @FlowTest a device or devices, or set -D" + DEVICE_PROPERTY);
    }
    return List.copyOf(devices);
  }
}

package dev.swipe.flow.junit;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.flow.Flow;
import dev.swipe.flow.ReplayOptions;
import dev.swipe.flow.ReplayResult;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/** One device's invocation of a {@link FlowTest}: replays before the method, closes after it. */
final class FlowInvocation implements TestTemplateInvocationContext {
  /** The report entry that names a divergence report. */
  static final String REPORT_ENTRY = "swipe.flow.report";

  private final FlowTest flowTest;
  private final String deviceUri;
  private final Class<?> testClass;

  FlowInvocation(FlowTest flowTest, String deviceUri, Class<?> testClass) {
    this.flowTest = flowTest;
    this.deviceUri = deviceUri;
    this.testClass = testClass;
  }

  @Override
  public String getDisplayName(int invocationIndex) {
    return deviceUri;
  }

  @Override
  public List<Extension> getAdditionalExtensions() {
    return List.of(new Replay());
  }

  /** The replay of this invocation, and what it hands the test method. */
  private final class Replay implements BeforeEachCallback, AfterEachCallback, ParameterResolver {
    private @Nullable Flow flow;
    private @Nullable ReplayResult result;
    private @Nullable Device device;

    @Override
    public void beforeEach(ExtensionContext context) {
      FlowFile.Found found = FlowFile.find(flowTest.value(), testClass);
      ReplayOptions options = found.options();
      if (!flowTest.reports().isBlank()) {
        options = options.reportsTo(Path.of(flowTest.reports()));
      }
      Flow played = found.flow();
      flow = played;
      Device opened = Device.open(deviceUri);
      try {
        result = played.replay(opened, options);
      } catch (SwipeException e) {
        opened.close();
        Object report = e.details().get("report");
        if (report != null) {
          context.publishReportEntry(REPORT_ENTRY, report.toString());
        }
        throw e;
      } catch (RuntimeException | Error e) {
        opened.close();
        throw e;
      }
      device = opened;
    }

    @Override
    public void afterEach(ExtensionContext context) {
      Device opened = device;
      device = null;
      if (opened != null) {
        opened.close();
      }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      Class<?> type = parameter.getParameter().getType();
      return type == ReplayResult.class || type == Device.class || type == Flow.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      Class<?> type = parameter.getParameter().getType();
      Object value = type == ReplayResult.class ? result : type == Device.class ? device : flow;
      if (value == null) {
        throw new ParameterResolutionException(
            "@FlowTest hands a "
                + type.getSimpleName()
                + " only once the flow has replayed: to the test method and its @BeforeEach and"
                + " @AfterEach methods, not to the constructor");
      }
      return value;
    }
  }
}

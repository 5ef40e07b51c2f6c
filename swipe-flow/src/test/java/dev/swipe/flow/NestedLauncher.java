package dev.swipe.flow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs test classes on a JUnit Platform of their own, inside a test, and keeps what happened to
 * each: generated tests and fixtures are checked by running them, as a build would.
 */
public final class NestedLauncher {
  /** The configuration parameter under which {@link FixturesOnly} enables a fixture class. */
  public static final String FIXTURES = "swipe.flow.fixtures";

  private NestedLauncher() {}

  /**
   * What happened to one test or container.
   *
   * @param displayName its display name
   * @param test whether it is a test (an invocation) rather than a container
   * @param parentDisplayName the display name of its parent, e.g. the template of an invocation
   * @param status how it ended
   * @param failure what it failed with, if it did
   * @param reports the report entries it published
   */
  public record Outcome(
      String displayName,
      boolean test,
      String parentDisplayName,
      TestExecutionResult.Status status,
      Optional<Throwable> failure,
      List<ReportEntry> reports) {}

  /** Runs {@code classes} with fixtures enabled and returns every test's and container's end. */
  public static List<Outcome> run(Class<?>... classes) {
    List<Outcome> outcomes = new ArrayList<>();
    TestExecutionListener listener =
        new TestExecutionListener() {
          private final Map<String, TestIdentifier> byId = new HashMap<>();
          private final Map<String, List<ReportEntry>> entries = new HashMap<>();

          @Override
          public void executionStarted(TestIdentifier id) {
            byId.put(id.getUniqueId(), id);
          }

          @Override
          public void reportingEntryPublished(TestIdentifier id, ReportEntry entry) {
            entries.computeIfAbsent(id.getUniqueId(), k -> new ArrayList<>()).add(entry);
          }

          @Override
          public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            String parent =
                id.getParentId().map(byId::get).map(TestIdentifier::getDisplayName).orElse("");
            outcomes.add(
                new Outcome(
                    id.getDisplayName(),
                    id.isTest(),
                    parent,
                    result.getStatus(),
                    result.getThrowable(),
                    entries.getOrDefault(id.getUniqueId(), List.of())));
          }
        };
    LauncherDiscoveryRequestBuilder request =
        LauncherDiscoveryRequestBuilder.request().configurationParameter(FIXTURES, "true");
    for (Class<?> c : classes) {
      request.selectors(DiscoverySelectors.selectClass(c));
    }
    LauncherFactory.create().execute(request.build(), listener);
    for (Outcome o : outcomes) {
      System.out.println(
          "nested: "
              + o.parentDisplayName()
              + " / "
              + o.displayName()
              + " -> "
              + o.status()
              + o.failure().map(t -> " " + t).orElse(""));
    }
    return outcomes;
  }

  /** Enables a fixture class only when {@link #run} launches it, never in the build's own run. */
  public static final class FixturesOnly implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      return context.getConfigurationParameter(FIXTURES).isPresent()
          ? ConditionEvaluationResult.enabled("launched by NestedLauncher")
          : ConditionEvaluationResult.disabled("a fixture of a test that launches it");
    }
  }
}

package dev.swipe.flow;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where a replay finds the files beside its flow and puts its reports.
 *
 * @param flowFile the flow's file, or null for a flow held only in memory: golden images of {@code
 *     assert_screen} steps are found beside it, and the recorded screens {@link FlowRecorder#save}
 *     wrote, which a divergence report shows beside the current screen
 * @param reports where divergence reports go, or null for a new directory under the system's
 *     temporary directory, made only when a replay diverges
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record ReplayOptions(@Nullable Path flowFile, @Nullable Path reports) {

  /** No files beside the flow, reports in a temporary directory. */
  public static ReplayOptions defaults() {
    return new ReplayOptions(null, null);
  }

  /** Options for a flow read from {@code flowFile}. */
  public static ReplayOptions forFile(Path flowFile) {
    return new ReplayOptions(SwipeException.requireArgument(flowFile, "flowFile"), null);
  }

  /** These options with divergence reports written under {@code dir}. */
  public ReplayOptions reportsTo(Path dir) {
    return new ReplayOptions(flowFile, SwipeException.requireArgument(dir, "dir"));
  }

  /** The recorded screens' directory, when the flow came from a file that has one. */
  public Optional<Path> screensDir() {
    if (flowFile == null) {
      return Optional.empty();
    }
    Path dir = FlowRecorder.screensDirFor(flowFile);
    return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
  }

  /** The directory relative paths in the flow are resolved against. */
  public Path baseDir() {
    Path parent = flowFile == null ? null : flowFile.toAbsolutePath().getParent();
    return parent == null ? Path.of("").toAbsolutePath() : parent;
  }
}

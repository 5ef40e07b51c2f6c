package dev.swipe.flow.junit;

import dev.swipe.base.SwipeException;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.ReplayOptions;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Finds a {@link FlowTest}'s flow: a file from the working directory, else a class path resource.
 */
final class FlowFile {
  private FlowFile() {}

  /**
   * A flow found, with the file it came from when it is one.
   *
   * @param file the flow's file, or null for a resource inside a jar
   */
  record Found(Flow flow, @Nullable Path file) {
    /** Replay options that find the files beside the flow's file. */
    ReplayOptions options() {
      return file == null ? ReplayOptions.defaults() : ReplayOptions.forFile(file);
    }
  }

  /**
   * Reads the flow {@code name} names.
   *
   * @throws SwipeException {@code flow_invalid} when no file or resource has that name, or as
   *     {@link Flow#read}
   */
  static Found find(String name, Class<?> testClass) {
    Path file = fileFromWorkingDirectory(name);
    if (file != null) {
      return new Found(Flow.read(file), file);
    }
    URL resource = testClass.getResource(name);
    if (resource == null) {
      ClassLoader loader = testClass.getClassLoader();
      String root = name.startsWith("/") ? name.substring(1) : name;
      resource = loader == null ? ClassLoader.getSystemResource(root) : loader.getResource(root);
    }
    if (resource == null) {
      throw new SwipeException(
          FlowCode.FLOW_INVALID,
          "no flow file '"
              + name
              + "' in the working directory ("
              + Path.of("").toAbsolutePath()
              + ") or on the class path of "
              + testClass.getName(),
          Map.of("field", "value", "path", name));
    }
    if ("file".equals(resource.getProtocol())) {
      try {
        Path path = Path.of(resource.toURI());
        return new Found(Flow.read(path), path);
      } catch (URISyntaxException | IllegalArgumentException e) {
        // read it as a stream below
      }
    }
    try (InputStream in = resource.openStream()) {
      return new Found(Flow.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)), null);
    } catch (IOException e) {
      throw new SwipeException(
          FlowCode.FLOW_INVALID,
          "cannot read the flow " + resource + ": " + e.getMessage(),
          Map.of("field", "value", "path", resource.toString()),
          e);
    }
  }

  private static @Nullable Path fileFromWorkingDirectory(String name) {
    try {
      Path p = Path.of(name);
      return Files.isRegularFile(p) ? p.toAbsolutePath() : null;
    } catch (InvalidPathException e) {
      return null;
    }
  }
}

package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.diff.ImageException;
import dev.swipe.memory.MemoryException;
import dev.swipe.text.TextException;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelException;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every code a leaf module can throw maps to a facade {@link ErrorCode} of the same id through
 * {@link SwipeException#translate}, never to the {@code internal} fallback; and no leaf throws a
 * code that is not one of its declared constants (a literal code would escape this check).
 */
class LeafErrorCodesTest {
  /** A leaf exception type: its declared codes and how to make one with a code. */
  private record Leaf(
      String module,
      Class<? extends RuntimeException> type,
      List<String> codes,
      Function<String, RuntimeException> make) {}

  private static List<String> stringConstants(Class<?> type) {
    List<String> out = new ArrayList<>();
    for (Field f : type.getFields()) {
      int m = f.getModifiers();
      if (Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType() == String.class) {
        try {
          out.add((String) f.get(null));
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
      }
    }
    return out;
  }

  private static List<Leaf> leaves() {
    return List.of(
        new Leaf(
            "swipe-diff",
            ImageException.class,
            stringConstants(ImageException.class),
            c -> new ImageException(c, "m")),
        new Leaf(
            "swipe-memory",
            MemoryException.class,
            stringConstants(MemoryException.class),
            c -> new MemoryException(c, "m", null, Map.of(), null)),
        new Leaf(
            "swipe-text",
            TextException.class,
            stringConstants(TextException.class),
            c -> new TextException(c, "m", null, Map.of(), null)),
        new Leaf(
            "swipe-wheel",
            WheelException.class,
            Stream.of(WheelErrorCode.values()).map(WheelErrorCode::code).toList(),
            c ->
                new WheelException(
                    Stream.of(WheelErrorCode.values())
                        .filter(w -> w.code().equals(c))
                        .findFirst()
                        .orElseThrow(),
                    "m",
                    Map.of())));
  }

  @Test
  void everyLeafCodeMapsToTheFacadeCodeOfTheSameId() {
    Map<String, String> mapped = new LinkedHashMap<>();
    for (Leaf leaf : leaves()) {
      assertThat(leaf.codes()).as(leaf.module()).isNotEmpty();
      for (String code : leaf.codes()) {
        RuntimeException thrown = leaf.make().apply(code);
        SwipeException s = SwipeException.translate(thrown);
        assertThat(s.code()).as("%s %s", leaf.module(), code).isNotEqualTo(ErrorCode.INTERNAL);
        assertThat(s.code().id()).as("%s %s", leaf.module(), code).isEqualTo(code);
        assertThat(s.getCause()).isSameAs(thrown);
        mapped.put(leaf.type().getSimpleName() + "." + code, s.code().name());
      }
    }
    // 3 image, 4 memory, 4 text and 7 wheel codes today; a new one must map too (checked above)
    assertThat(mapped).hasSizeGreaterThanOrEqualTo(18);
    System.out.println("leaf codes mapped: " + mapped.size() + " " + mapped);
  }

  @Test
  void anUnknownCodeIsTheOnlyWayToInternal() {
    SwipeException s = SwipeException.translate(new ImageException("no_such_code_anywhere", "m"));
    assertThat(s.code()).isEqualTo(ErrorCode.INTERNAL);
  }

  /**
   * Leaves may only throw their declared constants: a string literal as the code is refused here.
   */
  @Test
  void leavesThrowOnlyTheirDeclaredCodes() throws IOException {
    Pattern literal =
        Pattern.compile("new (ImageException|MemoryException|TextException)\\(\\s*\"([^\"]*)\"");
    List<String> found = new ArrayList<>();
    for (String module : List.of("swipe-diff", "swipe-memory", "swipe-text", "swipe-wheel")) {
      Path src = Path.of("..", module, "src", "main", "java");
      assertThat(src).as("sources of %s (the test runs in swipe-core)", module).isDirectory();
      try (Stream<Path> files = Files.walk(src)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = literal.matcher(Files.readString(f));
          while (m.find()) {
            found.add(f.getFileName() + ": " + m.group(2));
          }
        }
      }
    }
    assertThat(found).isEmpty();
  }
}

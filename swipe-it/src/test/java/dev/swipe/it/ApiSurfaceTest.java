package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.Api;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The public surface of every published module, checked against the reviewed dump in {@code api/}
 * (one file per module): every public type of an exported package with its {@link Api} status and
 * its public and protected members. A change to the surface fails here until the dump is written
 * again ({@code -Dswipe.api.write=true}, see CONTRIBUTING.md), so each one shows up in review; a
 * member gone from a {@code STABLE} type must also be named in the CHANGELOG's "Migration" section.
 */
class ApiSurfaceTest {

  /** Published modules without a module descriptor, and the packages that are their API. */
  private static final Map<String, List<String>> AUTOMATIC_MODULES =
      Map.of(
          "swipe-langchain4j", List.of("dev.swipe.langchain4j"),
          "swipe-langchain4j-testing", List.of("dev.swipe.langchain4j.testing"));

  /** Modules that are not published: no API. */
  private static final Set<String> UNPUBLISHED =
      Set.of("swipe-it", "swipe-bench", "swipe-examples", "swipe-bom");

  private static final Pattern EXPORTS =
      Pattern.compile("^\\s*exports\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

  private static final Pattern TOP_LEVEL_PUBLIC =
      Pattern.compile(
          "^public\\s+(?:final\\s+|abstract\\s+|sealed\\s+|non-sealed\\s+)*"
              + "(?:class|interface|enum|record|@interface)\\s+(\\w+)",
          Pattern.MULTILINE);

  @Test
  void everyPublicTypeOfAnExportedPackageSaysItsStatus() throws Exception {
    List<String> unmarked = new ArrayList<>();
    for (Map.Entry<String, List<Class<?>>> m : published().entrySet()) {
      for (Class<?> type : m.getValue()) {
        if (!type.isAnnotationPresent(Api.class)) {
          unmarked.add(m.getKey() + ": " + type.getName());
        }
      }
    }
    assertThat(unmarked).as("public types without @Api").isEmpty();
  }

  @Test
  void thePublicSurfaceIsTheReviewedOne(@TempDir Path scratch) throws Exception {
    Path dir = DocSnippetsTest.repoRoot().resolve("api");
    // the dump is always written, into api/ itself when asked to, and then read back: the check
    // compares what a write would commit
    Path written = Boolean.getBoolean("swipe.api.write") ? dir : scratch;
    Map<String, List<Class<?>>> modules = published();
    write(modules, written);
    List<String> drift = new ArrayList<>();
    Set<String> broken = new TreeSet<>();
    for (String module : modules.keySet()) {
      List<String> now = Files.readAllLines(written.resolve(module + ".txt"));
      Path file = dir.resolve(module + ".txt");
      List<String> reviewed = Files.exists(file) ? Files.readAllLines(file) : List.of();
      Set<String> added = new LinkedHashSet<>(now);
      reviewed.forEach(added::remove);
      gone(reviewed, now).forEach(l -> drift.add(module + " - " + l));
      added.forEach(l -> drift.add(module + " + " + l));
      broken.addAll(brokenStable(reviewed, now));
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString().replace(".txt", "")).toList())
          .as("api/ holds a file per published module and no other")
          .containsExactlyInAnyOrderElementsOf(modules.keySet());
    }
    assertThat(drift)
        .as(
            "the public surface differs from api/*.txt; if on purpose, write it again with"
                + " -Dswipe.api.write=true and review the diff")
        .isEmpty();
    String changelog = Files.readString(DocSnippetsTest.repoRoot().resolve("CHANGELOG.md"));
    String migration = changelog.substring(Math.max(0, changelog.indexOf("### Migration")));
    assertThat(broken.stream().filter(n -> !migration.contains(n)).toList())
        .as("STABLE types that lost a member but are not named in the CHANGELOG's Migration")
        .isEmpty();
  }

  @Test
  void aMemberGoneFromAStableTypeIsABreakAndOneFromAnExperimentalTypeIsNot() {
    List<String> reviewed =
        List.of(
            "dev.swipe.x.Kept STABLE public final class",
            "  public void dev.swipe.x.Kept.a()",
            "  public void dev.swipe.x.Kept.b()",
            "dev.swipe.x.Kept$Part STABLE public static interface",
            "  public abstract void dev.swipe.x.Kept$Part.c()",
            "dev.swipe.x.Loose EXPERIMENTAL public final class",
            "  public void dev.swipe.x.Loose.d()",
            "dev.swipe.x.Gone STABLE public final class");
    List<String> now =
        List.of(
            "dev.swipe.x.Kept STABLE public final class",
            "  public void dev.swipe.x.Kept.a()",
            "  public void dev.swipe.x.Kept.e()",
            "dev.swipe.x.Kept$Part STABLE public static interface",
            "dev.swipe.x.Loose EXPERIMENTAL public final class");
    assertThat(gone(reviewed, now))
        .containsExactly(
            "  public void dev.swipe.x.Kept.b()",
            "  public abstract void dev.swipe.x.Kept$Part.c()",
            "  public void dev.swipe.x.Loose.d()",
            "dev.swipe.x.Gone STABLE public final class");
    assertThat(brokenStable(reviewed, now))
        .as("an addition and an experimental type's loss break nothing")
        .containsExactly("Gone", "Kept");
    assertThat(brokenStable(reviewed, reviewed)).isEmpty();
  }

  /** The reviewed lines the current surface no longer has. */
  static List<String> gone(List<String> reviewed, List<String> now) {
    Set<String> gone = new LinkedHashSet<>(reviewed);
    now.forEach(gone::remove);
    return List.copyOf(gone);
  }

  /** The top-level STABLE types that lost a member, a nested type, or themselves. */
  static Set<String> brokenStable(List<String> reviewed, List<String> now) {
    Set<String> broken = new TreeSet<>();
    for (String l : gone(reviewed, now)) {
      String owner = owner(reviewed, l);
      if (owner.contains(" STABLE ")) {
        broken.add(simpleName(owner));
      }
    }
    return broken;
  }

  /** Writes one dump file per module into {@code dir}. */
  static void write(Map<String, List<Class<?>>> modules, Path dir) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, List<Class<?>>> m : modules.entrySet()) {
      Files.write(dir.resolve(m.getKey() + ".txt"), dump(m.getValue()));
    }
  }

  /** The dump lines of some types: a type line, then its members indented, each sorted. */
  static List<String> dump(List<Class<?>> types) {
    Map<String, List<String>> byType = new TreeMap<>();
    for (Class<?> t : types) {
      String status =
          t.getAnnotation(Api.class) == null
              ? "UNMARKED"
              : t.getAnnotation(Api.class).status().name();
      add(byType, t, status);
    }
    List<String> lines = new ArrayList<>();
    byType.values().forEach(lines::addAll);
    return lines;
  }

  private static void add(Map<String, List<String>> out, Class<?> t, String status) {
    List<String> lines = new ArrayList<>();
    lines.add(t.getName() + " " + status + " " + header(t));
    Set<String> members = new TreeSet<>();
    for (Constructor<?> c : t.getDeclaredConstructors()) {
      if (visible(c.getModifiers()) && !c.isSynthetic()) {
        members.add("  " + c.toGenericString());
      }
    }
    for (Method m : t.getDeclaredMethods()) {
      if (visible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
        members.add("  " + m.toGenericString());
      }
    }
    for (Method m : t.getMethods()) {
      // what a public type gets from a class callers cannot name (an Immutables builder's setters)
      Class<?> from = m.getDeclaringClass();
      if (from != t && !Modifier.isPublic(from.getModifiers()) && !m.isBridge()) {
        members.add("  " + m.toGenericString());
      }
    }
    for (Field f : t.getDeclaredFields()) {
      if (visible(f.getModifiers()) && !f.isSynthetic()) {
        members.add("  " + f.toGenericString());
      }
    }
    lines.addAll(members);
    out.put(t.getName(), lines);
    for (Class<?> nested : t.getDeclaredClasses()) {
      if (visible(nested.getModifiers())) {
        add(out, nested, status);
      }
    }
  }

  private static String header(Class<?> t) {
    StringBuilder h = new StringBuilder(Modifier.toString(t.getModifiers()));
    h.append(
        t.isAnnotation()
            ? " @interface"
            : t.isInterface() ? "" : t.isEnum() ? " enum" : t.isRecord() ? " record" : " class");
    if (t.getGenericSuperclass() != null
        && !List.of(Object.class, Enum.class, Record.class).contains(t.getSuperclass())) {
      h.append(" extends ").append(t.getGenericSuperclass().getTypeName());
    }
    if (t.getGenericInterfaces().length > 0) {
      h.append(t.isInterface() ? " extends " : " implements ");
      h.append(
          String.join(
              ", ",
              Arrays.stream(t.getGenericInterfaces()).map(i -> i.getTypeName()).sorted().toList()));
    }
    return h.toString().trim();
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  /** The type line {@code l} is, or the one of the type the member line {@code l} belongs to. */
  private static String owner(List<String> reviewed, String l) {
    if (!l.startsWith("  ")) {
      return l;
    }
    String owner = "";
    for (String r : reviewed) {
      if (!r.startsWith("  ")) {
        owner = r;
      } else if (r.equals(l)) {
        return owner;
      }
    }
    return "";
  }

  /** The simple name of the top-level type a type line names, e.g. {@code Device}. */
  private static String simpleName(String typeLine) {
    String name = typeLine.substring(0, typeLine.indexOf(' '));
    String simple = name.substring(name.lastIndexOf('.') + 1);
    return simple.contains("$") ? simple.substring(0, simple.indexOf('$')) : simple;
  }

  /** Every published module and the public top-level types of the packages it exports. */
  static Map<String, List<Class<?>>> published() throws IOException, ClassNotFoundException {
    Path root = DocSnippetsTest.repoRoot();
    Map<String, List<Class<?>>> out = new TreeMap<>();
    List<Path> modules;
    try (Stream<Path> s = Files.list(root)) {
      modules =
          s.filter(p -> p.getFileName().toString().startsWith("swipe-"))
              .filter(p -> Files.exists(p.resolve("pom.xml")))
              .filter(p -> !UNPUBLISHED.contains(p.getFileName().toString()))
              .sorted()
              .toList();
    }
    for (Path module : modules) {
      String name = module.getFileName().toString();
      Path src = module.resolve("src/main/java");
      Path descriptor = src.resolve("module-info.java");
      List<String> packages = new ArrayList<>();
      if (Files.exists(descriptor)) {
        Matcher m = EXPORTS.matcher(Files.readString(descriptor));
        while (m.find()) {
          packages.add(m.group(1));
        }
      } else {
        packages.addAll(AUTOMATIC_MODULES.getOrDefault(name, List.of()));
      }
      List<Class<?>> types = new ArrayList<>();
      for (String p : packages) {
        if (p.endsWith(".internal")) {
          continue; // exported to named swipe modules only; not API (CONTRIBUTING.md)
        }
        Path dir = src.resolve(p.replace('.', '/'));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
          files = s.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
        for (Path f : files) {
          Matcher t = TOP_LEVEL_PUBLIC.matcher(Files.readString(f));
          if (t.find()) {
            types.add(
                Class.forName(p + "." + t.group(1), false, ApiSurfaceTest.class.getClassLoader()));
          }
        }
      }
      if (!types.isEmpty()) {
        out.put(name, types);
      }
    }
    assertThat(out).as("published modules found").containsKeys("swipe-base", "swipe-core");
    return out;
  }
}

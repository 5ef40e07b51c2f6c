package dev.swipe.webdriver;

import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles a Java snippet of the docs against the test class path and runs its {@code main}. */
final class SnippetCompiler {
  private static final Pattern CLASS = Pattern.compile("public class (\\w+)");

  private SnippetCompiler() {}

  /** Compiles {@code source} into {@code dir}; fails with javac's messages. */
  static Class<?> compile(String source, Path dir) throws IOException, ClassNotFoundException {
    Matcher m = CLASS.matcher(source);
    if (!m.find()) {
      throw new IllegalArgumentException("the snippet declares no public class");
    }
    String name = m.group(1);
    Path src = dir.resolve(name + ".java");
    Files.writeString(src, source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter messages = new StringWriter();
    boolean ok =
        javac
            .getTask(
                messages,
                null,
                null,
                List.of(
                    "-classpath",
                    System.getProperty("java.class.path"),
                    "-d",
                    dir.toString(),
                    "-Xlint:none",
                    "-proc:none"),
                null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjects(src))
            .call();
    if (!ok) {
      throw new AssertionError("the docs snippet " + name + " does not compile:\n" + messages);
    }
    URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, SnippetCompiler.class.getClassLoader());
    return loader.loadClass(name);
  }

  /** Runs {@code main(args)} of a compiled snippet. */
  static void run(Class<?> snippet, String... args) throws Exception {
    Method main = snippet.getMethod("main", String[].class);
    try {
      main.invoke(null, (Object) args);
    } catch (java.lang.reflect.InvocationTargetException e) {
      if (e.getCause() instanceof Exception x) {
        throw x;
      }
      throw e;
    }
  }
}

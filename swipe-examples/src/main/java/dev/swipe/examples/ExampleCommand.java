package dev.swipe.examples;

import dev.swipe.base.SwipeException;
import java.io.PrintStream;

/**
 * How the example programs read their arguments and end: a failure is one line naming its code and
 * the field, never a stack trace, and the process exits with status 2.
 */
final class ExampleCommand {
  private ExampleCommand() {}

  /** An example's work, printing to {@code out}. */
  @FunctionalInterface
  interface Body {
    void run(PrintStream out);
  }

  /** Runs {@code body}; returns 0, or 2 after printing a coded error line to {@code err}. */
  static int run(PrintStream out, PrintStream err, Body body) {
    try {
      body.run(out);
      return 0;
    } catch (RuntimeException failure) {
      SwipeException e = SwipeException.orInternal(failure);
      err.println(
          "error "
              + e.code().id()
              + ": "
              + e.getMessage()
              + (e.details().isEmpty() ? "" : " " + e.details()));
      return 2;
    }
  }

  /** Exits the JVM with {@code status} when it is not 0 (a 0 lets the program end normally). */
  static void exit(int status) {
    if (status != 0) {
      System.exit(status);
    }
  }

  /** The argument at {@code index}, or {@code fallback} when there are fewer arguments. */
  static String optional(String[] args, int index, String fallback) {
    return args != null && args.length > index && !args[index].isBlank()
        ? args[index].strip()
        : fallback;
  }

  /**
   * The argument at {@code index}.
   *
   * @throws SwipeException {@code invalid_argument} naming {@code field} when it is missing or
   *     blank
   */
  static String required(String[] args, int index, String field, String usage) {
    if (args == null || args.length <= index || args[index].isBlank()) {
      throw SwipeException.invalidArgument(field, "is missing; usage: " + usage);
    }
    return args[index].strip();
  }

  /** At most {@code max} arguments. */
  static void atMost(String[] args, int max, String usage) {
    if (args != null && args.length > max) {
      throw SwipeException.invalidArgument(
          "args", "expected at most " + max + ", got " + args.length + "; usage: " + usage);
    }
  }
}

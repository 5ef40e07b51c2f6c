package dev.swipe.examples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One stream an example prints to, kept for the test to read (and echoed to the test log). */
final class ConsoleCapture {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  String text() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** The text, also printed to the test's own output so a failing run can be read. */
  String echoed() {
    String s = text();
    System.out.print(s);
    return s;
  }
}

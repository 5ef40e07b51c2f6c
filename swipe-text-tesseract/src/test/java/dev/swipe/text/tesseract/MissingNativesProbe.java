package dev.swipe.text.tesseract;

import dev.swipe.base.SwipeException;
import dev.swipe.text.TextReader;

/**
 * Run in a child JVM told it is another platform: prints what opening the reader reports, one field
 * per line.
 */
public final class MissingNativesProbe {
  private MissingNativesProbe() {}

  public static void main(String[] args) {
    try {
      TextReader.open("tesseract:").close();
      System.out.println("opened");
    } catch (SwipeException e) {
      System.out.println("code=" + e.code());
      System.out.println("platform=" + e.details().get("platform"));
      System.out.println("os_name=" + e.details().get("os_name"));
      System.out.println("add=" + e.details().get("add"));
      // A second try reports the same, it does not half-work.
      try {
        TextReader.open("tesseract:");
        System.out.println("second=opened");
      } catch (SwipeException again) {
        System.out.println("second=" + again.code());
      }
    }
  }
}

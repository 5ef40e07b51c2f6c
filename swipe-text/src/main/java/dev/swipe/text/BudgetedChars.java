package dev.swipe.text;

import dev.swipe.base.SwipeException;
import java.util.Map;

/**
 * A character sequence that stops a regular expression after a fixed number of reads, so a pattern
 * that backtracks catastrophically fails fast instead of hanging the caller.
 */
final class BudgetedChars implements CharSequence {
  private final String s;
  private final long[] left;
  private final String pattern;

  BudgetedChars(String s, long budget, String pattern) {
    this(s, new long[] {budget}, pattern);
  }

  private BudgetedChars(String s, long[] left, String pattern) {
    this.s = s;
    this.left = left;
    this.pattern = pattern;
  }

  @Override
  public char charAt(int index) {
    if (--left[0] < 0) {
      throw new SwipeException(
          TextCode.TEXT_QUERY_TOO_COSTLY,
          "query: the regular expression backtracks too much on the text read; simplify it",
          "query",
          Map.of("pattern", pattern),
          null);
    }
    return s.charAt(index);
  }

  @Override
  public int length() {
    return s.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return new BudgetedChars(s.substring(start, end), left, pattern);
  }

  @Override
  public String toString() {
    return s;
  }
}

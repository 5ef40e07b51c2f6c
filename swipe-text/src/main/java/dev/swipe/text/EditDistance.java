package dev.swipe.text;

/** Levenshtein distance with an early exit once it must exceed a bound. */
final class EditDistance {
  private EditDistance() {}

  /**
   * The edit distance between {@code a} and {@code b}, or {@link Integer#MAX_VALUE} when it is
   * larger than {@code bound}.
   */
  static int bounded(String a, String b, int bound) {
    if (Math.abs(a.length() - b.length()) > bound) {
      return Integer.MAX_VALUE;
    }
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      int rowMin = cur[0];
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
        rowMin = Math.min(rowMin, cur[j]);
      }
      if (rowMin > bound) {
        return Integer.MAX_VALUE;
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    int d = prev[b.length()];
    return d <= bound ? d : Integer.MAX_VALUE;
  }
}

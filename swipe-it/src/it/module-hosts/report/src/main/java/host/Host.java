package host;

import dev.swipe.report.HtmlReport;

/** Compiles against one public type of swipe-report, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = HtmlReport.class;

  private Host() {}
}

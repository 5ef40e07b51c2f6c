package host;

import dev.swipe.capture.FrameRecorder;

/** Compiles against one public type of swipe-capture, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = FrameRecorder.class;

  private Host() {}
}

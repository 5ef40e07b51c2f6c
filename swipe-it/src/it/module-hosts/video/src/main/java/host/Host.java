package host;

import dev.swipe.video.VideoRecorder;

/** Compiles against one public type of swipe-video, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = VideoRecorder.class;

  private Host() {}
}

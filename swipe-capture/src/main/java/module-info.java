/** Capture sources: UVC devices (webcam-capture), MJPEG over HTTP and file replay. */
@SuppressWarnings("requires-automatic")
// webcam-capture ships as an automatic module; nothing else provides it
module dev.swipe.capture {
  requires transitive dev.swipe.core;
  requires webcam.capture;

  exports dev.swipe.capture;

  provides dev.swipe.core.spi.FrameSourceProvider with
      dev.swipe.capture.internal.UvcFrameSourceProvider,
      dev.swipe.capture.internal.MjpegFrameSourceProvider,
      dev.swipe.capture.internal.FileReplayFrameSourceProvider;
}

/** Records a device's screen and the gestures played on it to an MP4 video. */
@SuppressWarnings("requires-automatic")
// jcodec ships as an automatic module; nothing else provides it
module dev.swipe.video {
  requires transitive dev.swipe.core;
  requires com.fasterxml.jackson.databind;
  requires jcodec;

  exports dev.swipe.video;
}

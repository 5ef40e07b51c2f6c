/** Records a device's screen and the gestures played on it to an MP4 video. */
module dev.swipe.video {
  requires transitive dev.swipe.core;
  requires com.fasterxml.jackson.databind;
  requires jcodec;

  exports dev.swipe.video;
}

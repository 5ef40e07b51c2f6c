/** AssertJ assertions on screenshots, screens and text read from them. */
module dev.swipe.assertj {
  requires transitive dev.swipe.core;
  requires transitive org.assertj.core;

  exports dev.swipe.assertj;
}

/** The bottom of swipe: what every module shares. Depends on nothing but the JDK. */
module dev.swipe.base {
  exports dev.swipe.base;
}

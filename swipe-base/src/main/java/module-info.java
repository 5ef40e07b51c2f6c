/**
 * The bottom of swipe: what every module shares. Depends on nothing but the JDK and JSpecify's
 * nullness annotations, which its API carries.
 */
module dev.swipe.base {
  requires transitive org.jspecify;

  exports dev.swipe.base;
}

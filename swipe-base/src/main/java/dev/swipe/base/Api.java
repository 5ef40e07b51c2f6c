package dev.swipe.base;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How far a public type of an exported package may be relied on (JUnit's {@code @API} model). Every
 * such type carries one; the build checks that none is missing and that the public surface changes
 * only on purpose (see CONTRIBUTING.md, "Versioning").
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Api(status = Api.Status.STABLE)
public @interface Api {

  /** The type's status. */
  Status status();

  /** What a status promises. */
  enum Status {
    /**
     * Changes only in a release that may break API (before 1.0.0 a minor one), and every change is
     * listed with what to do in the CHANGELOG's "Migration" section.
     */
    STABLE,

    /** New or still being shaped: may change in any minor release, listed in the CHANGELOG. */
    EXPERIMENTAL,

    /**
     * Public only because another swipe module uses it (a leaf's algorithm that core calls, a
     * server's plumbing); not for hosts, and may change in any release.
     */
    INTERNAL,

    /** Kept for now, to be removed; its Javadoc names the replacement. */
    DEPRECATED
  }
}

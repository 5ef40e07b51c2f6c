package dev.swipe.core.internal;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.immutables.value.Value;

/**
 * The one Immutables style of the project: generated implementations stay package-private behind
 * the abstract value type, which exposes a nested {@code Builder}; no Guava in generated code. Not
 * public API even though it must be public for annotation processing across packages.
 */
@Target({ElementType.PACKAGE, ElementType.TYPE})
@Retention(RetentionPolicy.CLASS)
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    overshadowImplementation = true,
    jdkOnly = true,
    defaults = @Value.Immutable(copy = false),
    // none of Immutables' own annotations on generated code (Override stands for none: an empty
    // list allows all); its runtime @org.immutables.value.Generated named a class that modules
    // reading ours cannot see, a javac warning in each of them
    allowedClasspathAnnotations = {Override.class})
public @interface SwipeStyle {}

/**
 * A chat model that plays a phone agent by rules ({@link
 * dev.swipe.langchain4j.testing.ScriptedPhoneModel}), for testing agent code without a network.
 */
@NullMarked
package dev.swipe.langchain4j.testing;

import org.jspecify.annotations.NullMarked;

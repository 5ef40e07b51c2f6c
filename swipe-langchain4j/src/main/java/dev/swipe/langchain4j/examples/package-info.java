/** Runnable examples of a phone agent on LangChain4j: not API. */
@NullMarked
package dev.swipe.langchain4j.examples;

import org.jspecify.annotations.NullMarked;

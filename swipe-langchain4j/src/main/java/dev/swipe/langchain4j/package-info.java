/**
 * The phone's agent tools for LangChain4j ({@link dev.swipe.langchain4j.PhoneTools}) and a plain
 * tool-calling loop over any chat model ({@link dev.swipe.langchain4j.PhoneAgent}).
 */
@NullMarked
package dev.swipe.langchain4j;

import org.jspecify.annotations.NullMarked;

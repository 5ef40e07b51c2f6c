package dev.swipe.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import org.junit.jupiter.api.Test;

/** The tools' builder takes its memory once; its options take the last value. */
class BuilderPartsTest {
  @Test
  void theMemorySetTwiceIsRefusedAndOptionsTwiceBuild() {
    try (Device phone = Device.open("sim:?scale=0.3");
        MemoryStore memory = MemoryStore.inMemory()) {
      assertThatThrownBy(() -> PhoneTools.builder(phone).memory(memory).memory(memory))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
                assertThat(e.field()).isEqualTo("memory");
              });
      try (PhoneTools tools =
          PhoneTools.builder(phone).memory(memory).maxCalls(1).maxCalls(5).build()) {
        assertThat(tools.specifications()).isNotEmpty();
      }
    }
  }
}

package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Retired run names are all remembered, across the table's growth, and no others are. */
class RetiredNamesTest {
  @Test
  void everyRetiredNameIsRememberedAndNoOther() {
    RetiredNames names = new RetiredNames();
    for (int i = 0; i < 20_000; i++) {
      assertThat(names.add("run-" + i)).isTrue();
    }
    assertThat(names.add("run-7")).as("retired once").isFalse();
    assertThat(names.size()).isEqualTo(20_000);
    for (int i = 0; i < 20_000; i++) {
      assertThat(names.contains("run-" + i)).as("run-%d", i).isTrue();
      assertThat(names.contains("other-" + i)).as("other-%d", i).isFalse();
    }
  }
}

package dev.swipe.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.strings;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * The SQLite store feeds FTS5 the words of {@link Text#tokens}; FTS5 must see each of them as
 * exactly that one word (so both stores agree on words), and escaped queries are always valid.
 */
class TextTest {
  private Connection db;

  @BeforeEach
  void open() throws Exception {
    db = DriverManager.getConnection("jdbc:sqlite::memory:");
    try (Statement s = db.createStatement()) {
      s.execute(
          "CREATE VIRTUAL TABLE t USING fts5(body, tokenize='unicode61 remove_diacritics 0')");
      s.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')");
    }
  }

  @AfterEach
  void close() throws Exception {
    db.close();
  }

  /** Letters, digits, punctuation, FTS5 operators, Latin accents, Greek, CJK, emoji. */
  private static final Gen<String> TEXT =
      strings()
          .betweenCodePoints(0x20, 0x7e)
          .ofLengthBetween(0, 40)
          .mix(strings().betweenCodePoints(0xC0, 0x17F).ofLengthBetween(0, 20), 25)
          .mix(strings().betweenCodePoints(0x391, 0x3C9).ofLengthBetween(0, 10), 10)
          .mix(strings().betweenCodePoints(0x4E00, 0x4E40).ofLengthBetween(0, 10), 10)
          .mix(strings().betweenCodePoints(0x1F600, 0x1F610).ofLengthBetween(0, 5), 5);

  private List<String> ftsTokens(String text) throws Exception {
    try (Statement s = db.createStatement()) {
      s.execute("DELETE FROM t");
    }
    try (PreparedStatement ps = db.prepareStatement("INSERT INTO t(rowid, body) VALUES (1, ?)")) {
      ps.setString(1, text);
      ps.executeUpdate();
    }
    List<String> out = new ArrayList<>();
    try (Statement s = db.createStatement();
        ResultSet rs = s.executeQuery("SELECT term FROM v ORDER BY offset")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void marksAndLateLettersSplitWordsAsFts5Does() throws Exception {
    // found by the property below: U+19B0 is a letter to Java, a spacing mark to FTS5
    for (String text :
        new String[] {"x\u19B0x", "x\u1CF2x", "x\u0903x", "x\u20DDx", "\u19B0", "x\u0301x"}) {
      assertThat(Text.tokens(text)).as(text).hasSameSizeAs(ftsTokens(text));
    }
    assertThat(Text.tokens("x\u0903x")).containsExactly("x", "x");
    assertThat(Text.tokens("x\u0301y")).containsExactly("xy");
  }

  @Test
  void fts5SeesEachJavaTokenAsThatToken() {
    qt().withExamples(400)
        .forAll(TEXT.mix(strings().allPossible().ofLengthBetween(0, 30), 20))
        .checkAssert(
            text -> {
              try {
                List<String> tokens = Text.tokens(text);
                assertThat(ftsTokens(String.join(" ", tokens))).as(text).isEqualTo(tokens);
              } catch (Exception e) {
                throw new AssertionError(e);
              }
            });
  }

  @Test
  void escapedQueriesAreValidFts5AndMatchTheirOwnWords() {
    qt().withExamples(400)
        .forAll(TEXT.mix(strings().allPossible().ofLengthBetween(0, 30), 20))
        .checkAssert(
            text -> {
              List<String> words = Text.queryTokens(text);
              if (words.isEmpty()) {
                return;
              }
              try {
                try (Statement s = db.createStatement()) {
                  s.execute("DELETE FROM t");
                }
                try (PreparedStatement ps =
                    db.prepareStatement("INSERT INTO t(rowid, body) VALUES (1, ?)")) {
                  ps.setString(1, String.join(" ", words));
                  ps.executeUpdate();
                }
                try (PreparedStatement ps =
                    db.prepareStatement("SELECT count(*) FROM t WHERE t MATCH ?")) {
                  ps.setString(1, Text.ftsAnyOf(words));
                  try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertThat(rs.getInt(1)).as(text).isEqualTo(1);
                  }
                }
              } catch (Exception e) {
                throw new AssertionError(text, e);
              }
            });
  }

  @Test
  void operatorsAndPunctuationAreSeparators() {
    assertThat(Text.queryTokens("NEAR(\"hour\" wheel*, 2) -minute title:x AND ^y"))
        .containsExactly("near", "hour", "wheel", "2", "minute", "title", "x", "and", "y");
    assertThat(Text.queryTokens("Ça Réveil ÉCOLE")).containsExactly("ca", "reveil", "ecole");
    assertThat(Text.queryTokens("ΆΛΦΑ İstanbul")).containsExactly("αλφα", "istanbul");
    assertThat(Text.queryTokens("*** () \" - :")).isEmpty();
  }
}

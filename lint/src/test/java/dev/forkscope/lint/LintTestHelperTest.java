package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rule tests' helper: markers at the end of a line, fragments, and a readable failure. */
class LintTestHelperTest {
  private static final String NAP =
      """
      import java.util.concurrent.*;
      class Nap extends RecursiveAction {
          protected void compute() {
              try {
                  Thread.sleep(1); // expect: sleepy-worker: Thread.sleep
                  synchronized (this) { }
              } catch (InterruptedException e) { }
          }
      }
      """;

  private final LintTestHelper helper;

  LintTestHelperTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir);
  }

  @Test
  void aMarkerAtTheEndOfALineExpectsThatLineAndAFragmentOfTheMessage() {
    assertThat(
            Expectations.parse(
                List.of(
                    "class A {",
                    "  int x; // expect: copy-on-fork: copies, then forks",
                    "  int y; // expect: copy-on-join, scattered-data",
                    "}")))
        .containsExactly(
            new Expectations.Expected("copy-on-fork", 2, "copies, then forks"),
            new Expectations.Expected("copy-on-join", 3, null),
            new Expectations.Expected("scattered-data", 3, null));
  }

  @Test
  void theRulesUnderTestIgnoreOtherRulesMarkers() {
    List<Finding> f = helper.rules("sleepy-worker").addSourceLines("Nap.java", NAP).doTest();
    assertThat(f).extracting(x -> x.rule().id()).containsExactly("sleepy-worker");
  }

  @Test
  void aMissingAndAnUnexpectedFindingAreShownWithTheirLines() {
    assertThatThrownBy(() -> helper.addSourceLines("Nap.java", NAP).doTest())
        .hasMessageContaining("unexpected  Nap.java:6 intra-task-sync: ")
        .hasMessageContaining("| synchronized (this) { }");
    String wrongFragment = NAP.replace(": Thread.sleep", ": Object.wait");
    assertThatThrownBy(
            () -> helper.rules("sleepy-worker").addSourceLines("Nap.java", wrongFragment).doTest())
        .hasMessageContaining("missing     Nap.java:5 sleepy-worker: ...Object.wait...")
        .hasMessageContaining("unexpected  Nap.java:5 sleepy-worker: ");
  }

  @Test
  void doTestWantsMarkersAndExpectNoFindingsWantsNone() {
    assertThatThrownBy(() -> helper.addSourceLines("Plain.java", "class Plain { }").doTest())
        .hasMessageContaining("expectNoFindings()");
    assertThatThrownBy(() -> helper.addSourceLines("Nap.java", NAP).expectNoFindings())
        .hasMessageContaining("with // expect: markers");
  }

  /** One test class per rule, named after its check: copy-on-fork is CopyOnFork, CopyOnForkTest. */
  @Test
  void everyRuleHasATestClassNamedAfterItsCheck() {
    for (Rule rule : Rules.all()) {
      String check =
          Arrays.stream(rule.id().split("-"))
              .map(w -> Character.toUpperCase(w.charAt(0)) + w.substring(1))
              .collect(Collectors.joining());
      assertThatCode(() -> Class.forName("dev.forkscope.lint." + check + "Test"))
          .as("the test class of %s", rule.id())
          .doesNotThrowAnyException();
    }
  }
}

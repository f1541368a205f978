package dev.forkscope.profile;

import static dev.forkscope.profile.Executions.FORK_JOIN;
import static dev.forkscope.profile.Executions.THREAD;
import static dev.forkscope.profile.Executions.exec;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.ExecutionListChecks;
import dev.forkscope.profile.trace.ExecutionTable;
import dev.forkscope.profile.trace.TaskExecution;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AggregationTest {

  /**
   * After tgp's test_valid_chain fixture: a chain of 16 nested tasks, threads and non-threads
   * mixed, where every link is valid, folds into its outermost task.
   */
  @Test
  void validChainOfSixteenFoldsIntoOne() {
    List<TaskExecution> chain = new ArrayList<>();
    long expectedTotal = 0;
    for (int i = 1; i <= 16; i++) {
      long self = 3L * i + (i % 5);
      expectedTotal += self;
      chain.add(
          exec(i, "C" + i)
              .outer(i - 1)
              .kind(i % 3 == 0 ? THREAD : i % 3 == 1 ? Executions.RUNNABLE : FORK_JOIN)
              .at(i, 1000 - i)
              .self(self)
              .cpu(self / 2)
              .build());
    }

    Aggregation.Result result = Aggregation.aggregate(chain);

    long total = expectedTotal;
    assertThat(result.folded()).isEqualTo(15);
    assertThat(result.executions())
        .singleElement()
        .satisfies(
            root -> {
              assertThat(root.taskClass()).isEqualTo("C1");
              assertThat(root.selfWallNs()).isEqualTo(total);
              assertThat(root.selfCpuNs())
                  .isEqualTo(chain.stream().mapToLong(TaskExecution::selfCpuNs).sum());
            });
  }

  @Test
  void helpedExecutionsStayApartFromTheJoiner() {
    TaskExecution joiner = exec(1, "Joiner").kind(FORK_JOIN).at(0, 100).self(40).build();
    TaskExecution stolen = exec(2, "Stolen").kind(FORK_JOIN).outer(1).helped().at(10, 70).build();

    Aggregation.Result result = Aggregation.aggregate(List.of(joiner, stolen));

    assertThat(result.folded()).isZero();
    assertThat(result.executions()).containsExactly(joiner, stolen);
  }

  @Test
  void poolTasksNeverFoldIntoTheWorkerLoop() {
    TaskExecution worker =
        exec(1, "java.util.concurrent.ThreadPoolExecutor$Worker").at(0, 1000).self(10).build();
    TaskExecution task =
        exec(2, "Job")
            .outer(1)
            .submitted(7, "java.util.concurrent.ThreadPoolExecutor", 0)
            .at(5, 500)
            .build();

    assertThat(Aggregation.aggregate(List.of(worker, task)).folded()).isZero();
  }

  @Test
  void intoAThreadOnlyUnsubmittedTasksCreatedAndRunByThatThreadFold() {
    TaskExecution thread =
        exec(1, "MyThread").kind(THREAD).on(5).createdBy(1).at(0, 1000).self(100).build();
    TaskExecution plainRun = exec(2, "Helper").outer(1).on(5).createdBy(5).at(10, 20).build();
    TaskExecution submitted =
        exec(3, "Submitted")
            .outer(1)
            .on(5)
            .createdBy(5)
            .submitted(9, "java.util.concurrent.ForkJoinPool", 30)
            .at(30, 40)
            .build();
    TaskExecution createdElsewhere =
        exec(4, "Foreign").outer(1).on(5).createdBy(1).at(50, 60).build();

    Aggregation.Result result =
        Aggregation.aggregate(List.of(thread, plainRun, submitted, createdElsewhere));

    assertThat(result.folded()).isEqualTo(1);
    assertThat(result.executions())
        .extracting(TaskExecution::taskClass)
        .containsExactly("MyThread", "Submitted", "Foreign");
    assertThat(result.executions().get(0).selfWallNs()).isEqualTo(110);
  }

  @Test
  void nestedTaskWhoseOuterWasNotRecordedStaysARoot() {
    TaskExecution orphan = exec(2, "Orphan").outer(99).at(10, 20).build();

    assertThat(Aggregation.aggregate(List.of(orphan)).executions()).containsExactly(orphan);
  }

  @Test
  void outerExecutionIsTheOneOnTheSameThreadThatEnclosesTheNestedOne() {
    TaskExecution firstRun = exec(1, "Outer").at(0, 100).self(50).build();
    TaskExecution otherThread = exec(1, "Outer").on(2).at(200, 300).self(50).build();
    TaskExecution nested =
        exec(3, "Inner").outer(1).on(2).createdBy(2).at(210, 250).self(40).build();

    Aggregation.Result result = Aggregation.aggregate(List.of(firstRun, otherThread, nested));

    assertThat(result.executions()).extracting(TaskExecution::selfWallNs).containsExactly(50L, 90L);
  }

  @Test
  void unmeasuredCpuStaysUnmeasured() {
    TaskExecution outer = exec(1, "Outer").at(0, 100).self(60).build();
    TaskExecution nested = exec(2, "Inner").outer(1).at(10, 50).cpu(30).build();

    assertThat(Aggregation.aggregate(List.of(outer, nested)).executions())
        .singleElement()
        .satisfies(e -> assertThat(e.selfCpuNs()).isEqualTo(-1));
  }

  @Test
  void forkedChildRunInlineByItsJoinerStaysATask() {
    TaskExecution parent = exec(1, "Sum").kind(FORK_JOIN).at(0, 100).self(30).build();
    TaskExecution child =
        exec(2, "Sum")
            .kind(FORK_JOIN)
            .outer(1)
            .submitted(3, "java.util.concurrent.ForkJoinPool", 5)
            .at(40, 90)
            .build();

    Aggregation.Result result = Aggregation.aggregate(List.of(parent, child));

    assertThat(result.folded()).isZero();
    assertThat(result.executions()).containsExactly(parent, child);
  }

  @Test
  void theRootsAccessorsGiveWhatTheirElementsGive() {
    List<TaskExecution> executions =
        List.of(
            exec(1, "Outer").at(0, 100).self(60).build(), // unmeasured CPU, folds Inner
            exec(2, "Inner").outer(1).at(10, 50).cpu(30).build(),
            exec(3, "Measured").at(200, 300).self(50).cpu(20).build(), // folds Nested
            exec(4, "Nested").outer(3).at(210, 250).self(40).cpu(35).build(),
            exec(5, "Alone").at(400, 500).self(100).build(), // unchanged
            exec(6, "Sum").kind(FORK_JOIN).at(600, 700).self(30).cpu(10).build());
    for (List<TaskExecution> input : List.of(executions, ExecutionTable.copyOf(executions))) {
      ExecutionList roots = (ExecutionList) Aggregation.aggregate(input).executions();

      assertThat(roots).extracting(TaskExecution::taskId).containsExactly(1L, 3L, 5L, 6L);
      ExecutionListChecks.accessorsMatchElements(roots);
      assertThat(roots).extracting(TaskExecution::selfWallNs).containsExactly(100L, 90L, 100L, 30L);
      assertThat(roots).extracting(TaskExecution::selfCpuNs).containsExactly(-1L, 55L, -1L, 10L);
    }
  }
}

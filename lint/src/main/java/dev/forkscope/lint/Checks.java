package dev.forkscope.lint;

import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The registry of checks; each check class carries its own {@link Rule}. */
final class Checks {
  private static final List<Supplier<Check>> FACTORIES =
      List.of(
          CentralizedPooling::new,
          CopyOnFork::new,
          CopyOnJoin::new,
          ScatteredData::new,
          IntraTaskSync::new,
          SleepyWorker::new,
          PoolPerCall::new,
          ForkEverySubtask::new,
          JoinsNotInnermostFirst::new,
          ForkImmediatelyJoined::new,
          NoSequentialCutoff::new,
          ForkedNeverJoined::new,
          GetInTask::new,
          BlockingIoInTask::new,
          BlockingInParallelStream::new,
          SharedStateInParallelStream::new,
          BlockingInAsync::new);

  static final List<Rule> RULES =
      FACTORIES.stream().map(f -> f.get().rule()).collect(Collectors.toUnmodifiableList());

  /** The rules' variants, each a lower severity in one case of its rule. */
  static final List<Rule> VARIANTS = List.of(CentralizedPooling.OWN_POOL, CopyOnFork.VIEW);

  private Checks() {}

  /** Fresh check instances for the chosen rules. */
  static List<Check> forRules(List<Rule> rules) {
    return FACTORIES.stream()
        .map(Supplier::get)
        .filter(c -> rules.contains(c.rule()))
        .collect(Collectors.toList());
  }
}

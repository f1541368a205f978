package dev.forkscope.apps;

import java.nio.file.Path;
import java.util.List;

final class PekkoWorkload implements Workload {
  @Override
  public void setUp(Path work, Settings settings) {}

  @Override
  public void run() {}

  @Override
  public List<ExactCheck> checks() {
    return List.of();
  }
}

package dev.forkscope.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {
  @TempDir Path dir;

  @Test
  void deletesATreeAndLeavesItsNeighbours() throws IOException {
    Path tree = Files.createDirectories(dir.resolve("scratch/a/b"));
    Files.writeString(tree.resolve("trace.bin"), "x");
    Files.writeString(dir.resolve("scratch/a/summary.json"), "{}");
    Path neighbour = Files.writeString(dir.resolve("keep.txt"), "kept");

    FileTrees.delete(dir.resolve("scratch"));
    FileTrees.delete(dir.resolve("never-made"));

    assertThat(dir.resolve("scratch")).doesNotExist();
    assertThat(neighbour).hasContent("kept");
  }
}

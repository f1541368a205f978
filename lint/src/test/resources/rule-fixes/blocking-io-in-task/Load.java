import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.RecursiveTask;

class Load extends RecursiveTask<Integer> {
  final Path p;

  Load(Path p) {
    this.p = p;
  }

  @Override
  protected Integer compute() {
    try {
      return Files.readAllLines(p).size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

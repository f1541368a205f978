// Modelled on ejisto (Table II: copy on fork, copy on join): class-path entries are scanned for
// annotated classes; each half of the entry list is copied into a new ArrayList, and the class
// names found by the halves are merged into a new list.
package corpus.ejisto;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

final class ClassScanner extends RecursiveTask<List<String>> {
  private final List<File> entries;

  ClassScanner(List<File> entries) {
    this.entries = entries;
  }

  @Override
  protected List<String> compute() {
    if (entries.size() == 1) {
      return scan(entries.get(0));
    }
    int split = entries.size() / 2;
    // expect: copy-on-fork
    ClassScanner head = new ClassScanner(new ArrayList<>(entries.subList(0, split)));
    // expect: copy-on-fork
    ClassScanner tail = new ClassScanner(new ArrayList<>(entries.subList(split, entries.size())));
    head.fork();
    List<String> tailResult = tail.compute();
    // expect: copy-on-join
    List<String> result = new ArrayList<>(head.join());
    // expect: copy-on-join
    result.addAll(tailResult);
    return result;
  }

  private static List<String> scan(File entry) {
    List<String> found = new ArrayList<>();
    String name = entry.getName();
    if (name.endsWith(".class")) {
      found.add(name.substring(0, name.length() - 6).replace(File.separatorChar, '.'));
    }
    return found;
  }
}

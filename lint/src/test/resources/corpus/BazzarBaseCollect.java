// Modelled on bazzar-base (Table II: copy on join, scattered data): every child of a category
// tree gets its own subtask, created and forked inside the loop, and the products the children
// collect are appended to a new list.
package corpus.bazzar;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

final class Category {
  final String name;
  final List<Category> children = new ArrayList<>();
  final List<String> products = new ArrayList<>();

  Category(String name) {
    this.name = name;
  }
}

final class CollectProducts extends RecursiveTask<List<String>> {
  private final Category category;

  CollectProducts(Category category) {
    this.category = category;
  }

  @Override
  protected List<String> compute() {
    List<String> products = new ArrayList<>(category.products);
    List<CollectProducts> children = new ArrayList<>();
    for (Category child : category.children) {
      CollectProducts task = new CollectProducts(child);
      children.add(task);
      // expect: scattered-data
      task.fork();
    }
    for (CollectProducts task : children) {
      // expect: copy-on-join
      products.addAll(task.join());
    }
    return products;
  }
}

package dev.forkscope.lint.fix;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.type.Type;
import java.util.Optional;
import java.util.Set;

/**
 * Which classes are {@code ForkJoinTask}s, as far as the source of a file and of the classes beside
 * it ({@code Name.java} in the same directory) proves, and how a file names the class.
 */
final class TaskTypes {
  private static final Set<String> JDK_TASKS =
      Set.of("ForkJoinTask", "RecursiveTask", "RecursiveAction", "CountedCompleter");

  private TaskTypes() {}

  /** A new task, or a local or parameter declared with a task class. */
  static boolean isTask(Expression task, Source source) {
    String type = null;
    if (task instanceof ObjectCreationExpr created && created.getAnonymousClassBody().isEmpty()) {
      type = created.getType().getNameAsString();
    } else if (task instanceof NameExpr name) {
      CallableDeclaration<?> method = task.findAncestor(CallableDeclaration.class).orElse(null);
      Optional<Type> declared =
          method == null ? Optional.empty() : Locals.type(name.getNameAsString(), method);
      if (declared.isPresent() && declared.get().isClassOrInterfaceType()) {
        type = declared.get().asClassOrInterfaceType().getNameAsString();
      }
    }
    return type != null && isTaskType(type, source);
  }

  private static boolean isTaskType(String type, Source source) {
    if (JDK_TASKS.contains(type)) {
      return true;
    }
    ClassOrInterfaceDeclaration declared = declaration(type, source);
    return declared != null && isTaskClass(declared, source);
  }

  /** Whether a class extends a JDK task class, through classes of this file or beside it. */
  static boolean isTaskClass(ClassOrInterfaceDeclaration type, Source source) {
    for (int depth = 0;
        depth < 8 && type != null && type.getExtendedTypes().isNonEmpty();
        depth++) {
      String parent = type.getExtendedTypes(0).getNameAsString();
      if (JDK_TASKS.contains(parent)) {
        return true;
      }
      type = declaration(parent, source);
    }
    return false;
  }

  /** The class of this name declared in this file, or in {@code Name.java} beside it. */
  private static ClassOrInterfaceDeclaration declaration(String name, Source source) {
    for (CompilationUnit unit : source.unitsDeclaring(name)) {
      Optional<ClassOrInterfaceDeclaration> found =
          unit.findFirst(ClassOrInterfaceDeclaration.class, c -> c.getNameAsString().equals(name));
      if (found.isPresent()) {
        return found.get();
      }
    }
    return null;
  }

  /** How this file can name ForkJoinTask: its simple name if imported, else the qualified one. */
  static String forkJoinTask(CompilationUnit unit) {
    for (ImportDeclaration i : unit.getImports()) {
      String name = i.getNameAsString();
      if (!i.isStatic()
          && (i.isAsterisk() && name.equals("java.util.concurrent")
              || !i.isAsterisk() && name.equals("java.util.concurrent.ForkJoinTask"))) {
        return "ForkJoinTask";
      }
    }
    return "java.util.concurrent.ForkJoinTask";
  }
}

package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The code a call reaches that its target's declaration does not show, where the project itself
 * tells which code it is:
 *
 * <ul>
 *   <li>a method reference to an abstract or interface method ({@code forEach(PeriodicTask::stop)})
 *       runs an implementation of it: those the project declares, in any type that extends or
 *       implements the method's type;
 *   <li>a call of a JDK functional interface's method on a variable ({@code shutdown.call()} on a
 *       {@code Callable<Boolean>} parameter) runs one of the implementations the calling file
 *       declares, of the same type argument where both are written: a class that takes a {@code
 *       Callable} and builds one itself (a nested {@code class Shutdown implements
 *       Callable<Boolean>}) is handed its own. Implementations in other files are not followed:
 *       nothing in the call says which one it would be.
 * </ul>
 *
 * <p>Both are mirrored in {@link Dependents}: a file that extends or implements a type the caller's
 * chain reaches is reached too (the first case); the second stays in the calling file.
 */
final class Implementations {
  /** JDK functional interfaces by simple name, with the method that runs the function. */
  private static final Map<String, String> FUNCTIONAL =
      Map.of("Callable", "call", "Supplier", "get", "Runnable", "run");

  private Implementations() {}

  /** The project's implementations of the abstract or interface methods among these. */
  static List<MethodDeclaration> overriding(List<MethodDeclaration> methods, ProjectIndex index) {
    List<MethodDeclaration> found = new ArrayList<>();
    Set<MethodDeclaration> seen = ProjectIndex.identitySet();
    for (MethodDeclaration abstractMethod : methods) {
      TypeDeclaration<?> owner = ProjectIndex.enclosingType(abstractMethod);
      if (abstractMethod.getBody().isPresent() || owner == null) {
        continue;
      }
      int arity = abstractMethod.getParameters().size();
      for (ProjectIndex.TypeInfo heir : index.subtypes(owner.getNameAsString())) {
        for (MethodDeclaration m : heir.decl().getMethodsByName(abstractMethod.getNameAsString())) {
          if (m.getBody().isPresent() && m.getParameters().size() == arity && seen.add(m)) {
            found.add(m);
          }
        }
      }
    }
    return found;
  }

  /**
   * The implementations, declared in the calling file, of the JDK functional interface a receiver
   * variable is declared as, when {@code name} is the interface's method; empty otherwise.
   */
  static List<MethodDeclaration> ofFunctional(
      Expression receiver, String name, int arity, ProjectIndex index) {
    if (arity != 0 || !FUNCTIONAL.containsValue(name)) {
      // most unresolved calls: decided before looking the receiver up
      return List.of();
    }
    Type declared = Syntax.variable(receiver, index).map(v -> declaredType(v.decl())).orElse(null);
    CompilationUnit unit = receiver.findCompilationUnit().orElse(null);
    if (!(declared instanceof ClassOrInterfaceType interfaceType)
        || !name.equals(FUNCTIONAL.get(interfaceType.getNameAsString()))
        || unit == null) {
      return List.of();
    }
    List<MethodDeclaration> found = new ArrayList<>();
    for (ClassOrInterfaceDeclaration type : unit.findAll(ClassOrInterfaceDeclaration.class)) {
      boolean implementsIt =
          type.getImplementedTypes().stream().anyMatch(t -> sameFunction(t, interfaceType));
      if (implementsIt) {
        for (MethodDeclaration m : type.getMethodsByName(name)) {
          if (m.getParameters().isEmpty() && m.getBody().isPresent()) {
            found.add(m);
          }
        }
      }
    }
    return found;
  }

  /** Whether an implemented type is the interface, with the same type argument if both say. */
  private static boolean sameFunction(ClassOrInterfaceType implemented, ClassOrInterfaceType used) {
    Optional<String> implementedArgs = implemented.getTypeArguments().map(Object::toString);
    Optional<String> usedArgs =
        used.getTypeArguments().filter(args -> !args.isEmpty()).map(Object::toString);
    return implemented.getNameAsString().equals(used.getNameAsString())
        && (implementedArgs.isEmpty() || usedArgs.isEmpty() || implementedArgs.equals(usedArgs));
  }

  private static Type declaredType(Node decl) {
    if (decl instanceof VariableDeclarator v) {
      return v.getType();
    }
    return decl instanceof Parameter p ? p.getType() : null;
  }
}

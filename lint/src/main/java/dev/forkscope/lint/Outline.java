package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import java.util.ArrayList;
import java.util.List;

/**
 * The nodes of a syntax tree that every run looks up by kind, found in one walk: the type
 * declarations the {@link ProjectIndex} indexes, and the nodes an execution context can start at
 * ({@link Entries#of}). A function of the tree alone, so a {@link ParseCache} keeps it with the
 * tree and a run that takes an unchanged file's tree does not walk it again to index it or to find
 * the entries of a file whose own findings it does not report.
 *
 * @param types every type declaration, nested and local ones included, in preorder: what {@code
 *     unit.findAll(TypeDeclaration.class)} finds
 * @param entryStarts every method declaration, lambda and method reference, in preorder: the only
 *     nodes for which {@link Entries#of} can answer an entry
 */
record Outline(List<TypeDeclaration<?>> types, List<Node> entryStarts) {
  static Outline of(CompilationUnit unit) {
    List<TypeDeclaration<?>> types = new ArrayList<>();
    List<Node> entryStarts = new ArrayList<>();
    unit.walk(
        Node.TreeTraversal.PREORDER,
        node -> {
          if (node instanceof TypeDeclaration<?> type) {
            types.add(type);
          } else if (node instanceof MethodDeclaration
              || node instanceof LambdaExpr
              || node instanceof MethodReferenceExpr) {
            entryStarts.add(node);
          }
        });
    return new Outline(List.copyOf(types), List.copyOf(entryStarts));
  }
}

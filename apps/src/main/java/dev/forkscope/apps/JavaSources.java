package dev.forkscope.apps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Generates a Java source tree for PMD to check: {@code files} compilation units in a few packages,
 * each a class with fields, constructors and methods of loops, conditions, string building,
 * collections and the small faults PMD's quick-start rules report (unused locals, empty catch
 * blocks, fields that could be final). Deterministic for a given seed, and about 100 to 700 lines a
 * file, like the classes of a real project.
 */
final class JavaSources {
  private JavaSources() {}

  /** Writes {@code files} sources under {@code root} unless they are there already. */
  static void generate(Path root, int files, long seed) throws IOException {
    Path marker = root.resolve(".complete-" + seed);
    if (Files.exists(marker)) {
      return;
    }
    Random random = new Random(seed);
    for (int i = 0; i < files; i++) {
      String pkg = "gen.p" + (i % 8);
      Path dir = root.resolve(pkg.replace('.', '/'));
      Files.createDirectories(dir);
      String name = "Unit" + i;
      Files.writeString(
          dir.resolve(name + ".java"), unit(pkg, name, random), StandardCharsets.UTF_8);
    }
    Files.createFile(marker);
  }

  private static String unit(String pkg, String name, Random random) {
    StringBuilder b = new StringBuilder();
    b.append("package ").append(pkg).append(";\n\n");
    b.append("import java.util.*;\n\n");
    b.append("public class ").append(name).append(" {\n");
    int fields = 2 + random.nextInt(5);
    for (int f = 0; f < fields; f++) {
      b.append("  private int field").append(f).append(" = ").append(random.nextInt(100));
      b.append(";\n");
    }
    b.append("  private final List<String> names = new ArrayList<>();\n\n");
    b.append("  public ").append(name).append("(int seed) {\n");
    b.append("    this.field0 = seed;\n  }\n\n");
    int methods = 6 + random.nextInt(14);
    for (int m = 0; m < methods; m++) {
      method(b, m, fields, random);
    }
    b.append("}\n");
    return b.toString();
  }

  private static void method(StringBuilder b, int m, int fields, Random random) {
    b.append("  public int method").append(m).append("(int a, String s) {\n");
    b.append("    int result = a;\n");
    b.append("    int unused").append(m).append(" = 0;\n");
    int statements = 3 + random.nextInt(8);
    for (int i = 0; i < statements; i++) {
      switch (random.nextInt(6)) {
        case 0 -> {
          b.append("    for (int i = 0; i < a; i++) {\n");
          b.append("      result += i * field").append(random.nextInt(fields)).append(";\n");
          b.append("    }\n");
        }
        case 1 -> {
          b.append("    if (s != null && s.length() > ").append(random.nextInt(10)).append(") {\n");
          b.append("      names.add(s.substring(0, 1));\n");
          b.append("    } else {\n      result--;\n    }\n");
        }
        case 2 -> {
          b.append("    StringBuilder sb").append(i).append(" = new StringBuilder();\n");
          b.append("    sb").append(i).append(".append(s).append(result);\n");
          b.append("    result += sb").append(i).append(".length();\n");
        }
        case 3 -> {
          b.append("    try {\n      result += Integer.parseInt(s);\n");
          b.append("    } catch (NumberFormatException e) {\n    }\n");
        }
        case 4 -> {
          b.append("    Map<String, Integer> map").append(i).append(" = new HashMap<>();\n");
          b.append("    for (String n : names) {\n");
          b.append("      map").append(i).append(".merge(n, 1, Integer::sum);\n    }\n");
          b.append("    result += map").append(i).append(".size();\n");
        }
        default -> {
          b.append("    while (result > 1000) {\n      result = result / 2;\n    }\n");
        }
      }
    }
    b.append("    return result;\n  }\n\n");
  }
}

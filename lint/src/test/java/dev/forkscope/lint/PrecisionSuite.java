package dev.forkscope.lint;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import dev.forkscope.lint.fix.FileFix;
import dev.forkscope.lint.fix.FixResult;
import dev.forkscope.lint.fix.Fixer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Test support: the real-world precision suite. Open-source projects' sources jars (listed in
 * {@code precision/projects.tsv}, declared as test dependencies of this module) are linted, and
 * every finding is matched with its label in {@code precision/labels.tsv} by jar, file, line and
 * rule. The result is counted per rule and per set (tuned, held-out), on the default output (what a
 * maintainer is asked to act on; notes are labelled too but counted apart):
 *
 * <ul>
 *   <li>strict precision: true findings over all findings, debatable and unlabelled ones counting
 *       as noise;
 *   <li>recall: true findings over the true instances labelled (found now, or labelled true or
 *       missed); a true instance reported only as a note counts as missed.
 * </ul>
 *
 * A row labelled {@code missed} that lint now reports counts as a true finding; a row labelled
 * {@code true} that lint no longer reports counts as a miss, and a row labelled {@code false} or
 * {@code debatable} that lint no longer reports as quieted (a false positive removed).
 *
 * <p>Each project is run through {@code fix} (which lints it once): every rewrite it proposes must
 * leave a file that parses, and the rewritten files are kept for {@link ProjectBinaries}, which
 * compiles them against the project's binary jar. The sources jars come without their dependencies,
 * so the fixer's own compile check (javac on the rewritten files with their source roots, which
 * needs sources that compile on their own) cannot run here; its line for each project with rewrites
 * is reported.
 */
final class PrecisionSuite {
  /**
   * One project of the suite: a sources jar, or a repository of several (its other modules, {@code
   * with}, unpacked into the same tree and linted as one, as a user lints the whole repository; the
   * findings in every module are the project's, labelled under its first jar's name).
   */
  record Project(String jar, String set, List<String> with) {}

  /** Where a finding is, and of which rule: how findings meet their labels. */
  record Key(String jar, String file, int line, String rule) implements Comparable<Key> {
    @Override
    public int compareTo(Key o) {
      return toString().compareTo(o.toString());
    }

    @Override
    public String toString() {
      return jar + " " + file + ":" + line + " " + rule;
    }
  }

  /** A label and why. */
  record Label(String label, String reason) {}

  /** Counts for one rule (or all rules) in one set. */
  static final class Counts {
    int truePositives;
    int falsePositives;
    int debatable;
    int unlabelled;
    int missed;
    int quieted;
    int notes;

    int findings() {
      return truePositives + falsePositives + debatable + unlabelled;
    }

    double precision() {
      return findings() == 0 ? Double.NaN : (double) truePositives / findings();
    }

    double recall() {
      int relevant = truePositives + missed;
      return relevant == 0 ? Double.NaN : (double) truePositives / relevant;
    }

    void add(Counts o) {
      truePositives += o.truePositives;
      falsePositives += o.falsePositives;
      debatable += o.debatable;
      unlabelled += o.unlabelled;
      missed += o.missed;
      quieted += o.quieted;
      notes += o.notes;
    }
  }

  /**
   * What {@code fix} proposed on the suite: rewrites, the files they change, those of the files
   * that no longer parse, the findings left as suggestions, for each project with rewrites the
   * fixer's line on its compile check (javac runs where the project's sources compile on their own;
   * a rewrite that adds an error is dropped there), and the rewritten files.
   */
  record Fixes(
      int rewrites,
      int files,
      List<String> unparsable,
      int suggestions,
      List<String> compileChecks,
      List<Rewritten> rewritten) {}

  /** A project's files that fix rewrote, under {@code root}, where its sources were extracted. */
  record Rewritten(String jar, Path root, List<FileFix> files) {}

  /** The outcome: counts per set and rule, the findings without a label, and the fixes. */
  record Result(
      Map<String, Map<String, Counts>> bySetAndRule,
      List<Key> unlabelled,
      List<Key> missed,
      int files,
      int lines,
      Fixes fixes) {
    Counts total(String set) {
      Counts all = new Counts();
      bySetAndRule.getOrDefault(set, Map.of()).values().forEach(all::add);
      return all;
    }

    Counts total() {
      Counts all = new Counts();
      bySetAndRule.keySet().forEach(set -> all.add(total(set)));
      return all;
    }

    /** The per-rule table, one block per set, as docs/lint.md shows it. */
    String table() {
      StringBuilder out = new StringBuilder();
      out.append(
          String.format(
              Locale.ROOT,
              "%d files, %,d lines; strict precision counts debatable as noise%n",
              files,
              lines));
      for (Map.Entry<String, Map<String, Counts>> set : bySetAndRule.entrySet()) {
        out.append(
            String.format(
                Locale.ROOT,
                "%n| %s | found | true | false | debatable | unlabelled | missed | quieted | notes | precision | recall |%n",
                set.getKey()));
        out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (Map.Entry<String, Counts> rule : set.getValue().entrySet()) {
          row(out, rule.getKey(), rule.getValue());
        }
        row(out, "all rules", total(set.getKey()));
      }
      out.append(
          String.format(
              Locale.ROOT,
              "%nfix: %d rewrites in %d files (%d of them do not parse), %d findings left as"
                  + " suggestions%n",
              fixes.rewrites(),
              fixes.files(),
              fixes.unparsable().size(),
              fixes.suggestions()));
      fixes.compileChecks().forEach(c -> out.append("  compile check, ").append(c).append('\n'));
      return out.toString();
    }

    private static void row(StringBuilder out, String name, Counts c) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %s | %s |%n",
              name,
              c.findings(),
              c.truePositives,
              c.falsePositives,
              c.debatable,
              c.unlabelled,
              c.missed,
              c.quieted,
              c.notes,
              ratio(c.precision()),
              ratio(c.recall())));
    }

    private static String ratio(double r) {
      return Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.2f", r);
    }
  }

  private PrecisionSuite() {}

  /**
   * Extracts every project's sources under {@code dir}, lints each and counts against the labels.
   */
  static Result run(Path dir) throws IOException {
    List<Project> projects = projects();
    Map<Key, Label> labels = labels();
    Map<String, Map<String, Counts>> counts = new TreeMap<>(Collections.reverseOrder());
    List<Key> unlabelled = new ArrayList<>();
    int files = 0;
    int lines = 0;
    TreeSet<Key> found = new TreeSet<>();
    List<Key> missed = new ArrayList<>();
    int rewrites = 0;
    int rewrittenFiles = 0;
    int suggestions = 0;
    List<String> unparsable = new ArrayList<>();
    List<String> compileChecks = new ArrayList<>();
    List<Rewritten> rewritten = new ArrayList<>();
    JavaParser parser =
        new JavaParser(
            new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
    for (Project project : projects) {
      Path root = dir.resolve(project.jar());
      extract(sourcesJar(project.jar()), root);
      for (String module : project.with()) {
        extract(sourcesJar(module), root);
      }
      FixResult fixed = Fixer.builder().build().fix(List.of(root));
      for (FileFix file : fixed.files()) {
        suggestions += file.suggestions().size();
        if (file.changed()) {
          rewrites += file.fixes().size();
          rewrittenFiles++;
          if (!parser.parse(file.rewritten()).isSuccessful()) {
            unparsable.add(project.jar() + " " + root.relativize(file.path().toAbsolutePath()));
          }
        }
      }
      if (fixed.changedFiles() > 0) {
        compileChecks.add(project.jar() + ": " + fixed.compileCheck());
        rewritten.add(
            new Rewritten(
                project.jar(),
                root.toAbsolutePath(),
                fixed.files().stream().filter(FileFix::changed).toList()));
      }
      LintResult result = fixed.lint();
      files += result.summary().files();
      lines += result.summary().lines();
      Map<String, Counts> byRule = counts.computeIfAbsent(project.set(), s -> new TreeMap<>());
      for (Finding f : result.findings()) {
        Key key =
            new Key(
                project.jar(),
                root.relativize(f.file().toAbsolutePath()).toString().replace('\\', '/'),
                f.line(),
                f.rule().id());
        if (!found.add(key)) {
          continue;
        }
        Counts c = byRule.computeIfAbsent(key.rule(), r -> new Counts());
        Label label = labels.get(key);
        if (label != null && !f.actionable()) {
          c.notes++;
          if (label.label().equals("true") || label.label().equals("missed")) {
            c.missed++;
            missed.add(key);
          }
          continue;
        }
        switch (label == null ? "" : label.label()) {
          case "true", "missed" -> c.truePositives++;
          case "false" -> c.falsePositives++;
          case "debatable" -> c.debatable++;
          default -> {
            c.unlabelled++;
            unlabelled.add(key);
          }
        }
      }
    }
    Map<String, String> setOf =
        projects.stream().collect(Collectors.toMap(Project::jar, Project::set));
    for (Map.Entry<Key, Label> row : labels.entrySet()) {
      Key key = row.getKey();
      String label = row.getValue().label();
      if (found.contains(key)) {
        continue;
      }
      Counts c =
          counts
              .computeIfAbsent(setOf.get(key.jar()), s -> new TreeMap<>())
              .computeIfAbsent(key.rule(), r -> new Counts());
      if (label.equals("true") || label.equals("missed")) {
        missed.add(key);
        c.missed++;
      } else {
        c.quieted++;
      }
    }
    return new Result(
        counts,
        unlabelled,
        missed,
        files,
        lines,
        new Fixes(rewrites, rewrittenFiles, unparsable, suggestions, compileChecks, rewritten));
  }

  static List<Project> projects() {
    List<Project> projects = new ArrayList<>();
    for (String[] row : rows("projects.tsv", 3, 4)) {
      projects.add(
          new Project(row[0], row[1], row.length == 3 ? List.of() : List.of(row[3].split(","))));
    }
    return projects;
  }

  static Map<Key, Label> labels() {
    Map<Key, Label> labels = new LinkedHashMap<>();
    for (String[] row : rows("labels.tsv", 6)) {
      Key key = new Key(row[0], row[1], Integer.parseInt(row[2]), row[3]);
      if (labels.put(key, new Label(row[4], row[5])) != null) {
        throw new IllegalStateException("labelled twice: " + key);
      }
      if (!List.of("true", "false", "debatable", "missed").contains(row[4])) {
        throw new IllegalStateException("unknown label " + row[4] + ": " + key);
      }
    }
    return labels;
  }

  static List<String[]> rows(String name, int columns) {
    return rows(name, columns, columns);
  }

  /** The rows of a table whose last columns may be left out: {@code min} to {@code max} of them. */
  private static List<String[]> rows(String name, int min, int max) {
    try (InputStream in = PrecisionSuite.class.getResourceAsStream("/precision/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no precision/" + name + " on the test class path");
      }
      List<String[]> rows = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] row = line.split("\t");
        if (row.length < min || row.length > max) {
          throw new IllegalStateException(
              name + ": " + (min == max ? min : min + " to " + max) + " columns wanted: " + line);
        }
        rows.add(row);
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code <jar>-sources.jar} on the test class path (lint's pom declares it). */
  static Path sourcesJar(String jar) {
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      if (Path.of(entry).getFileName().toString().equals(jar + "-sources.jar")) {
        return Path.of(entry);
      }
    }
    throw new IllegalStateException(
        jar + "-sources.jar is not on the test class path (lint's pom declares it)");
  }

  private static void extract(Path jar, Path root) throws IOException {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry e : Collections.list(zip.entries())) {
        if (e.isDirectory() || !e.getName().endsWith(".java")) {
          continue;
        }
        Path target = root.resolve(e.getName()).normalize();
        if (!target.startsWith(root)) {
          throw new IOException("entry outside the jar's root: " + e.getName());
        }
        Files.createDirectories(target.getParent());
        if (Files.exists(target)) {
          throw new IOException(
              "two jars of one repository hold " + e.getName() + ", the second " + jar);
        }
        try (InputStream in = zip.getInputStream(e)) {
          Files.copy(in, target);
        }
      }
    }
  }
}

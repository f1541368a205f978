package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository's own pages: README.md and docs/ link only to files and headings that exist, the
 * Java sources name only pages that exist, and every page stays short enough to read (a front page
 * of at most {@value #README_LINES} lines, reference pages of at most {@value #PAGE_LINES}).
 *
 * <p>Anchors are checked the way GitHub makes them from a heading: lower case, punctuation other
 * than {@code -} and {@code _} dropped, spaces made hyphens, a repeated heading numbered from
 * {@code -1}.
 */
class DocsTest {

  static final int README_LINES = 200;
  static final int PAGE_LINES = 800;

  private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).resolve("..");

  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)[^)]*\\)");
  private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern DOCS_PATH = Pattern.compile("(?<![\\w./-])(docs/[\\w./-]+\\.md)");
  private static final Pattern SECTION_OF_PAGE = Pattern.compile("[\\w./-]+\\.md §");

  @Test
  void everyRelativeLinkInTheDocsPointsToAFileAndHeadingThatExist() {
    List<String> broken = new ArrayList<>();
    Map<Path, Set<String>> anchors = new HashMap<>();
    for (Path page : pages()) {
      List<String> lines = read(page);
      for (int i = 0; i < lines.size(); i++) {
        Matcher link = LINK.matcher(CODE_SPAN.matcher(lines.get(i)).replaceAll(""));
        while (link.find()) {
          String target = link.group(1);
          if (target.matches("^[a-z]+:.*")) {
            continue; // http:, https:, mailto:
          }
          int hash = target.indexOf('#');
          String file = hash < 0 ? target : target.substring(0, hash);
          Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
          String where = ROOT.relativize(page) + ":" + (i + 1) + ": " + target;
          if (!Files.exists(resolved)) {
            broken.add(where + " (no such file)");
          } else if (hash >= 0 && resolved.toString().endsWith(".md")) {
            String anchor = target.substring(hash + 1);
            if (!anchors.computeIfAbsent(resolved, DocsTest::anchorsOf).contains(anchor)) {
              broken.add(where + " (no such heading)");
            }
          }
        }
      }
    }
    assertThat(broken).isEmpty();
  }

  @Test
  void javaSourcesNameOnlyPagesThatExist() throws IOException {
    List<String> broken = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      for (Path source :
          files
              .filter(p -> p.toString().endsWith(".java"))
              .filter(p -> !ROOT.relativize(p).toString().contains("target/"))
              .toList()) {
        List<String> lines = read(source);
        for (int i = 0; i < lines.size(); i++) {
          String line = lines.get(i);
          String where = ROOT.relativize(source) + ":" + (i + 1);
          Matcher docs = DOCS_PATH.matcher(line);
          while (docs.find()) {
            if (!Files.exists(ROOT.resolve(docs.group(1)))) {
              broken.add(where + ": " + docs.group(1) + " (no such file)");
            }
          }
          if (line.contains("research/") && !source.endsWith("DocsTest.java")) {
            broken.add(where + ": research/ (not in this repository)");
          }
          if (isComment(line) && SECTION_OF_PAGE.matcher(line).find()) {
            broken.add(where + ": cites a numbered section of a page; the docs number none");
          }
        }
      }
    }
    assertThat(broken).isEmpty();
  }

  @Test
  void theReadmeIsAFrontPageAndNoPageIsOverlong() {
    assertThat(read(ROOT.resolve("README.md"))).hasSizeLessThanOrEqualTo(README_LINES);
    List<String> overlong = new ArrayList<>();
    for (Path page : pages()) {
      int lines = read(page).size();
      if (lines > PAGE_LINES && !page.getFileName().toString().equals("README.md")) {
        overlong.add(ROOT.relativize(page) + ": " + lines + " lines");
      }
    }
    assertThat(overlong).isEmpty();
  }

  @Test
  void anchorsAreMadeAsGitHubMakesThem() {
    assertThat(slug("The contract: ForkJoinTask's")).isEqualTo("the-contract-forkjointasks");
    assertThat(slug("`report.html`")).isEqualTo("reporthtml");
    assertThat(slug("Gap 0: searching workers")).isEqualTo("gap-0-searching-workers");
    assertThat(slug("Runtime and idle — the pool")).isEqualTo("runtime-and-idle--the-pool");
  }

  private static boolean isComment(String line) {
    String code = line.strip();
    return code.startsWith("*") || code.startsWith("//") || code.startsWith("/*");
  }

  /** README.md and every Markdown page under docs/. */
  private static List<Path> pages() {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  private static Set<String> anchorsOf(Path page) {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : read(page)) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String slug = slug(heading.group(1));
        int n = seen.merge(slug, 1, Integer::sum) - 1;
        anchors.add(n == 0 ? slug : slug + "-" + n);
      }
    }
    return anchors;
  }

  static String slug(String heading) {
    return heading
        .toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N}\\s_-]", "")
        .replace(' ', '-');
  }

  /** The file's lines; in a Markdown page the lines of fenced code blocks are blanked. */
  private static List<String> read(Path file) {
    try {
      List<String> lines = new ArrayList<>(Files.readAllLines(file));
      if (file.toString().endsWith(".md")) {
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
          boolean fence = lines.get(i).startsWith("```");
          if (fenced || fence) {
            lines.set(i, fence ? lines.get(i) : "");
          }
          fenced ^= fence;
        }
      }
      return lines;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

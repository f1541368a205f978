package dev.forkscope.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.objectweb.asm.ClassReader;

/**
 * Tells whether a class being loaded is a task (a Runnable, Callable or ForkJoinTask) or an
 * executor, from class files alone.
 *
 * <p>Implementation note: a transformer must not load application classes (loading from inside a
 * transformer can deadlock a class loader, and defines the class before its turn), so their
 * supertypes are resolved by reading their class files as resources through the loader of the class
 * being defined and parsing only their headers. Answers are cached per loader (weakly, so a
 * discarded loader's cache goes with it). JDK types are resolved once, in a shared cache; those
 * that can never be hooked are simply looked up as classes, which is faster. Concurrent
 * transformations may resolve one type twice; both get the same answer.
 */
final class TypeKinds {
  static final int TASK = 1;
  static final int EXECUTOR = 2;

  /** Deeper than any real hierarchy: stops a cycle in broken class files. */
  private static final int MAX_DEPTH = 64;

  /**
   * The types that make a task or an executor, read as class files like the rest of
   * java.util.concurrent.
   */
  private static final Map<String, Integer> ROOTS =
      Map.of(
          "java/lang/Runnable", TASK,
          "java/util/concurrent/Callable", TASK,
          "java/util/concurrent/ForkJoinTask", TASK,
          "java/util/concurrent/Executor", EXECUTOR);

  private final Map<String, Integer> jdk = new ConcurrentHashMap<>(ROOTS);
  private final Map<ClassLoader, Map<String, Integer>> byLoader =
      Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * The kinds of the class {@code reader} holds, defined by {@code loader} (null: the boot loader).
   */
  int of(ClassReader reader, ClassLoader loader) {
    return inherited(reader, loader, 0);
  }

  private int inherited(ClassReader reader, ClassLoader loader, int depth) {
    int kinds = 0;
    String superName = reader.getSuperName();
    if (superName != null) {
      kinds |= of(superName, loader, depth + 1);
    }
    for (String i : reader.getInterfaces()) {
      kinds |= of(i, loader, depth + 1);
    }
    return kinds;
  }

  private int of(String name, ClassLoader loader, int depth) {
    boolean shared = loader == null || HookTransformer.isJdk(name);
    Map<String, Integer> cache = shared ? jdk : cacheOf(loader);
    Integer known = cache.get(name);
    if (known != null) {
      return known;
    }
    int kinds = 0;
    if (shared && !HookTransformer.isHookedJdk(name)) {
      kinds = ofJdk(name);
    } else if (depth < MAX_DEPTH) {
      ClassReader reader = read(name, loader == null ? ClassLoader.getSystemClassLoader() : loader);
      kinds = reader == null ? 0 : inherited(reader, loader, depth);
    }
    cache.put(name, kinds);
    return kinds;
  }

  /**
   * The kinds of a JDK type that is never hooked, by loading it: JDK supertypes are loaded anyway
   * right after the class that names them, and the JDK's loaders cannot deadlock with this
   * transformer. Types that may be hooked are read as class files instead: a class loaded while a
   * transformer runs is not transformed itself.
   */
  private static int ofJdk(String name) {
    Class<?> c;
    try {
      c = Class.forName(name.replace('/', '.'), false, ClassLoader.getPlatformClassLoader());
    } catch (ClassNotFoundException | LinkageError notInTheJdk) {
      return 0;
    }
    int kinds = 0;
    if (Runnable.class.isAssignableFrom(c)
        || Callable.class.isAssignableFrom(c)
        || isForkJoinTask(c)) {
      kinds |= TASK;
    }
    if (Executor.class.isAssignableFrom(c)) {
      kinds |= EXECUTOR;
    }
    return kinds;
  }

  /**
   * By name: the literal {@code ForkJoinTask.class} would load that class here, unhooked, on first
   * use.
   */
  private static boolean isForkJoinTask(Class<?> c) {
    for (Class<?> s = c; s != null; s = s.getSuperclass()) {
      if (s.getName().equals("java.util.concurrent.ForkJoinTask")) {
        return true;
      }
    }
    return false;
  }

  private Map<String, Integer> cacheOf(ClassLoader loader) {
    synchronized (byLoader) {
      Map<String, Integer> cache = byLoader.get(loader);
      if (cache == null) {
        cache = new ConcurrentHashMap<>();
        byLoader.put(loader, cache);
      }
      return cache;
    }
  }

  /** The header of class {@code name}, or null when its class file cannot be found or read. */
  private static ClassReader read(String name, ClassLoader loader) {
    try (InputStream in = loader.getResourceAsStream(name + ".class")) {
      return in == null ? null : new ClassReader(in);
    } catch (IOException | RuntimeException unreadable) {
      return null; // a type we cannot see is not a task: the class is left alone
    }
  }
}

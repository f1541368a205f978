package dev.forkscope.profile.agent;

/** The template of the plain classes {@link AttachTarget} defines to fill its JVM. */
final class Filler00000 {
  int value;

  int next() {
    return ++value;
  }
}

package dev.forkscope.examples.copyonfork;

/** A user whose risk score the tasks compute in place. */
final class User {
  final long id;
  long score;

  User(long id) {
    this.id = id;
  }
}

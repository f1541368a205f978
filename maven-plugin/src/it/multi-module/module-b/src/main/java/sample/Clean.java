package sample;

/** No task code: nothing to find. */
public final class Clean {
  private Clean() {}

  public static int twice(int x) {
    return 2 * x;
  }
}

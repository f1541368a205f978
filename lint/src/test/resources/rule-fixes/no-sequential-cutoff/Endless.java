import java.util.concurrent.RecursiveAction;

class Endless extends RecursiveAction {
  final int n;

  Endless(int n) {
    this.n = n;
  }

  @Override
  protected void compute() {
    invokeAll(new Endless(n / 2), new Endless(n / 2));
  }
}

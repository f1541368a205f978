package sample;

import org.junit.jupiter.api.Test;

class SumTaskTest {
  @Test
  void sumsAndNaps() {
    Work.run();
  }
}

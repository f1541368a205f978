package sample;

import org.junit.jupiter.api.Test;

class SumTaskIT {
  @Test
  void sumsAndNaps() {
    Work.run();
  }
}

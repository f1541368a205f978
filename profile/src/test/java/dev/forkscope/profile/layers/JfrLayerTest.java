package dev.forkscope.profile.layers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrLayerTest {
  @TempDir Path tmp;

  @Test
  void aRecordingWithoutAllocationSamplesSaysWhyRatherThanBlamingTheJdk() throws Exception {
    Path jfr = tmp.resolve("gc-only.jfr");
    try (Recording r = new Recording()) {
      r.enable("jdk.GarbageCollection");
      r.start();
      System.gc();
      r.stop();
      r.dump(jfr);
    }
    List<Layers.Pause> pauses = new ArrayList<>();
    List<String> unavailable = new ArrayList<>();

    JfrLayer.read(
        jfr,
        0,
        pauses,
        new ArrayList<>(),
        new ArrayList<>(),
        new HashMap<>(),
        new HashMap<>(),
        unavailable);

    assertThat(pauses).isNotEmpty();
    assertThat(unavailable)
        .singleElement()
        .asString()
        .startsWith("allocation samples: none in the recording")
        .contains("allocated too little");
  }
}

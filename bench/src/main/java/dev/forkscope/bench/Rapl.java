package dev.forkscope.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Package energy from Linux powercap RAPL ({@code /sys/class/powercap/intel-rapl:N/energy_uj}, also
 * used for AMD). The counters are root-only since Linux 5.10 and absent on most VMs, so {@link
 * #open(Path)} returns empty unless every package counter is readable; callers then report "n/a".
 * Counters wrap at {@code max_energy_range_uj}; a reading across one wrap is corrected.
 */
public final class Rapl {
  public static final Path POWERCAP = Path.of("/sys/class/powercap");

  private final List<Path> domains;
  private final long[] ranges;

  private Rapl(List<Path> domains, long[] ranges) {
    this.domains = domains;
    this.ranges = ranges;
  }

  /** The package domains under {@code powercap} (top-level {@code intel-rapl:N} only). */
  public static Optional<Rapl> open(Path powercap) {
    List<Path> domains = new ArrayList<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(powercap, "intel-rapl:*")) {
      for (Path dir : dirs) {
        if (dir.getFileName().toString().indexOf(':', "intel-rapl:".length()) < 0) {
          domains.add(dir);
        }
      }
    } catch (IOException | SecurityException e) {
      return Optional.empty();
    }
    if (domains.isEmpty()) {
      return Optional.empty();
    }
    domains.sort(null);
    long[] ranges = new long[domains.size()];
    try {
      for (int i = 0; i < ranges.length; i++) {
        ranges[i] = readLong(domains.get(i).resolve("max_energy_range_uj"));
        readLong(domains.get(i).resolve("energy_uj"));
      }
    } catch (IOException | NumberFormatException | SecurityException e) {
      return Optional.empty();
    }
    return Optional.of(new Rapl(List.copyOf(domains), ranges));
  }

  /** One reading of every package counter, in microjoules. */
  long[] read() {
    long[] uj = new long[domains.size()];
    try {
      for (int i = 0; i < uj.length; i++) {
        uj[i] = readLong(domains.get(i).resolve("energy_uj"));
      }
    } catch (IOException e) {
      throw new IllegalStateException("RAPL counter became unreadable: " + e.getMessage(), e);
    }
    return uj;
  }

  /** Joules spent between two readings, summed over packages. */
  double joulesBetween(long[] before, long[] after) {
    long total = 0;
    for (int i = 0; i < before.length; i++) {
      long delta = after[i] - before[i];
      total += delta >= 0 ? delta : delta + ranges[i];
    }
    return total / 1e6;
  }

  private static long readLong(Path file) throws IOException {
    return Long.parseLong(Files.readString(file).trim());
  }
}

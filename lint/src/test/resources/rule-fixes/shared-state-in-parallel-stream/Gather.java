import java.util.ArrayList;
import java.util.List;

class Gather {
  static List<Integer> evens(List<Integer> xs) {
    List<Integer> out = new ArrayList<>();
    xs.parallelStream().filter(x -> x % 2 == 0).forEach(x -> out.add(x));
    return out;
  }
}

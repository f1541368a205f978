// Modelled on "educational" (Table II: copy on fork): the textbook parallel merge sort that
// copies both halves before sorting them in subtasks and merges them back into the input.
package corpus.educational;

import java.util.Arrays;
import java.util.concurrent.RecursiveAction;

public class EducationalMergeSort extends RecursiveAction {
  private static final int CUTOFF = 1 << 11;
  private final int[] a;

  public EducationalMergeSort(int[] a) {
    this.a = a;
  }

  @Override
  protected void compute() {
    if (a.length <= CUTOFF) {
      Arrays.sort(a);
      return;
    }
    int mid = a.length / 2;
    // expect: copy-on-fork
    int[] left = Arrays.copyOfRange(a, 0, mid);
    // expect: copy-on-fork
    int[] right = Arrays.copyOfRange(a, mid, a.length);
    invokeAll(new EducationalMergeSort(left), new EducationalMergeSort(right));
    merge(left, right, a);
  }

  private static void merge(int[] left, int[] right, int[] into) {
    int i = 0;
    int j = 0;
    int k = 0;
    while (i < left.length && j < right.length) {
      into[k++] = left[i] <= right[j] ? left[i++] : right[j++];
    }
    while (i < left.length) {
      into[k++] = left[i++];
    }
    while (j < right.length) {
      into[k++] = right[j++];
    }
  }

  public static void main(String[] args) {
    int[] data = new java.util.Random(42).ints(1_000_000).toArray();
    new EducationalMergeSort(data).invoke();
    System.out.println(data[0] + " .. " + data[data.length - 1]);
  }
}

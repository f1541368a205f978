def log = new File(basedir, 'build.log').text

// the first build fails on the fine-grained class, with the verdict's line
assert log =~ /\[ERROR\] \S+jvm-1: sample\.SumTask is fine: median / : log
assert log.contains('forkscope: checked the profiles of 1 JVM: the rules do not hold') : log
// the second, with larger leaves, passes: its own JVM's trace only (the first build's was deleted)
assert log.contains('forkscope: checked the profiles of 1 JVM; every rule holds') : log

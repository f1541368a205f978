// The build failed on the bottleneck, named the way a compiler names an error.
def log = new File(basedir, 'build.log').text
def source = new File(basedir, 'src/main/java/sample/SumTask.java').readLines()
def copyLine = source.findIndexOf { it.contains('Arrays.copyOfRange(values, 0, half)') } + 1
assert log.contains("[ERROR] src/main/java/sample/SumTask.java:${copyLine}: [copy-on-fork]") : log
assert log.contains('forkscope found 2 bottlenecks') : log
assert new File(basedir, 'target/forkscope/lint.sarif').isFile()

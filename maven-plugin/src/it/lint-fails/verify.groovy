// The build failed on the bottleneck, named the way a compiler names an error.
def log = new File(basedir, 'build.log').text
assert log.contains('[ERROR] src/main/java/sample/SumTask.java:24: [copy-on-fork]') : log
assert log.contains('forkscope found 2 bottlenecks') : log
assert new File(basedir, 'target/forkscope/lint.sarif').isFile()

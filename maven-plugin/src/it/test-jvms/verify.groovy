import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def target = new File(basedir, 'target')

// argLine: prepare-agent ran twice in initialize (run twice) and once after the tests,
// prepare-agent-integration once; each time one forkscope agent, in front of what argLine held,
// its JIT options once
def argLines = log.readLines().findAll { it.contains('forkscope: argLine set to ') }
assert argLines.size() == 4 : argLines
argLines.each {
  assert it.count('-javaagent:') == 1 : it
  assert it.count('-XX:CompileCommand=quiet') == 1 : it
  assert it.count('-Xbootclasspath/a:') == 1 : it
  assert it.endsWith(' -Xmx256m') : it
}
assert argLines[0].contains('target/forkscope,perjvm=true') : argLines[0]
assert argLines[3].contains('target/forkscope-it,perjvm=true') : argLines[3]
assert !log.contains('already recording') : log

// every JVM's trace kept: three surefire JVMs, one failsafe JVM, and the four merged
def jvms = { dir -> new File(target, dir).listFiles().findAll { it.name ==~ /jvm-\d+/ }*.name.sort() }
assert jvms('forkscope') == ['jvm-1', 'jvm-2', 'jvm-3']
assert jvms('forkscope-it') == ['jvm-1']
assert jvms('forkscope-merged') == ['jvm-1', 'jvm-2', 'jvm-3', 'jvm-4']
['forkscope/jvm-1', 'forkscope/jvm-3', 'forkscope-it/jvm-1', 'forkscope-merged/jvm-4'].each {
  def summary = new JsonSlurper().parse(new File(target, it + '/summary.json'))
  assert summary.toString().contains('sample.SumTask') : it
  assert new File(target, it + '/report.html').isFile()
}
assert log.contains('forkscope: JVM 3 of 3, ')
assert log.contains('forkscope: merged the traces of 4 JVMs into ')
// each data directory's merged table, then the four JVMs': NapTask's six tasks of each JVM added
assert log.contains('forkscope: 3 JVMs merged: ') : log
assert log =~ /forkscope: 4 JVMs merged: 2 task classes/ : log
assert log =~ /\[INFO\] sample\.SumTask\s+4\s/ : log
assert log =~ /\[INFO\] sample\.NapTask\s+4\s+24\s+24\s/ : log

// the report in the log, as forkscope report prints it: the run-time findings and what was not
// recorded; the harnesses' task classes left out, and counted
assert log.contains('runtime findings (JVM and OS layers, most time lost first):') : log
assert log =~ /\[6\] sleepy-worker: NapTask/ : log
assert log.contains('[INFO] not recorded: ') : log
assert !(log =~ /\[INFO\] (org\.apache\.maven\.surefire|org\.junit|java\.lang\.ProcessHandleImpl)\S*\s+~?\d/) : log
assert log =~ /forkscope: \d+ task class(es)? with [\d,]+ executions? left out/ : log

// check: sample.* has no fine-grained class
assert log.contains('forkscope: checked the profiles of 4 JVMs; every rule holds') : log

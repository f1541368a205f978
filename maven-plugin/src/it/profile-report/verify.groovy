import groovy.json.JsonSlurper

def out = new File(basedir, 'target/forkscope')
def log = new File(basedir, 'build.log').text

// lint: findings logged as warnings, both reports written
def source = new File(basedir, 'src/main/java/sample/SumTask.java').readLines()
def copyLine = source.findIndexOf { it.contains('Arrays.copyOfRange(values, 0, half)') } + 1
assert log.contains("[WARNING] src/main/java/sample/SumTask.java:${copyLine}: [copy-on-fork]") : log
def sarif = new JsonSlurper().parse(new File(out, 'lint.sarif'))
assert sarif.runs[0].results*.ruleId.contains('copy-on-fork')
assert sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri == 'src/main/java/sample/SumTask.java'
def json = new JsonSlurper().parse(new File(out, 'lint.json'))
assert json.findings*.rule.contains('copy-on-fork') : json

// prepare-agent + report: the test's pool ran under the agent, put in front of the argLine there was;
// the test JVM wrote into a directory of its own
assert log =~ /forkscope: argLine set to -javaagent:\S+forkscope-agent-\w+\.jar=out=\S+target\/forkscope,perjvm=true .* -Xmx256m/ : log
def jvm = new File(out, 'jvm-1')
assert new File(jvm, 'trace.bin').isFile()
def summary = new JsonSlurper().parse(new File(jvm, 'summary.json'))
assert summary.toString().contains('sample.SumTask') : summary
assert new File(jvm, 'tasks.csv').readLines().size() > 100
assert new File(jvm, 'report.html').text.contains('sample.SumTask')

// fix: a dry run logs the diff and leaves the source alone
assert log.contains('+++ b/src/main/java/sample/SumTask.java') : log
assert new File(basedir, 'src/main/java/sample/SumTask.java').text.contains('Arrays.copyOfRange')

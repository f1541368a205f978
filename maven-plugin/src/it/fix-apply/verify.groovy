import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('forkscope: fixed src/main/java/sample/SumTask.java (1 fix)') : log
def source = new File(basedir, 'src/main/java/sample/SumTask.java').text
assert !source.contains('copyOfRange') : source
assert new JsonSlurper().parse(new File(basedir, 'target/forkscope/lint.json')).findings.isEmpty()

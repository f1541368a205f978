import groovy.json.JsonSlurper

def findings = { dir -> new JsonSlurper().parse(new File(basedir, dir + '/target/forkscope/lint.json')).findings }

def all = findings('.')
assert all*.file.unique() == ['module-a/src/main/java/sample/SumTask.java'] : all
assert all*.rule.unique() == ['copy-on-fork']
assert findings('module-a').size() == all.size()
assert findings('module-b').isEmpty()
def sarif = new JsonSlurper().parse(new File(basedir, 'target/forkscope/lint.sarif'))
assert sarif.runs[0].results.size() == all.size()

// the summary says how many files held task code: module-b's Clean.java has none
def log = new File(basedir, 'build.log').text
assert log.contains('forkscope: 2 findings in 2 files: 1 analysed, 1 skipped without task code;') : log

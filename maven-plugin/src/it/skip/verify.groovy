def log = new File(basedir, 'build.log').text
assert log.count('forkscope: skipped') == 3 : log
assert !new File(basedir, 'target/forkscope').exists()
assert !log.contains('-javaagent')

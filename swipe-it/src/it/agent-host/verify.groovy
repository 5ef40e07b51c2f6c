// The host's dependency tree (mvn dependency:tree, written by invoker.goals): no logging binding,
// no Jackson 3, and one version of every Jackson 2 part. The enforcer in pom.xml already failed the
// build otherwise; this reads the same from the tree a user would look at.
def tree = new File(basedir, 'target/dependency-tree.txt')
assert tree.isFile() : "no dependency tree at ${tree}"
def coords = tree.readLines().collect { it.replaceFirst(/^[|\\+\- ]*/, '').trim() }.findAll { it.contains(':') }
assert coords.any { it.startsWith('dev.swipe:swipe-agent:') } : "swipe-agent is not in the tree:\n${tree.text}"

def bindings = ['org.slf4j:slf4j-simple', 'org.slf4j:slf4j-nop', 'org.slf4j:slf4j-jdk14', 'org.slf4j:slf4j-log4j12',
                'org.slf4j:slf4j-reload4j', 'ch.qos.logback:logback-classic',
                'org.apache.logging.log4j:log4j-slf4j-impl', 'org.apache.logging.log4j:log4j-slf4j2-impl']
def found = coords.findAll { c -> bindings.any { c.startsWith(it + ':') } }
assert found.isEmpty() : "logging bindings a host did not choose: ${found}"
assert !coords.any { it.startsWith('tools.jackson.') } : "Jackson 3 in the tree:\n${tree.text}"

def jackson = coords.findAll { it.startsWith('com.fasterxml.jackson.') && !it.contains('jackson-annotations') }
assert !jackson.isEmpty() : "no Jackson 2 in the tree (swipe-agent speaks JSON with it):\n${tree.text}"
// group:artifact:type:version:scope
def versions = jackson.collect { it.split(':')[3] }.toSet()
assert versions.size() == 1 : "more than one Jackson 2 version: ${jackson}"
println "agent-host: no logging binding, one Jackson (${versions.first()}) in ${coords.size()} dependencies"
return true

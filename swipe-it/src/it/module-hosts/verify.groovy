// Each host's dependency tree (mvn dependency:tree, run by invoker.goals): its module is there, no
// logging binding, no Jackson 3, and every Jackson 2 part at the version swipe-bom manages
// (jacksonVersion, passed by swipe-it's pom). The enforcer in pom.xml already failed the build
// otherwise; this reads the same from the trees a user would look at.
def bindings = ['org.slf4j:slf4j-simple', 'org.slf4j:slf4j-nop', 'org.slf4j:slf4j-jdk14', 'org.slf4j:slf4j-log4j12',
                'org.slf4j:slf4j-reload4j', 'ch.qos.logback:logback-classic',
                'org.apache.logging.log4j:log4j-slf4j-impl', 'org.apache.logging.log4j:log4j-slf4j2-impl']
def hosts = new File(basedir, 'pom.xml').text.findAll(/<module>([^<]+)<\/module>/) { it[1] }
assert hosts.size() >= 22 : "hosts: ${hosts}"
// A host of the agent tools library (or of the LangChain4j provider on it) gets no rig driver, capture
// library, OCR natives or MCP SDK unless it adds them: those come with swipe-agent-server.
def heavy = ['com.fazecast:jSerialComm', 'com.github.sarxos:webcam-capture', 'org.bytedeco:',
             'io.modelcontextprotocol.sdk:', 'io.projectreactor:']
def light = ['agent', 'agent-bench', 'langchain4j', 'langchain4j-testing']
hosts.each { module ->
  def tree = new File(basedir, "${module}/target/dependency-tree.txt")
  assert tree.isFile() : "no dependency tree at ${tree}"
  def coords = tree.readLines().collect { it.replaceFirst(/^[|\\+\- ]*/, '').trim() }.findAll { it.contains(':') }
  assert coords.any { it.startsWith("dev.swipe:swipe-${module}:") } : "swipe-${module} is not in the tree:\n${tree.text}"
  def found = coords.findAll { c -> bindings.any { c.startsWith(it + ':') } }
  assert found.isEmpty() : "${module}: logging bindings a host did not choose: ${found}"
  assert !coords.any { it.startsWith('tools.jackson.') } : "${module}: Jackson 3 in the tree:\n${tree.text}"
  // group:artifact:type:version:scope; annotations keep their own version line (2.x without patch)
  def jackson = coords.findAll { it.startsWith('com.fasterxml.jackson.') && !it.contains('jackson-annotations') }
  def versions = jackson.collect { it.split(':')[3] }.toSet()
  assert versions.size() <= 1 : "${module}: more than one Jackson 2 version: ${jackson}"
  assert versions.isEmpty() || versions.first() == jacksonVersion :
      "${module}: Jackson ${versions} where swipe-bom manages ${jacksonVersion}:\n${tree.text}"
  if (light.contains(module)) {
    def pulled = coords.findAll { c -> heavy.any { c.startsWith(it.endsWith(':') ? it : it + ':') } }
    assert pulled.isEmpty() : "${module}: a library host got ${pulled}:\n${tree.text}"
  }
  println "swipe-${module}: ${coords.size()} dependencies, Jackson ${versions ? versions.first() : "none"}"
}
return true

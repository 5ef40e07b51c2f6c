// The invoker copies this project afresh to target/it/ before each build, so its sources are
// written beside it by ReadmeConsumerSourcesTest (target/readme-sources/, one file per README
// ```java block) and copied into src/main/java here.
def from = new File(basedir, '../../readme-sources')
def files = from.listFiles()?.findAll { it.name.endsWith('.java') } ?: []
assert !files.isEmpty() : "no README sources in ${from.canonicalPath}: ReadmeConsumerSourcesTest writes them"
def to = new File(basedir, 'src/main/java')
to.mkdirs()
files.each { new File(to, it.name).text = it.getText('UTF-8') }
return true

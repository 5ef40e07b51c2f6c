// The invoker copies this project afresh to target/it/ before each build, so its sources are
// written beside it by DocsConsumerSourcesTest (target/doc-sources/, one file per ```java block of
// the README and docs/) and copied into src/main/java here.
def from = new File(basedir, '../../doc-sources')
def files = from.listFiles()?.findAll { it.name.endsWith('.java') } ?: []
assert !files.isEmpty() : "no doc sources in ${from.canonicalPath}: DocsConsumerSourcesTest writes them"
def to = new File(basedir, 'src/main/java')
to.mkdirs()
files.each { new File(to, it.name).text = it.getText('UTF-8') }
return true

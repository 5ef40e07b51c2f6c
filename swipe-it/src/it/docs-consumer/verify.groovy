// The build compiled: check it compiled every ```java block of the README and docs/ (but grid.md,
// compiled by swipe-webdriver's tests), none left out: a missing or stale src/main/java, e.g. when
// DocsConsumerSourcesTest did not run, fails here.
def root = new File(basedir, '../../../..')
def pages = [new File(root, 'README.md')] +
    (new File(root, 'docs').listFiles().findAll { it.name.endsWith('.md') && it.name != 'grid.md' })
int blocks = pages.sum { page ->
  assert page.isFile() : "no ${page}"
  (page.getText('UTF-8') =~ /```java\n/).count
}
assert blocks > 20 : "the README and docs/ have ${blocks} Java blocks"
def sources = new File(basedir, 'src/main/java').listFiles().findAll { it.name.endsWith('.java') }
assert sources.size() == blocks : "${sources.size()} sources for ${blocks} Java blocks"
sources.each { src ->
  def compiled = new File(basedir, 'target/classes/' + src.name.replace('.java', '.class'))
  assert compiled.isFile() : "${src.name} was not compiled"
}
println "docs-consumer: ${blocks} Java blocks of the README and docs/ compiled against swipe-bom"
return true

// The build compiled: check it compiled every ```java block of the README, none left out (a missing
// or stale src/main/java, e.g. when ReadmeConsumerSourcesTest did not run, fails here).
def readme = new File(basedir, '../../../../README.md')
assert readme.isFile() : "no README at ${readme}"
int blocks = (readme.text =~ /(?m)^```java$/).count
assert blocks > 3 : "the README has ${blocks} Java blocks"
def sources = new File(basedir, 'src/main/java').listFiles().findAll { it.name.endsWith('.java') }
assert sources.size() == blocks : "${sources.size()} sources for ${blocks} README blocks"
sources.each { src ->
  def compiled = new File(basedir, 'target/classes/' + src.name.replace('.java', '.class'))
  assert compiled.isFile() : "${src.name} was not compiled"
}
println "readme-consumer: ${blocks} README blocks compiled against swipe-bom"
return true

package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * swipe-bom hands a host the third-party versions swipe is built and tested with: every one it
 * names is the version on this module's resolved class path (or, for test-only libraries left off
 * it, a version the root pom sets), and every third-party library a published module depends on is
 * managed by it, so a new dependency cannot reach users unpinned. The module hosts under {@code
 * src/it/module-hosts} check the other side: what a host of each module actually resolves.
 */
class BomVersionsTest {

  private static final Path ROOT = DocSnippetsTest.repoRoot();

  /** Groups whose versions the BOM manages by importing the library's own BOM. */
  private static final Map<String, String> IMPORTED_BOMS =
      Map.of(
          "com.fasterxml.jackson:jackson-bom", "com.fasterxml.jackson.",
          "org.junit:junit-bom", "org.junit.");

  record Managed(String group, String artifact, String version, boolean imported) {
    String key() {
      return group + ":" + artifact;
    }
  }

  @Test
  void everyThirdPartyVersionTheBomNamesIsTheOneTheBuildUses() throws Exception {
    String classPath = Files.readString(Path.of(modulePathFile()));
    String rootPom = Files.readString(ROOT.resolve("pom.xml"));
    List<Managed> thirdParty = thirdParty();
    assertThat(thirdParty).extracting(Managed::key).contains("com.fasterxml.jackson:jackson-bom");
    for (Managed m : thirdParty) {
      if (m.key().equals("com.fasterxml.jackson:jackson-bom")) {
        assertThat(versionOnClassPath(classPath, "com.fasterxml.jackson.core", "jackson-databind"))
            .as("jackson-databind on the class path, against the BOM's jackson-bom")
            .contains(m.version());
        continue;
      }
      Optional<String> used = versionOnClassPath(classPath, m.group(), m.artifact());
      if (used.isPresent()) {
        assertThat(used).as(m.key() + " on swipe-it's class path").contains(m.version());
      } else {
        assertThat(rootPom)
            .as(m.key() + " is not on the class path; the root pom must set its version")
            .contains(">" + m.version() + "</");
      }
    }
  }

  @Test
  void everyThirdPartyLibraryOfAPublishedModuleIsManaged() throws Exception {
    List<Managed> managed = thirdParty();
    List<String> published =
        managedSwipeModules().stream().filter(a -> Files.isDirectory(ROOT.resolve(a))).toList();
    assertThat(published).contains("swipe-core", "swipe-langchain4j", "swipe-agent");
    List<String> unmanaged = new ArrayList<>();
    for (String module : published) {
      Document pom = parse(ROOT.resolve(module).resolve("pom.xml"));
      for (Element d : dependencies(pom.getDocumentElement())) {
        String group = text(d, "groupId");
        String scope = Optional.ofNullable(text(d, "scope")).orElse("compile");
        if (group.equals("dev.swipe") || scope.equals("test") || scope.equals("provided")) {
          continue;
        }
        String key = group + ":" + text(d, "artifactId");
        boolean covered =
            managed.stream()
                .anyMatch(
                    m ->
                        m.imported()
                            ? group.startsWith(IMPORTED_BOMS.getOrDefault(m.key(), "\0"))
                            : m.key().equals(key));
        if (!covered && !isOptionalRuntime(d)) {
          unmanaged.add(module + " -> " + key);
        }
      }
    }
    assertThat(unmanaged).as("third-party dependencies swipe-bom does not manage").isEmpty();
  }

  /** An optional runtime dependency (the agent jar's logging binding) never reaches a host. */
  private static boolean isOptionalRuntime(Element d) {
    return "true".equals(text(d, "optional"));
  }

  private static String modulePathFile() {
    String f = System.getProperty("swipe.it.modulePath");
    assertThat(f).as("swipe.it.modulePath, set by swipe-it's pom").isNotBlank();
    return f;
  }

  /** The version directory of {@code group:artifact}'s jar on a resolved path, if it is there. */
  static Optional<String> versionOnClassPath(String path, String group, String artifact) {
    Matcher m =
        Pattern.compile(
                Pattern.quote("/" + group.replace('.', '/') + "/" + artifact + "/")
                    + "([^/]+)/"
                    + Pattern.quote(artifact + "-"))
            .matcher(path);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  private static List<Managed> thirdParty() throws Exception {
    List<Managed> out = new ArrayList<>();
    for (Element d : managedDependencies()) {
      String group = text(d, "groupId");
      if (!group.equals("dev.swipe")) {
        out.add(
            new Managed(
                group,
                text(d, "artifactId"),
                text(d, "version"),
                "import".equals(text(d, "scope"))));
      }
    }
    return out;
  }

  private static List<String> managedSwipeModules() throws Exception {
    Map<String, Boolean> names = new LinkedHashMap<>();
    for (Element d : managedDependencies()) {
      if (text(d, "groupId").equals("dev.swipe")) {
        names.put(text(d, "artifactId"), true);
      }
    }
    return List.copyOf(names.keySet());
  }

  private static List<Element> managedDependencies() throws Exception {
    Element project = parse(ROOT.resolve("swipe-bom/pom.xml")).getDocumentElement();
    Element dm = child(project, "dependencyManagement");
    assertThat(dm).as("swipe-bom's dependencyManagement").isNotNull();
    return dependencies(dm);
  }

  private static List<Element> dependencies(Element parent) {
    Element deps = child(parent, "dependencies");
    List<Element> out = new ArrayList<>();
    if (deps == null) {
      return out;
    }
    NodeList list = deps.getChildNodes();
    for (int i = 0; i < list.getLength(); i++) {
      if (list.item(i) instanceof Element e && e.getTagName().equals("dependency")) {
        out.add(e);
      }
    }
    return out;
  }

  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  private static String text(Element parent, String name) {
    Element e = child(parent, name);
    return e == null ? null : e.getTextContent().strip();
  }

  private static Document parse(Path pom) throws IOException {
    try {
      return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    } catch (javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException e) {
      throw new IOException("cannot read " + pom, e);
    }
  }
}

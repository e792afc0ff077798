import Foundation
import SwiftParser
import SwiftSyntax
import TestSupport
import Testing

/// The module map of ARCHITECTURE.md, checked against every `import` in Sources/:
/// a module imports only the project modules below it, so peers meet in PrefsKit.
struct ArchitectureTests {
  /// Each project module and the project modules it may import. The executables and
  /// PrefsKit sit on top and may import any of them.
  static let allowedImports: [String: Set<String>] = [
    "TextWidth": [], "Parallel": [], "Localization": [], "Platform": [],
    "TextDiff": [],
    "Plist": ["CLibXML2", "TextWidth"],
    "SettingsSchema": ["Plist", "Localization", "Parallel"],
    "DefaultsStore": ["Plist", "Platform"],
    "SharedDefaults": ["DefaultsStore", "Plist", "Platform"],
    "TerminalUI": ["TextWidth", "Platform"],
    "SourceCheck": ["Parallel", "Plist"],
    "StringsWorkflow": ["Plist", "Localization", "SettingsSchema"],
    "CodeGeneration": ["Plist", "SettingsSchema", "Parallel"],
    "BundleDiff": ["Plist", "SettingsSchema", "Localization"],
    "ProjectConfiguration": ["Plist", "SettingsSchema", "Localization"],
    "KeyedArchive": ["Plist"],
    "BundleEdit": ["Plist", "Localization", "SettingsSchema", "Platform"],
    "SettingsRender": ["Plist", "Localization", "SettingsSchema", "TextWidth"],
    "HeadlessBrowser": ["Platform"],
    "SettingsForm": [
      "Plist", "SettingsSchema", "Localization", "DefaultsStore", "TerminalUI", "TextWidth",
      "KeyedArchive",
    ],
    "SettingsLint": [
      "Plist", "Localization", "SettingsSchema", "Parallel", "SourceCheck", "ProjectConfiguration",
    ],
  ]

  static let topLevel: Set<String> = [
    "PrefsKit", "prefs", "prefs-bench", "prefs-generate", "shared-defaults-bench",
  ]

  static var sourceModules: [String] {
    let sources = Paths.repository.appendingPathComponent("Sources")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }

  @Test func everyModuleIsPlacedOnTheMap() {
    let unplaced = Self.sourceModules.filter {
      $0 != "CLibXML2" && Self.allowedImports[$0] == nil && !Self.topLevel.contains($0)
    }
    #expect(unplaced.isEmpty, "add these modules to ARCHITECTURE.md and this map: \(unplaced)")
  }

  @Test(arguments: allowedImports.keys.sorted())
  func moduleImportsOnlyWhatIsBelowIt(module: String) throws {
    let projectModules = Set(Self.sourceModules)
    let allowed = Self.allowedImports[module] ?? []
    let folder = Paths.repository.appendingPathComponent("Sources/\(module)")
    var wrong: [String] = []
    for file in Paths.files(under: folder, extensions: ["swift"]) {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for imported in Self.importedModules(Parser.parse(source: text))
      where projectModules.contains(imported) && !allowed.contains(imported) {
        wrong.append("\(module)/\(file) imports \(imported)")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }

  @Test func importsAreReadFromTheSyntaxTreeWithAttributesAndAccess() {
    let tree = Parser.parse(source: "import Foundation\n@_spi(X) internal import SettingsLint\n")
    #expect(Self.importedModules(tree) == ["Foundation", "SettingsLint"])
  }

  static func importedModules(_ tree: SourceFileSyntax) -> [String] {
    final class Imports: SyntaxVisitor {
      var names: [String] = []
      override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.path.first { names.append(first.name.text) }
        return .skipChildren
      }
    }
    let visitor = Imports(viewMode: .sourceAccurate)
    visitor.walk(tree)
    return visitor.names
  }
}

/// The executable asks the process about itself in one file; everything else gets a
/// `PrefsEnvironment`, so a workflow runs in a test without changing the process.
struct ExecutableEnvironmentTests {
  static let processQueries: Set<String> = [
    "ProcessInfo", "currentDirectoryPath", "changeCurrentDirectoryPath", "isatty", "readLine",
    "getenv",
  ]
  static let environmentFile = "Support/ProcessEnvironment.swift"

  @Test func onlyTheEnvironmentFileQueriesTheProcess() throws {
    let folder = Paths.repository.appendingPathComponent("Sources/prefs")
    var found: [String] = []
    for file in Paths.files(under: folder, extensions: ["swift"]) where file != Self.environmentFile
    {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for name in Self.referencedNames(Parser.parse(source: text))
      where Self.processQueries.contains(name) {
        found.append("Sources/prefs/\(file) uses \(name)")
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test func namesAreReadFromTheSyntaxTreeNotFromComments() {
    let tree = Parser.parse(
      source: "// isatty here is a comment\nlet a = ProcessInfo.processInfo\nlet b = \"readLine\"\n"
    )
    #expect(Self.referencedNames(tree) == ["a", "ProcessInfo", "processInfo", "b"])
  }

  static func referencedNames(_ tree: SourceFileSyntax) -> [String] {
    tree.tokens(viewMode: .sourceAccurate).compactMap { token in
      if case .identifier(let name) = token.tokenKind { name } else { nil }
    }
  }
}

/// No test changes the process's working directory: tests run in parallel, and a
/// workflow takes its directory as a value.
struct TestWorkingDirectoryTests {
  @Test func noTestChangesTheWorkingDirectory() throws {
    let tests = Paths.repository.appendingPathComponent("Tests")
    var found: [String] = []
    for file in Paths.files(under: tests, extensions: ["swift"])
    where !file.hasPrefix("Fixtures/") && !file.hasSuffix("ArchitectureTests.swift") {
      let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
      let names = ExecutableEnvironmentTests.referencedNames(Parser.parse(source: text))
      if names.contains("changeCurrentDirectoryPath") || names.contains("chdir") {
        found.append("Tests/\(file)")
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}

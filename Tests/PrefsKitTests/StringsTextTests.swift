import Foundation
import PrefsKit
import TestSupport
import Testing

/// `StringsFrontEnd`'s status table and missing lines are what `prefs strings
/// status` and `prefs strings missing` print, byte for byte, through the
/// public API: a library user renders the coverage as the tool does.
struct StringsTextTests {
  static let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)

  /// Showcase has a source row (`en`); Flux's Greek.lproj is a folder no
  /// device selects ("never shown … rename it el.lproj").
  static let bundles = [
    "Examples/Showcase/Settings.bundle", "Examples/Conversor/Settings.bundle",
    "Tests/Fixtures/Unseen/sebastian__Flux/Settings.bundle",
  ]

  static func strings(_ bundle: String) throws -> StringsFrontEnd {
    try StringsFrontEnd(StringsOptions(bundle: bundle), environment: environment)
  }

  @Test(arguments: bundles)
  func theStatusTableIsTheCommands(bundle: String) throws {
    let run = PrefsBinary.run(["strings", "status", bundle])
    #expect(run.code == 0, "\(run.errors)")
    #expect(try Self.strings(bundle).statusText() == run.output)
  }

  @Test(arguments: bundles)
  func theMissingLinesAreTheCommands(bundle: String) throws {
    let strings = try Self.strings(bundle)
    #expect(strings.missingText() == PrefsBinary.run(["strings", "missing", bundle]).output)
    for language in strings.model.translatedLanguages {
      let run = PrefsBinary.run(["strings", "missing", bundle, "--lang", language])
      #expect(strings.missingText(in: language) == run.output, "\(language)")
    }
  }

  @Test func theTableSaysWhatIsSourceAndWhatNobodySees() throws {
    let showcase = try Self.strings(Self.bundles[0]).statusText().split(separator: "\n")
    #expect(showcase.first?.hasPrefix("language  page") == true)
    #expect(showcase.contains { $0.hasPrefix("en  ") && $0.hasSuffix("  source") })
    let flux = try Self.strings(Self.bundles[2]).statusText()
    #expect(flux.contains("never shown: no device selects Greek.lproj; rename it el.lproj\n"))
  }

  /// A folder's name reaches the table escaped, and the columns are measured
  /// on what is shown.
  @Test func aFolderNameWithAControlCharacterIsEscaped() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict><key>StringsTable</key><string>Root</string>
      <key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string></dict>
      </array></dict>
      </plist>
      """)
    try bundle.write("en.lproj/Root.strings", "\"Sound\" = \"Sound\";\n")
    try bundle.write("de\u{1B}[2J.lproj/Root.strings", "\"Other\" = \"Andere\";\n")
    let strings = try StringsFrontEnd(
      StringsOptions(bundle: bundle.path), environment: Self.environment)
    let text = strings.statusText() + strings.missingText()
    #expect(
      !text.unicodeScalars.contains { $0 != "\n" && $0.needsEscapingForTerminal }, "\(text)")
    let lines = strings.statusText().split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("de\\u{1B}[2J  Root.plist") }, "\(lines)")
    // Every row's page starts under the header's "page".
    let pageColumns = lines.map { line in
      (line.range(of: "Root.plist") ?? line.range(of: "page")).map {
        line.distance(from: line.startIndex, to: $0.lowerBound)
      }
    }
    #expect(Set(pageColumns) == [13], "\(lines)")
  }
}

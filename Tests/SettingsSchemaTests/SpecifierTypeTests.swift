import Foundation
import SettingsSchema
import TestSupport
import Testing

struct SpecifierTypeTests {
  /// Type names are spelled once, in SpecifierType.swift; everything else uses its
  /// constants or asks the schema. Generated files (the embedded schema data) and the
  /// lint rules' example bundles (XML inside Rules/) are the only other places.
  @Test func typeNamesAreSpelledOnlyInSpecifierType() throws {
    let sources = Paths.repository.appendingPathComponent("Sources")
    let pattern = /"(PS|IASK)[A-Za-z]*Specifier"/
    var offenders: [String] = []
    for path in Paths.files(under: sources, extensions: ["swift"])
    where !path.contains("/Generated/") && !path.contains("/Rules/")
      && !path.hasSuffix("/SpecifierType.swift")
    {
      let text = try String(
        contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where line.contains(pattern) {
        offenders.append(
          "Sources/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }

  /// The rules' code uses the constants too; only their example bundles spell names,
  /// inside the XML (`<string>PS…Specifier</string>`).
  @Test func rulesSpellTypeNamesOnlyInTheirExampleXML() throws {
    let rules = Paths.repository.appendingPathComponent("Sources/SettingsLint/Rules")
    let pattern = /"(PS|IASK)[A-Za-z]*Specifier"/
    var offenders: [String] = []
    for path in Paths.files(under: rules, extensions: ["swift"]) {
      let text = try String(contentsOf: rules.appendingPathComponent(path), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where line.contains(pattern) {
        offenders.append("Rules/\(path):\(number + 1)")
      }
    }
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }

  @Test func theWalkFindsALiteral() {
    #expect("x == \"PSSliderSpecifier\"".contains(/"(PS|IASK)[A-Za-z]*Specifier"/))
    #expect(!"<string>PSSliderSpecifier</string>".contains(/"(PS|IASK)[A-Za-z]*Specifier"/))
  }
}

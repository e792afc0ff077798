import Foundation
import SettingsSchema
import Testing

@testable import SettingsLint

/// What `prefs rules explain` says about translations is what the coverage
/// does: a string a rule's text calls the same in every language (not
/// reported, needing no translation) is asked of no language, and a number
/// named as the exception is asked where numbers are written otherwise.
struct RuleTextClaimsTests {
  /// Languages whose number marks differ from English's (de, pt-BR) and agree (ja, fr's
  /// grouping aside), so that a claim is checked against both kinds.
  static let languages = ["de", "pt-BR", "ja", "en", "fr"]

  /// The quoted strings of a text (`"0.25x"`), in order.
  static func quoted(_ text: Substring) -> [String] {
    text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  /// A clause that says its strings read the same everywhere.
  static func claimsNoTranslation(_ clause: Substring) -> Bool {
    (clause.contains("every language") && clause.contains("not reported"))
      || clause.contains("need no translation") || clause.contains("needs no translation")
  }

  @Test(arguments: RuleRegistry.all.map { $0.id })
  func stringsSaidToNeedNoTranslationNeedNone(_ id: String) throws {
    let rule = try #require(RuleRegistry.rule(id))
    let text = ([rule.summary, rule.rationale] + rule.lesserSeverities.map(\.when))
      .joined(separator: "; ")
    let policy = CoveragePolicy.standard
    for clause in text.split(separator: ";") where Self.claimsNoTranslation(clause) {
      let parts = clause.components(separatedBy: " except ")
      for string in Self.quoted(Substring(parts[0])) {
        for language in Self.languages {
          #expect(
            !policy.needsTranslation(string, in: language),
            "\(id): \"\(string)\" is said to read the same in every language, but \(language) is asked it"
          )
        }
      }
      for part in parts.dropFirst() {
        for string in Self.quoted(Substring(part)) where CoveragePolicy.isNumberWithMarks(string) {
          // The exception is asked where marks differ, and only there.
          #expect(policy.needsTranslation(string, in: "de"), "\(id): \"\(string)\" in de")
          #expect(!policy.needsTranslation(string, in: "ja"), "\(id): \"\(string)\" in ja")
        }
      }
    }
  }
}

import Foundation
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Lint's shortcuts for a bundle read several ways change no finding: a
/// reading made again from another takes its files, page documents and
/// tables (the same as read from disk), and a reading that differs only in
/// its device takes the other's findings of the rules that do not read the
/// device (the same as running every rule again).
struct ReusedReadingTests {
  /// Every bundle of the examples, the lint fixtures and (when present) the corpus.
  static let bundles: [String] = {
    let roots = [Paths.examples, Paths.fixtures]
    var found: [String] = []
    for root in roots {
      let enumerator = FileManager.default.enumerator(atPath: root.path)
      while let path = enumerator?.nextObject() as? String {
        guard path.hasSuffix(".bundle") else { continue }
        enumerator?.skipDescendants()
        let full = root.appendingPathComponent(path).path
        if (try? SettingsBundle.check(at: full)) != nil { found.append(full) }
      }
    }
    return found.sorted() + Paths.corpusBundles.map(\.path)
  }()

  static func linter(reusing: Bool) -> Linter {
    var linter = Linter(
      loadOptions: LoadOptions(keepsComments: false, keptComments: Linter.keptComments))
    linter.reusesFindings = reusing
    return linter
  }

  @Test func theBundlesAreThere() {
    #expect(Self.bundles.count > 50)
    if Paths.corpusIsRequired { #expect(Self.bundles.count >= 59 + 50) }
  }

  @Test(arguments: bundles)
  func findingsAreTheSameWithoutReuse(path: String) throws {
    let reused = try Self.linter(reusing: true).lint(bundleAt: path)
    let everyRule = try Self.linter(reusing: false).lint(bundleAt: path)
    #expect(reused.files == everyRule.files)
    #expect(reused.diagnostics == everyRule.diagnostics)
  }

  /// Each reading made again equals the same reading loaded from disk.
  @Test(arguments: bundles)
  func aReadingMadeAgainIsTheReadingFromDisk(path: String) throws {
    let base = try SettingsBundle.load(
      at: path, options: LoadOptions(keepsComments: false, includesUnreachedPages: true))
    for idiom in Idiom.allCases {
      for dialect in [Dialect.apple, .iask] {
        var options = LoadOptions(idiom: idiom, dialect: dialect, keepsComments: false)
        options.extraPages = base.unreachedFiles
        // A reader that finds no Root page (janevu/podchess under InAppSettingsKit, which
        // looks in en.lproj, not English.lproj) refuses the bundle from disk; made again
        // from another reading, it shows no page.
        let fresh: SettingsBundle
        do {
          fresh = try SettingsBundle.load(at: path, options: options)
        } catch {
          let again = try? SettingsBundle.load(at: path, options: options, readingAgain: base)
          #expect(again?.pages.isEmpty ?? true, "\(idiom) \(dialect)")
          continue
        }
        let again = try SettingsBundle.load(at: path, options: options, readingAgain: base)
        #expect(again.sharesFiles(with: base))
        #expect(!fresh.sharesFiles(with: base))
        #expect(again.files == fresh.files)
        #expect(again.unreachedFiles == fresh.unreachedFiles)
        #expect(again.searchOrder == fresh.searchOrder)
        #expect(again.problems == fresh.problems, "\(idiom) \(dialect)")
        #expect(again.pages.map(\.file) == fresh.pages.map(\.file))
        #expect(again.pages.map(\.name) == fresh.pages.map(\.name))
        #expect(again.pages.map(\.isReached) == fresh.pages.map(\.isReached))
        // A NaN default is not equal to itself: such values compare by what they print.
        let specifiers = (again.pages.map(\.specifiers), fresh.pages.map(\.specifiers))
        #expect(specifiers.0 == specifiers.1 || "\(specifiers.0)" == "\(specifiers.1)")
        let roots = (again.pages.map { $0.document?.root }, fresh.pages.map { $0.document?.root })
        #expect(roots.0 == roots.1 || "\(roots.0)" == "\(roots.1)")
        #expect(again.pages.map { $0.document?.issues } == fresh.pages.map { $0.document?.issues })
      }
    }
  }

  /// A rule that asks which elements the device shows says it reads the
  /// idiom, so that a reading for another device runs it again.
  @Test(arguments: RuleRegistry.ids)
  func aRuleThatReadsTheDeviceSaysSo(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id))
    let name = String(describing: rule)
    let file = Paths.repository.appendingPathComponent("Sources/SettingsLint/Rules/\(name).swift")
    let text = try String(contentsOf: file, encoding: .utf8)
    // An element's own idiom list (`.idioms`) is the same on every device; these are not.
    let reads = ["shownSpecifiers", "isShown(", "options.idiom"].contains {
      text.contains($0)
    }
    #expect(!reads || rule.readsIdiom, "\(name) reads the device but does not say readsIdiom")
  }
}

import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// Every real bundle of the shared corpus loads, in both dialects and on both idioms.
@Suite(.needsCorpus)
struct CorpusTests {
  static let bundles = Paths.corpusBundles.map(\.path)

  @Test func theCorpusIsThere() {
    #expect(Self.bundles.count >= 59)
  }

  @Test(arguments: bundles)
  func everyBundleLoads(path: String) throws {
    for dialect in Dialect.allCases {
      for idiom in Idiom.allCases {
        let bundle = try SettingsBundle.load(
          at: path, options: LoadOptions(idiom: idiom, dialect: dialect))
        #expect(!bundle.pages.isEmpty)
        #expect(bundle.pages.first?.name == "Root")
        #expect(Set(bundle.pages.map(\.file)).count == bundle.pages.count, "each page once")
      }
    }
  }

  @Test func readProblemsOnlyWhereFoundationAlsoFails() throws {
    var troubled: [String] = []
    for path in Self.bundles {
      let bundle = try SettingsBundle.load(at: path)
      for problem in bundle.problems
      where problem.issue.severity == .error && problem.issue.kind != .unsafeMarkup {
        troubled.append(
          URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent + "/"
            + problem.file)
      }
    }
    // Exactly the files Foundation rejects too.
    #expect(
      troubled.sorted() == [
        "BelledonneCommunications__linphone-iphone__inappsettings/en.lproj/Chat.strings",
        "UberGames__iPokedex/en.lproj/Root.strings",
        "akinsella__xebia-ios/SDURLCache.plist",
        "dglancy__Driveline/en-GB.lproj/Root.strings",
        "dglancy__Driveline/en.lproj/Root.strings",
      ])
  }
}

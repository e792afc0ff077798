import BundleEdit
import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// The lines of `after` are those of `before` with some taken out: the ones taken out.
func linesTakenOut(before: [String], after: [String]) -> [String]? {
  var removed: [String] = []
  var index = 0
  for line in before {
    if index < after.count, after[index] == line {
      index += 1
    } else {
      removed.append(line)
    }
  }
  return index == after.count ? removed : nil
}

@Suite struct DebugStrippingTests {
  static let linphone = Paths.corpus.appendingPathComponent(
    "BelledonneCommunications__linphone-iphone__inappsettings/Settings.bundle"
  ).path
  static let ccip = Paths.corpus.appendingPathComponent("CCIP-App__CCIP-iOS/Settings.bundle").path
  static func has(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  /// linphone-iphone's Root.plist ends with a "Development debug actions" group
  /// (its French table says "dev uniquement"): marking the group's Key takes
  /// its five rows with it, and, read as InAppSettingsKit reads it (the app's
  /// reader, which shows its buttons), the six texts leave every table (UTF-16 kept).
  @Test(.enabled(if: has(linphone), "the corpus bundle linphone-iphone__inappsettings is absent"))
  func aDebugOnlyGroupGoesWithItsRowsAndTheirTranslations() throws {
    let readings = try TestReadings.of(Self.linphone, dialect: .iask)
    let stripping = try DebugStripping.plan(
      readings: readings, keys: ["debug_actions_group"], pages: [])
    let texts = [
      "Development debug actions", "Release core", "Clear cache", "Battery alert",
      "Flush downloaded images", "Auto answer call immediately",
    ]
    let rootRemovals = stripping.removals.filter { $0.file == "Root.plist" }
    #expect(rootRemovals.count == 6)
    #expect(
      rootRemovals.first?.kind
        == .element(keyPath: "PreferenceSpecifiers[18]", key: "debug_actions_group"))
    #expect(stripping.removedFiles.isEmpty)
    #expect(stripping.unmatchedKeys.isEmpty)
    let root = try #require(stripping.files["Root.plist"])
    let read = try #require(foundationReading(root) as? [String: Any])
    let keys = (read["PreferenceSpecifiers"] as? [[String: Any]] ?? []).compactMap {
      $0["Key"] as? String
    }
    #expect(!keys.contains("release_button") && !keys.contains("debug_actions_group"))
    let french = try #require(stripping.files["fr.lproj/Root.strings"])
    #expect(french.starts(with: [0xFF, 0xFE]))
    let before = try #require(
      textLines(
        Array(try Data(contentsOf: URL(fileURLWithPath: Self.linphone + "/fr.lproj/Root.strings"))))
    )
    let after = try #require(textLines(french))
    let removed = try #require(linesTakenOut(before: before, after: after))
    #expect(removed.count == 6)
    for line in removed {
      #expect(texts.contains { line.hasPrefix("\"\($0)\"") }, "an unrelated line went: \(line)")
    }
    let table = try #require(foundationReading(french) as? [String: String])
    #expect(texts.allSatisfy { table[$0] == nil })
  }

  /// CCIP-iOS opens an "AppFlags" page of build flags from Root.plist: the page,
  /// the child pane and the pane's title in both UTF-16 tables go.
  @Test(.enabled(if: has(ccip), "the corpus bundle CCIP-App__CCIP-iOS is absent"))
  func aDebugOnlyPageGoesWithItsChildPaneAndTitle() throws {
    let readings = try TestReadings.of(Self.ccip)
    let stripping = try DebugStripping.plan(readings: readings, keys: [], pages: ["AppFlags"])
    #expect(stripping.removedFiles == ["AppFlags.plist"])
    #expect(
      stripping.removals == [
        .init(file: "AppFlags.plist", line: nil, kind: .page),
        .init(
          file: "Root.plist", line: 17,
          kind: .childPane(keyPath: "PreferenceSpecifiers[1]", page: "AppFlags")),
        .init(file: "en.lproj/Root.strings", line: 4, kind: .tableEntry(key: "AppFlags")),
        .init(file: "zh-Hant.lproj/Root.strings", line: 4, kind: .tableEntry(key: "AppFlags")),
      ])
    var options = LoadOptions()
    options.replacedFiles = stripping.files
    let stripped = try SettingsBundle.load(at: Self.ccip, options: options)
    #expect(stripped.pages.map(\.file) == ["Root.plist"])
    #expect(stripped.pages[0].specifiers.count == 3)
  }

  /// Every child page of every corpus bundle, marked debug-only: every file
  /// written reads in Foundation, and no reading of the stripped bundle
  /// reaches a page that went or keeps a child pane to one.
  @Test(
    .enabled(if: !Paths.corpusBundles.isEmpty, "the corpus at ../shared/corpus is absent"),
    arguments: Paths.corpusBundles.map(\.path))
  func strippingAChildPageLeavesABundleThatReadsWithoutIt(bundle: String) throws {
    let readings = try TestReadings.of(bundle)
    let children = Set(
      readings.flatMap {
        $0.pages.filter(\.isReached).dropFirst().map { Page.name(ofFile: $0.file) }
      })
    for name in children.sorted().prefix(3) {
      let stripping = try DebugStripping.plan(readings: readings, keys: [], pages: [name])
      for (file, bytes) in stripping.files {
        #expect(foundationReading(bytes) != nil, "\(bundle)/\(file): Foundation does not read it")
      }
      var options = LoadOptions()
      options.replacedFiles = stripping.files
      let stripped = try SettingsBundle.load(at: bundle, options: options)
      let gone = Set(stripping.removedFiles)
      for page in stripped.pages where page.isReached {
        #expect(!gone.contains(page.file), "\(bundle): \(page.file) is still reached")
        for specifier in page.specifiers {
          if let child = specifier.childPage {
            #expect(!gone.contains(child), "\(bundle)/\(page.file): a pane still opens \(child)")
          }
        }
      }
    }
  }
}

import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

@testable import BundleDiff

/// Removing a row the app draws (InAppSettingsKit's IASKCustomViewSpecifier,
/// schema flag `drawnByApp`) orphans no value a person stored through the
/// settings screen: InAppSettingsKit hands the row to the app's delegate and
/// stores nothing under its Key itself (IASKAppSettingsViewController
/// `didSelectRowAtIndexPath:` calls `didSelectCustomViewSpecifier:`). Real
/// history: Psiphon-Inc/psiphon-ios-vpn 0cfca415 "Removed PsiCash from settings"
/// removes four such buttons (was: four breaking key-removed, tester F7).
struct AppDrawnRowRemovalTests {
  static func history(_ name: String) throws -> (old: BundleSnapshot, new: BundleSnapshot) {
    let folder = Paths.fixtures.appendingPathComponent("Diff/History/\(name)")
    func read(_ side: String) throws -> BundleSnapshot {
      let path = folder.appendingPathComponent("\(side)/Settings.bundle").path
      return BundleSnapshot(
        bundles: try Idiom.allCases.map {
          try SettingsBundle.load(
            at: path, options: LoadOptions(idiom: $0, dialect: .iask, keepsComments: false))
        })
    }
    return (try read("old"), try read("new"))
  }

  @Test func removingAppDrawnRowsIsNotBreaking() throws {
    let pair = try Self.history("psiphon-psicash-rows-removed")
    let removed = BundleDiff.compare(old: pair.old, new: pair.new).filter { $0.kind == .keyRemoved }
    #expect(
      Set(removed.compactMap(\.key)) == [
        "settingsPsiCash", "settingsLoginPsiCashAccount", "settingsManagePsiCashAccount",
        "settingsLogOutPsiCashAccount",
      ])
    for change in removed {
      #expect(change.severity == .cosmetic, "\(change.message)")
      #expect(!change.message.contains("orphaned"), "\(change.message)")
      #expect(change.message.contains("the app draws that row"), "\(change.message)")
    }
  }

  /// A registered default stops being read when its row goes: behaviour, said
  /// with the default; a row that stores a person's value stays breaking.
  @Test(arguments: [
    (
      "IASKCustomViewSpecifier", "<key>DefaultValue</key><string>Sí</string>",
      ChangeSeverity.behaviour
    ),
    ("IASKCustomViewSpecifier", "", .cosmetic),
    ("PSTextFieldSpecifier", "", .breaking),
  ])
  func aRemovalIsJudgedByWhatIsStored(type: String, defaultEntry: String, severity: ChangeSeverity)
    throws
  {
    func page(_ elements: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Compte</string></dict>
      \(elements)
      </array></dict></plist>
      """
    }
    let row = """
      <dict><key>Type</key><string>\(type)</string><key>Key</key><string>compte</string>
      <key>Title</key><string>Compte</string>\(defaultEntry)</dict>
      """
    let old = try TemporaryBundle()
    let new = try TemporaryBundle()
    defer {
      old.remove()
      new.remove()
    }
    try old.write("Root.inApp.plist", page(row))
    try new.write("Root.inApp.plist", page(""))
    func snapshot(_ bundle: TemporaryBundle) throws -> BundleSnapshot {
      BundleSnapshot(bundles: [
        try SettingsBundle.load(
          at: bundle.path, options: LoadOptions(dialect: .iask, keepsComments: false))
      ])
    }
    let changes = BundleDiff.compare(old: try snapshot(old), new: try snapshot(new))
    let removal = try #require(changes.first { $0.kind == .keyRemoved })
    #expect(removal.severity == severity, "\(removal.message)")
    if severity == .behaviour { #expect(removal.message.contains("\"Sí\""), "\(removal.message)") }
  }
}

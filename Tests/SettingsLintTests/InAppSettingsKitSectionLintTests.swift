import Foundation
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Lint agrees with what InAppSettingsKit shows (futuretap/InAppSettingsKit
/// 846b620): a list group's section holds only its items (IASKSettingsReader's
/// `numberOfRowsInSection:`), and a custom view with File opens that page
/// (IASKAppSettingsViewController's `didSelectRowAtIndexPath:`), so the page is
/// reached (tester F14: was "no child pane opens this page").
struct InAppSettingsKitSectionLintTests {
  static func lint(_ files: [String: String]) throws -> [Diagnostic] {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    for (file, text) in files { try folder.write(file, text) }
    var options = LoadOptions(keepsComments: false)
    options.dialect = .iask
    options.followsBundleReader = false
    let linter = Linter(loadOptions: options, idioms: nil, dialects: [.iask])
    return try linter.lint(bundleAt: folder.path).diagnostics
  }

  static func page(_ elements: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Général</string></dict>
    \(elements)
    </array></dict></plist>
    """
  }

  static let listGroup = """
    <dict><key>Type</key><string>IASKListGroupSpecifier</string><key>Title</key><string>Tags</string>
    <key>Key</key><string>tags</string>
    <key>ItemSpecifier</key><dict><key>Type</key><string>PSTextFieldSpecifier</string></dict></dict>
    """
  static let toggle = """
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sounds</string>
    <key>Key</key><string>sounds</string><key>DefaultValue</key><true/></dict>
    """

  @Test func aRowAfterAListGroupIsNeverShown() throws {
    let findings = try Self.lint(["Root.inApp.plist": Self.page(Self.listGroup + Self.toggle)])
      .filter { $0.rule == "radio-group-absorbs" }
    #expect(findings.count == 1, "\(findings)")
    #expect(
      findings.first?.message.contains("IASKListGroupSpecifier above shows only its items") == true,
      "\(findings)")
    let grouped = try Self.lint([
      "Root.inApp.plist": Self.page(
        Self.listGroup + "<dict><key>Type</key><string>PSGroupSpecifier</string></dict>"
          + Self.toggle)
    ])
    #expect(!grouped.contains { $0.rule == "radio-group-absorbs" }, "\(grouped)")
  }

  @Test func thePageACustomViewOpensIsReached() throws {
    let findings = try Self.lint([
      "Root.inApp.plist": Self.page(
        """
        <dict><key>Type</key><string>IASKCustomViewSpecifier</string><key>Title</key><string>Compte</string>
        <key>Key</key><string>account</string><key>File</key><string>Sub</string></dict>
        <dict><key>Type</key><string>IASKCustomViewSpecifier</string><key>Title</key><string>Aide</string>
        <key>Key</key><string>help</string><key>File</key><string>Missing</string></dict>
        """),
      "Sub.plist": Self.page(Self.toggle),
    ])
    #expect(!findings.contains { $0.rule == "unreachable-page" }, "\(findings)")
    #expect(
      findings.contains { $0.rule == "child-pane-missing" && $0.message.contains("Missing.plist") },
      "\(findings)")
  }
}

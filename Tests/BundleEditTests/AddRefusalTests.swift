import BundleEdit
import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// `add` refuses a new element lint would call an error (issue 29, H-e):
/// nothing is planned, so nothing is written.
struct AddRefusalTests {
  struct Refused: Sendable, CustomTestStringConvertible {
    var attributes: [String]
    var testDescription: String { attributes.joined(separator: " ") }
  }

  @Test(arguments: [
    // Titles (or ShortTitles) and Values of different counts (values-titles-count).
    Refused(attributes: [
      "Type=PSMultiValueSpecifier", "Key=mv2", "Title=MV", "Values=0", "Values=1", "Titles=Zero",
      "DefaultValue=1",
    ]),
    Refused(attributes: [
      "Type=PSMultiValueSpecifier", "Key=mv3", "Title=MV", "Values=0", "Titles=Zero",
      "Titles=One", "DefaultValue=0",
    ]),
    Refused(attributes: [
      "Type=PSMultiValueSpecifier", "Key=mv4", "Title=MV", "Values=0", "Titles=Zero",
      "ShortTitles=Z", "ShortTitles=O", "DefaultValue=0",
    ]),
    // A File out of the bundle (child-pane-path).
    Refused(attributes: ["Type=PSChildPaneSpecifier", "Title=Evil", "File=../../../etc/passwd"]),
    Refused(attributes: ["Type=PSChildPaneSpecifier", "Title=Evil", "File=/etc/passwd"]),
    // A Key another element has (duplicate-key), on this page or another.
    Refused(attributes: [
      "Type=PSToggleSwitchSpecifier", "Key=name_preference", "Title=dup", "DefaultValue=YES",
    ]),
    Refused(attributes: [
      "Type=PSToggleSwitchSpecifier", "Key=dark_mode_preference", "Title=dup",
      "DefaultValue=YES",
    ]),
  ])
  func addRefusesWhatLintCallsAnError(_ refused: Refused) throws {
    let bundle = try BundleEditorTests.showcase()
    defer { bundle.remove() }
    #expect(throws: BundleEditError.self) {
      try BundleEditorTests.editor(bundle).add(
        after: "name_preference", attributes: refused.attributes)
    }
  }

  /// The same elements, made right, are added.
  @Test func addTakesTheElementsMadeRight() throws {
    let bundle = try BundleEditorTests.showcase()
    defer { bundle.remove() }
    let editor = try BundleEditorTests.editor(bundle)
    for attributes in [
      [
        "Type=PSMultiValueSpecifier", "Key=mv2", "Title=MV", "Values=0", "Values=1",
        "Titles=Zero", "Titles=One", "DefaultValue=1",
      ],
      ["Type=PSChildPaneSpecifier", "Title=More", "File=Advanced"],
      ["Type=PSToggleSwitchSpecifier", "Key=fresh", "Title=Fresh", "DefaultValue=YES"],
    ] {
      #expect(!(try editor.add(after: "name_preference", attributes: attributes).isUnchanged))
    }
    let refusal = try #require(throws: BundleEditError.self) {
      try editor.add(
        after: "name_preference",
        attributes: [
          "Type=PSToggleSwitchSpecifier", "Key=pin_preference", "Title=T", "DefaultValue=NO",
        ])
    }
    guard case .keyInUse("pin_preference", let elements) = refusal else {
      Issue.record("\(refusal)")
      return
    }
    #expect(elements.map(\.place.file) == ["Root.plist"])
  }
}

import Plist
import SettingsSchema

enum RadioGroupAbsorbs: LintRule {
  static let summary = "An element right after a radio group's options, without a group of its own."
  static let rationale = """
    A radio group is a section of its own. Elements after it, until the next group, are \
    drawn in that section below the options, and the radio group's footer moves below \
    them. Apple's advice is to start a new group right after a radio group. \
    InAppSettingsKit gives a radio group's section one row per value and no more \
    (IASKSettingsReader's numberOfRowsInSection:): there the elements after it are never \
    shown, and a setting among them cannot be changed in the app.
    """
  static let defaultSeverity = Severity.warning
  static let readsIdiom = true
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSRadioGroupSpecifier</string>
        <key>Key</key>
        <string>theme</string>
        <key>DefaultValue</key>
        <string>light</string>
        <key>Values</key>
        <array>
          <string>light</string>
          <string>dark</string>
        </array>
        <key>Titles</key>
        <array>
          <string>Light</string>
          <string>Dark</string>
        </array>
      </dict>
      \(StringsExamples.toggle)
      """, table: nil)
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSRadioGroupSpecifier</string>
        <key>Key</key>
        <string>theme</string>
        <key>DefaultValue</key>
        <string>light</string>
        <key>Values</key>
        <array>
          <string>light</string>
          <string>dark</string>
        </array>
        <key>Titles</key>
        <array>
          <string>Light</string>
          <string>Dark</string>
        </array>
      </dict>
      <dict>
        <key>Type</key>
        <string>PSGroupSpecifier</string>
      </dict>
      \(StringsExamples.toggle)
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for page in context.bundle.pages {
      let shown = context.shownSpecifiers(on: page)
      for (previous, specifier) in zip(shown, shown.dropFirst())
      where !context.startsSection(specifier)
        && (previous.type == .radioGroup || context.catalog.sectionHoldsOnlyOptions(previous.type))
      {
        // The section of the radio group is the one the rows after it join, up to the next group.
        let hidden = context.catalog.sectionHoldsOnlyOptions(previous.type)
        // InAppSettingsKit's list group shows the items of its stored array, and its add row.
        let above =
          previous.type == .radioGroup
          ? "the radio group above shows only its options"
          : "the \(previous.type ?? "section") above shows only its items"
        report.add(
          hidden
            ? "InAppSettingsKit never shows this \(specifier.type ?? "element") nor the rest of its section: \(above); start a group before it"
            : "this \(specifier.type ?? "element") is drawn inside the radio group above, below its options; start a group before it",
          file: page.file, place: context.place(specifier, .type, on: page),
          keyPath: specifier.keyPath)
      }
    }
  }
}

import Plist
import SettingsSchema

enum UnknownKey: LintRule {
  static let summary =
    "A key that the element's type (or the page) does not take, often a misspelling or an Xcode display name."
  static let rationale = """
    Settings.app ignores keys it does not know, silently: AutoCapitalizationType (capital C), \
    Footer or FooterTitle for FooterText, or Xcode's display names (Identifier, Default Value) \
    written as raw keys all leave the setting without what the author meant. On a licence \
    page (text for people, often generated) a key that is no misspelling of one the type \
    takes changes nothing shown and is not reported; nor is one on a row the app draws itself \
    (InAppSettingsKit's IASKCustomViewSpecifier: its delegate's cell may read any key).
    """
  static let defaultSeverity = Severity.warning
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.note, "the key is InAppSettingsKit's, read by Settings.app")
  ]
  static let options = [
    RuleOption(
      "allowed-keys", .listByType,
      summary:
        "Keys a team adds on purpose (read by its own code): a list for every element and page, or lists by specifier type.",
      example: "allowed-keys: { PSToggleSwitchSpecifier: [Platform], PSGroupSpecifier: [Tag] }")
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Title</key>
        <string>Name</string>
        <key>Key</key>
        <string>name</string>
        <key>AutoCapitalizationType</key>
        <string>Words</string>
      </dict>
      """, table: nil),
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSGroupSpecifier</string>
        <key>Footer</key>
        <string>Shown below the section.</string>
      </dict>
      """, table: nil),
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Title</key>
        <string>Name</string>
        <key>Key</key>
        <string>name</string>
        <key>AutocapitalizationType</key>
        <string>Words</string>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let catalog = context.catalog
    let options = context.options(of: self)
    let allowedEverywhere = Set(options.list("allowed-keys"))
    for page in context.bundle.pages {
      if let entries = page.document?.root.entries {
        for entry in entries
        where catalog.pageKeys[entry.key] == nil && !allowedEverywhere.contains(entry.key) {
          report.add(
            message(for: entry.key, known: catalog.pageKeys.keys, catalog: catalog, on: "the page"),
            file: page.file, place: page.place(ofKey: entry, keyPath: entry.key),
            severity: severity(of: entry.key, catalog: catalog))
        }
      }
      for specifier in page.specifiers {
        guard let type = specifier.type, let spec = catalog.types[type],
          let entries = specifier.node.entries
        else { continue }
        // Asked only for keys the schema does not know: few, and the lists are short.
        // CocoaPods names each pod's licence (`License`) on its group: text for people.
        let isLicence = context.licencePages.contains(page.file)
        for entry in entries
        where spec.keys[entry.key] == nil && catalog.commonKeys[entry.key] == nil
          && !options.list("allowed-keys", for: type).contains(entry.key)
          && !(isLicence && entry.key == "License")
        {
          let known = Array(spec.keys.keys) + Array(catalog.commonKeys.keys)
          let text = message(for: entry.key, known: known, catalog: catalog, on: type.rawValue)
          // A licence page is text for people, often generated: a key of its own
          // (stephandev/IBC's DoNotLocalize on each of 37 groups) changes nothing
          // shown. A misspelt key that would show something (FooterTxt) still counts.
          if isLicence, !text.contains("did you mean") { continue }
          // The app draws the row from the specifier (Psiphon's custom rows read
          // KeyboardType, IsSecure, IASKPlaceholder): a key of its own is the app's.
          if spec.isDrawnByApp, !text.contains("did you mean") { continue }
          // One key a build step or the app adds to many elements is one cause in text output.
          let cause = FindingCause(
            id: page.file + "\u{0}" + entry.key, item: type.rawValue,
            template:
              "{count} elements of the page (\(type.rawValue) first) do not take the key \(MessageText.quoted(entry.key)); it is ignored"
          )
          report.add(
            text, file: page.file,
            place: page.place(ofKey: entry, keyPath: specifier.keyPath + "." + entry.key),
            keyPath: specifier.keyPath, severity: severity(of: entry.key, catalog: catalog),
            cause: text.contains("did you mean") ? nil : cause)
        }
      }
    }
  }

  static func message(
    for key: String, known: some Collection<String>, catalog: SchemaCatalog, on owner: String
  ) -> String {
    var text = "\(owner) does not take the key \(MessageText.quoted(key)); it is ignored"
    if let raw = catalog.displayNames[key], known.contains(raw) {
      text += "; did you mean \(raw)?"
    } else if let suggestion = Suggestion.closest(to: key, among: known) {
      text += "; did you mean \(suggestion)?"
    }
    return text
  }

  /// InAppSettingsKit's keys are meant for the app, not a mistake, in a bundle linted for Settings.app.
  static func severity(of key: String, catalog: SchemaCatalog) -> Severity {
    catalog.dialect == .apple && key.hasPrefix("IASK") ? .note : defaultSeverity
  }
}

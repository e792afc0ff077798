import Plist
import SettingsSchema

enum ValueType: LintRule {
  static let summary =
    "A key whose value has the wrong plist type (IsSecure as a string, Titles holding numbers)."
  static let rationale = """
    Settings.app reads each key as the type the schema gives it. A boolean written as the \
    string YES, a StringsTable that is a number, or an array where a string belongs is \
    ignored, so the row shows its default behaviour instead of what was written.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (
      .warning,
      "DefaultValue has another type than the control writes, or a localizable list holds a non-string"
    )
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Title</key>
        <string>Password</string>
        <key>Key</key>
        <string>password</string>
        <key>IsSecure</key>
        <string>YES</string>
      </dict>
      """, table: nil)
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Title</key>
        <string>Password</string>
        <key>Key</key>
        <string>password</string>
        <key>IsSecure</key>
        <true/>
      </dict>
      """, table: nil)
  ]

  /// Keys whose types other rules explain better.
  static let checkedElsewhere: [ValueRule: Set<String>] = [
    .range: ["DefaultValue", "MinimumValue", "MaximumValue"]
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let catalog = context.catalog
    for page in context.bundle.pages {
      if let entries = page.document?.root.entries {
        for entry in entries {
          guard let spec = catalog.pageKeys[entry.key],
            entry.key != "PreferenceSpecifiers"
          else { continue }
          check(
            entry.value, spec: spec, name: entry.key, keyPath: entry.key, page: page,
            catalog: catalog, &report)
        }
      }
      for specifier in page.specifiers {
        guard let type = specifier.type, let typeSpec = catalog.types[type],
          let entries = specifier.node.entries
        else { continue }
        for entry in entries where entry.key != "Type" {
          guard let spec = catalog.key(entry.key, ofType: type),
            typeSpec.valueRule.flatMap({ checkedElsewhere[$0] })?.contains(entry.key) != true
          else { continue }
          check(
            entry.value, spec: spec, name: entry.key, keyPath: specifier.keyPath + "." + entry.key,
            element: specifier.key ?? specifier.title ?? specifier.keyPath, page: page,
            catalog: catalog, &report)
        }
      }
    }
  }

  static func check(
    _ node: PlistNode, spec: KeySpec, name: String, keyPath: String, element: String? = nil,
    page: Page, catalog: SchemaCatalog, _ report: inout RuleReport
  ) {
    guard catalog.accepts(node, as: spec.type) else {
      // One key written as one wrong type on many elements of a page is one cause
      // (a key of the page itself is one of its own).
      let wrong = "\(name) should be \(describe(spec.type)), not \(node.typeNameWithArticle)"
      let shared = element == nil ? keyPath + "\u{0}page" : name
      let element = element ?? name
      // A DefaultValue of another type still shows, as its description; it is stored as written.
      if name == "DefaultValue" {
        report.add(
          "DefaultValue should be \(describe(spec.type)), not \(describe(node)); the app reads back another type than the control writes",
          file: page.file, place: page.place(of: node, keyPath: keyPath), keyPath: keyPath,
          severity: .warning,
          cause: cause(
            page.file, shared, spec.type, node, item: element,
            template:
              "\(wrong), on {count} elements of the page ({items}); the app reads back another type than the control writes"
          ))
      } else {
        report.add(
          "\(name) should be \(describe(spec.type)), not \(describe(node)); it is ignored",
          file: page.file, place: page.place(of: node, keyPath: keyPath), keyPath: keyPath,
          cause: cause(
            page.file, shared, spec.type, node, item: element,
            template: "\(wrong), on {count} elements of the page ({items}); it is ignored"))
      }
      return
    }
    guard let kind = spec.elements, let items = node.array else { return }
    for (index, item) in items.enumerated() where !kind.accepts(item) {
      // Settings.app's handling of non-string titles is undocumented: a warning, not an error.
      let severity: Severity = spec.localizable ? .warning : .error
      // Psiphon's fork writes each of 41 Titles as a dictionary: one cause, one line in text.
      report.add(
        "\(name)[\(index)] should be \(describe(kind)), not \(describe(item))",
        file: page.file, place: page.place(of: item, keyPath: "\(keyPath)[\(index)]"),
        keyPath: keyPath, severity: severity,
        cause: cause(
          page.file, keyPath, kind, item, item: "\(name)[\(index)]",
          template:
            "{count} entries of \(name) should be \(describe(kind)), not \(item.typeNameWithArticle) ({items})"
        ))
    }
  }

  /// What the findings of one wrong type written for one key share: on one
  /// page (`name` a key of its elements, `item` the element's Key or Title),
  /// or in one list (`name` its key path, `item` the entry).
  static func cause(
    _ file: String, _ name: String, _ expected: ValueKind, _ found: PlistNode, item: String,
    template: String
  ) -> FindingCause {
    FindingCause(
      id: [file, name, expected.phrase, found.typeName].joined(separator: "\u{0}"), item: item,
      template: template)
  }

  static func describe(_ kind: ValueKind) -> String { kind.phrase }

  static func describe(_ node: PlistNode) -> String {
    switch node.content {
    case .array, .dictionary: "\(node.shortDescription)"
    default: "the \(node.typeName) \(node.shortDescription)"
    }
  }
}

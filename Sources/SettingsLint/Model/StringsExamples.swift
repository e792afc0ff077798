/// Bundles shared by the examples of the translation rules.
enum StringsExamples {
  static let toggle = """
    <dict>
      <key>Type</key>
      <string>PSToggleSwitchSpecifier</string>
      <key>Title</key>
      <string>Enabled</string>
      <key>Key</key>
      <string>enabled</string>
      <key>DefaultValue</key>
      <true/>
    </dict>
    """

  /// A localized Root page with an English and a German table.
  static func bundle(english: String, german: String, extra: [(path: String, text: String)] = [])
    -> RuleExample
  {
    RuleExample.root(
      toggle,
      files: [("en.lproj/Root.strings", english), ("de.lproj/Root.strings", german)] + extra)
  }

  static let translated = bundle(
    english: "\"Enabled\" = \"Enabled\";\n", german: "\"Enabled\" = \"Aktiviert\";\n")
}

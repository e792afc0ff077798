import Plist
import SettingsSchema

enum ToggleValues: LintRule {
  static let summary =
    "A toggle whose TrueValue, FalseValue and DefaultValue do not fit together."
  static let rationale = """
    A toggle shows ON when the stored value equals TrueValue (true when there is none). \
    With only one of TrueValue and FalseValue, the other state stores a boolean the app \
    does not expect; equal values make the switch unable to show OFF; a DefaultValue that \
    matches neither shows OFF in Settings.app whatever was meant. InAppSettingsKit reads \
    any other value by its boolValue (its defaultBoolValue): the string YES, or <true/> \
    beside a TrueValue of "1", shows ON there, and lint says so per dialect; prefs edit \
    draws the switch the same way.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "the switch works but shows or stores another state than meant"),
    (
      .note, "a DefaultValue written as text (\"false\") that every reader shows and reads as meant"
    ),
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Sync</string>
        <key>Key</key>
        <string>sync</string>
        <key>DefaultValue</key>
        <string>on</string>
        <key>TrueValue</key>
        <string>yes</string>
      </dict>
      """, table: nil),
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Sync</string>
        <key>Key</key>
        <string>sync</string>
        <key>DefaultValue</key>
        <string>yes</string>
        <key>TrueValue</key>
        <string>yes</string>
        <key>FalseValue</key>
        <string>yes</string>
      </dict>
      """, table: nil),
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Sync</string>
        <key>Key</key>
        <string>sync</string>
        <key>DefaultValue</key>
        <string>yes</string>
        <key>TrueValue</key>
        <string>yes</string>
        <key>FalseValue</key>
        <string>no</string>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for page in context.bundle.pages {
      for specifier in page.specifiers
      where context.catalog.spec(of: specifier.type)?.valueRule == .toggle {
        check(specifier, on: page, context, &report)
      }
    }
  }

  /// The state a boolean or a string plainly names (<true/>, "YES", "off"); nil for any other value.
  static func meantState(of node: PlistNode) -> Bool? {
    if case .bool(let flag) = node.content { return flag }
    guard let text = node.string?.lowercased() else { return nil }
    if ["yes", "true", "on", "1"].contains(text) { return true }
    if ["no", "false", "off", "0"].contains(text) { return false }
    return nil
  }

  /// How the dialect's reader draws a toggle storing booleans for a DefaultValue
  /// that is no boolean: Settings.app compares it with `<true/>` (`isEqual:`),
  /// InAppSettingsKit's `defaultBoolValue` asks its `boolValue` (a string is
  /// true when it starts with Y, y, T, t or a digit 1 to 9).
  static func howShown(_ defaultValue: PlistNode, dialect: Dialect) -> String {
    switch dialect {
    case .apple:
      "Settings.app shows the switch OFF: it shows ON only for <true/>"
    case .iask:
      "InAppSettingsKit shows the switch "
        + (SpecifierValue.boolValue(of: defaultValue.value) ? "ON" : "OFF")
        + ": it reads the value by its boolValue"
    }
  }

  /// " (the name of the key TrueValue, not a value)" for a DefaultValue that names a key.
  static func keyNameHint(_ defaultValue: PlistNode) -> String {
    guard let text = defaultValue.string, ["TrueValue", "FalseValue"].contains(text) else {
      return ""
    }
    return " (\(text) is the name of a key, not a value)"
  }

  static func check(
    _ specifier: Specifier, on page: Page, _ context: LintContext, _ report: inout RuleReport
  ) {
    let trueValue = specifier.written(.trueValue)
    let falseValue = specifier.written(.falseValue)
    let dialect = context.catalog.dialect
    let reader = dialect == .iask ? "InAppSettingsKit" : "Settings.app"
    /// "ON" or "OFF": how the dialect's reader draws the switch for a value.
    func shown(_ node: PlistNode) -> String {
      SpecifierValue.showsOn(node.value, of: specifier, dialect: dialect) ? "ON" : "OFF"
    }
    func add(
      _ message: String, at attribute: SpecifierAttribute?, severity: Severity = .warning
    ) {
      report.add(
        message, file: page.file,
        place: context.place(specifier, key: attribute?.rawValue, on: page),
        keyPath: specifier.keyPath, severity: severity)
    }
    /// A toggle storing booleans (no TrueValue or FalseValue, or one that is the
    /// boolean its state stores anyway): DefaultValue should be a boolean.
    func checkBooleanDefault() {
      guard let defaultValue = specifier.defaultValue else { return }
      // CoreFoundation's OpenStep parser reads only strings, data, arrays and
      // dictionaries: such a page cannot say <true/> until it is XML.
      let booleanRemedy =
        page.document?.format == .openStep
        ? " (an OpenStep plist has no booleans: convert the page to XML and write <true/> or <false/>)"
        : " (write <true/> or <false/>)"
      switch defaultValue.content {
      case .bool: return
      case .integer(let value) where value == 0 || value == 1: return
      default:
        // InAppSettingsKit reads a string by its boolValue: "YES" shows ON, as meant.
        if dialect == .iask, let meant = meantState(of: defaultValue),
          SpecifierValue.showsOn(defaultValue.value, of: specifier, dialect: dialect) == meant
        {
          return
        }
        // The string "false" (or "NO", "0"): Settings.app shows OFF (not <true/>),
        // InAppSettingsKit's boolValue and the app's boolForKey: read NO: one state
        // everywhere, the one meant, so only the type is untidy.
        if meantState(of: defaultValue) == false,
          !SpecifierValue.showsOn(defaultValue.value, of: specifier, dialect: dialect),
          !SpecifierValue.boolValue(of: defaultValue.value)
        {
          add(
            "DefaultValue is the \(defaultValue.typeName) \(defaultValue.shortDescription), not a boolean; "
              + "\(reader) shows the switch OFF and the app reads false, as meant" + booleanRemedy,
            at: .defaultValue, severity: .note)
          return
        }
        add(
          "DefaultValue is the \(defaultValue.typeName) \(defaultValue.shortDescription), not a boolean\(keyNameHint(defaultValue)); "
            + howShown(defaultValue, dialect: dialect) + booleanRemedy,
          at: .defaultValue)
      }
    }
    switch (trueValue, falseValue) {
    case (let on?, let off?):
      if DefaultNotInValues.equal(on, off) {
        add(
          "TrueValue and FalseValue are both \(on.shortDescription); the switch can never show OFF",
          at: .falseValue, severity: .error)
      } else if on.typeName != off.typeName {
        add(
          "TrueValue is \(on.typeNameWithArticle) but FalseValue \(off.typeNameWithArticle); the app reads one key as two types",
          at: .falseValue)
      }
      if let defaultValue = specifier.defaultValue,
        !DefaultNotInValues.equal(defaultValue, on), !DefaultNotInValues.equal(defaultValue, off),
        // InAppSettingsKit draws such a default by its boolValue (defaultBoolValue):
        // <true/> beside TrueValue "1" shows ON, as meant.
        !(dialect == .iask
          && meantState(of: defaultValue).map { $0 == (shown(defaultValue) == "ON") } == true)
      {
        add(
          "DefaultValue \(defaultValue.shortDescription) is neither TrueValue nor FalseValue; \(reader) shows the switch \(shown(defaultValue))",
          at: .defaultValue)
      }
    case (nil, nil):
      checkBooleanDefault()
    case (let present?, nil), (nil, let present?):
      let trueIsGiven = trueValue != nil
      // The state without a value stores a boolean: a TrueValue of <true/> (or a
      // FalseValue of <false/>) is what that state would store anyway.
      if present.bool == trueIsGiven { return checkBooleanDefault() }
      let (given, missing): (SpecifierAttribute, SpecifierAttribute) =
        trueIsGiven ? (.trueValue, .falseValue) : (.falseValue, .trueValue)
      add(
        "\(given) is set (\(present.shortDescription)) but \(missing) is not; the other state stores a boolean",
        at: given)
      // The state without a value stores a boolean: false for OFF, true for ON.
      if let defaultValue = specifier.defaultValue,
        !DefaultNotInValues.equal(defaultValue, present), defaultValue.bool != !trueIsGiven
      {
        add(
          "DefaultValue \(defaultValue.shortDescription) matches neither state", at: .defaultValue)
      }
    }
  }
}

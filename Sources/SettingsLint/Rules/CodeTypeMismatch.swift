import Foundation
import Plist
import SettingsSchema
import SourceCheck

enum CodeTypeMismatch: LintRule {
  static let summary =
    "The app's code reads or writes a key with another type than its element stores."
  static let rationale = """
    UserDefaults converts silently: bool(forKey:) on a multi value of strings reads false, \
    integer(forKey:) on a slider drops the fraction, string(forKey:) on a toggle reads nil, \
    and set(3, forKey:) on a text field stores a number the Settings app shows as nothing. \
    The code and the bundle disagree about the value, and the app misreads it. (Checked when \
    lint is given the app's sources with --sources.)
    """
  static let defaultSeverity = Severity.error
  static let readsSources = true
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSMultiValueSpecifier</string>
        <key>Title</key><string>Units</string>
        <key>Key</key><string>units</string>
        <key>DefaultValue</key><string>metric</string>
        <key>Values</key><array><string>metric</string><string>imperial</string></array>
        <key>Titles</key><array><string>Metric</string><string>Imperial</string></array>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Settings.swift",
          """
          import Foundation

          let metric = UserDefaults.standard.bool(forKey: "units")
          """
        )
      ])
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSMultiValueSpecifier</string>
        <key>Title</key><string>Units</string>
        <key>Key</key><string>units</string>
        <key>DefaultValue</key><string>metric</string>
        <key>Values</key><array><string>metric</string><string>imperial</string></array>
        <key>Titles</key><array><string>Metric</string><string>Imperial</string></array>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Settings.swift",
          """
          import Foundation

          let units = UserDefaults.standard.string(forKey: "units") ?? "metric"
          """
        )
      ])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    guard let facts = context.sources else { return }
    for use in facts.uses {
      guard let setting = facts.settings[use.key] else { continue }
      let stores = setting.storedKinds.map(\.phrase).sorted().joined(separator: " or ")
      switch use.action {
      case .read(let getter, _):
        guard !SourceFacts.getter(getter, reads: setting.storedKinds) else { continue }
        report.add(
          "\(getter.swiftName) reads \"\(use.key)\", but its \(setting.specifier.type?.rawValue ?? "element") (\(setting.page.file)) stores \(stores)",
          file: SourceFacts.file(use), place: SourceFacts.place(use))
      case .write(let literal?), .register(let literal?):
        let value = SourceFacts.value(literal)
        guard !SourceFacts.setting(setting, stores: value) else { continue }
        report.add(
          "the code stores \(literal) under \"\(use.key)\", but its \(setting.specifier.type?.rawValue ?? "element") (\(setting.page.file)) stores \(stores)",
          file: SourceFacts.file(use), place: SourceFacts.place(use))
      case .declare(let kind, let literal, let type):
        // `@AppStorage("k") var x: String`, `Defaults.Key<Bool>("k")`: the declared type
        // (or the initial value's) is how every read and write of it goes.
        guard
          let getter = type.flatMap(DefaultsGetter.init(declaredType:))
            ?? (type == nil ? literal.map(DefaultsGetter.init(literal:)) : nil),
          !SourceFacts.getter(getter, reads: setting.storedKinds)
        else { continue }
        let declared = type ?? literal?.swiftTypeName ?? getter.rawValue
        report.add(
          "\(kind.rawValue) declares \"\(use.key)\" as \(declared), but its \(setting.specifier.type?.rawValue ?? "element") (\(setting.page.file)) stores \(stores)",
          file: SourceFacts.file(use), place: SourceFacts.place(use))
      default: continue
      }
    }
  }
}

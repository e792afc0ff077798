import ArgumentParser
import Foundation
import Plist
import SettingsSchema

/// What the element storing a key offers, as `gsettings describe` and
/// `gsettings range` tell of a schema's key: read from the bundle alone.
struct KeyDescription {
  var key: String
  var title: String?
  var type: SpecifierType
  var summary: String?
  var stores: ValueKind?
  var rule: ValueRule?
  var choices: [BundleTitles.Choice]
  var minimum: Double?
  var maximum: Double?
  var toggle: (on: PlistValue, off: PlistValue)?
  var defaultValue: PlistValue?

  init(key: String, bundle: SettingsBundle) throws {
    let (page, specifier): (Page, Specifier)
    switch bundle.storingSpecifier(forKey: key) {
    case .success(let found): (page, specifier) = found
    // Nothing is written here: the refusal's "nothing was written" would mislead.
    case .failure(let refusal): throw CommandFailure.failure(refusal.reason)
    }
    self.key = key
    title = specifier.title.map { bundle.localized($0, on: page) }
    type = specifier.type ?? SpecifierType("")
    let spec = bundle.catalog.spec(of: specifier.type)
    summary = spec?.summary
    stores = spec?.stores
    rule = spec?.valueRule
    choices = BundleTitles.choices(forKey: key, in: [bundle])
    if rule == .range {
      minimum = specifier.range.writtenMinimum
      maximum = specifier.range.writtenMaximum
    }
    if rule == .toggle { toggle = SpecifierValue.states(of: specifier) }
    defaultValue = specifier.defaultValue?.value
  }

  /// A value as GVariant text writes it: strings in single quotes.
  static func variant(_ value: PlistValue) -> String {
    switch value {
    case .string(let text): "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'"
    default: SpecifierValue.text(of: value)
    }
  }

  /// The GVariant type letter of a kind, where GVariant has one.
  static func letter(_ kind: ValueKind?) -> String {
    switch kind {
    case .string: "s"
    case .integer: "x"
    case .real, .number: "d"
    case .boolean: "b"
    case .data: "ay"
    case .array: "av"
    case .dictionary: "a{sv}"
    case .date: "date"
    case .scalar, .any, nil: "v"
    }
  }

  /// `gsettings range` style: `type b`, `enum` and its values, `range d 0 1`.
  var rangeText: String {
    if let minimum, let maximum {
      return
        "range d \(SpecifierValue.text(of: .real(minimum))) \(SpecifierValue.text(of: .real(maximum)))"
    }
    if let toggle, toggle != (.bool(true), .bool(false)) {
      return "enum\n" + Self.variant(toggle.on) + "\n" + Self.variant(toggle.off)
    }
    if !choices.isEmpty, rule == .oneOfValues {
      return (["enum"] + choices.map { Self.variant($0.value) }).joined(separator: "\n")
    }
    if toggle != nil { return "type b" }
    return "type " + Self.letter(stores)
  }

  /// `gsettings describe` style, with what a Settings bundle knows besides.
  var describeText: String {
    var lines = [title.map { $0.isEmpty ? key : $0 } ?? key]
    lines.append("  key: \(key)")
    lines.append(
      "  type: \(type.rawValue)"
        + (summary.map { " (\($0.trimmingCharacters(in: .punctuationCharacters)))" } ?? ""))
    if let stores { lines.append("  stores: \(stores.phrase)") }
    if let minimum, let maximum {
      lines.append(
        "  range: \(SpecifierValue.text(of: .real(minimum))) to \(SpecifierValue.text(of: .real(maximum)))"
      )
    }
    if let toggle {
      lines.append("  on: \(SpecifierValue.describe(toggle.on))")
      lines.append("  off: \(SpecifierValue.describe(toggle.off))")
    }
    if !choices.isEmpty {
      lines.append("  values:")
      let width = choices.map { Self.variant($0.value).count }.max() ?? 0
      for choice in choices {
        let value = Self.variant(choice.value)
        var named = choice.shownTitle ?? ""
        if let short = choice.shownShortTitle, short != named { named += " (short: \(short))" }
        lines.append(
          "    " + value + String(repeating: " ", count: width - value.count) + "  " + named)
      }
    }
    if let defaultValue {
      let title = choices.first { $0.value == defaultValue }?.shownTitle
      lines.append(
        "  default: \(Self.variant(defaultValue))" + (title.map { " (\($0))" } ?? ""))
    } else {
      lines.append("  default: none")
    }
    return lines.map(\.escapingControlCharacters).joined(separator: "\n")
  }
}

extension Defaults {
  /// `prefs defaults describe KEY --bundle B`: as `gsettings describe`.
  struct Describe: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "describe",
      abstract:
        "Describe the key's element in a Settings.bundle: title, type, values, range, default.",
      discussion: "Titles are shown in --lang (default: LC_ALL, LC_MESSAGES or LANG).")
    @Argument(help: "The key.") var key: String
    @Option(help: "The Settings.bundle.") var bundle: String
    @Option(help: DialectHelp.bundle) var dialect: Dialect?
    @OptionGroup var reading: RootPageOption
    @OptionGroup var languageOptions: LanguageOptions

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let languages = languageOptions.preferredLanguages(
          environment: ProcessInfo.processInfo.environment)
        let loaded = try SettingsBundle.load(
          at: bundle,
          options: reading.options(
            forBundle: bundle, LoadOptions(preferredLanguages: languages), dialect: dialect))
        print(try KeyDescription(key: key, bundle: loaded).describeText, to: &output)
        return ExitStatus.success
      }
    }
  }

  /// `prefs defaults range KEY --bundle B`: as `gsettings range`.
  struct RangeCommand: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "range",
      abstract: "Print what the key's element accepts, as gsettings range does.",
      discussion: """
        type s (any text; the letter is GVariant's: s x d b), enum and one value a line \\
        (a multi value, a radio group, a toggle with TrueValue/FalseValue), or range d MIN MAX \\
        (a slider).
        """)
    @Argument(help: "The key.") var key: String
    @Option(help: "The Settings.bundle.") var bundle: String
    @Option(help: DialectHelp.bundle) var dialect: Dialect?
    @OptionGroup var reading: RootPageOption

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let loaded = try SettingsBundle.load(
          at: bundle, options: reading.options(forBundle: bundle, LoadOptions(), dialect: dialect))
        let text = try KeyDescription(key: key, bundle: loaded).rangeText
        print(
          text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }.joined(separator: "\n"), to: &output)
        return ExitStatus.success
      }
    }
  }
}

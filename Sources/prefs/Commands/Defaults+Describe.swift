import ArgumentParser
import Foundation
import Plist
import PrefsKit
import SettingsSchema

/// `gsettings describe` and `gsettings range` text of what a key's element offers.
extension KeyDescription {
  /// The description, or why there is none in the command's words: nothing
  /// is written here, so the refusal's "nothing was written" would mislead.
  static func of(_ key: String, in bundle: SettingsBundle) throws(CommandFailure)
    -> KeyDescription
  {
    do throws(NoElement) {
      return try KeyDescription(key: key, bundle: bundle)
    } catch {
      throw .failure(error.reason)
    }
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

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let languages = languageOptions.preferredLanguages(environment: environment.variables)
        let loaded = try Defaults.load(
          bundle, environment: environment, reading: reading, dialect: dialect,
          LoadOptions(preferredLanguages: languages))
        print(try KeyDescription.of(key, in: loaded).describeText, to: &output)
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

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let loaded = try Defaults.load(
          bundle, environment: environment, reading: reading, dialect: dialect)
        let text = try KeyDescription.of(key, in: loaded).rangeText
        print(
          text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }.joined(separator: "\n"), to: &output)
        return ExitStatus.success
      }
    }
  }
}

import ArgumentParser
import DefaultsStore
import Foundation
import Localization
import Plist
import SettingsForm
import SettingsSchema
import TerminalUI

/// `prefs edit BUNDLE`: the bundle as the Settings app shows it, in the
/// terminal, writing each change to the defaults domain at once.
struct Edit: ParsableCommand, StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract:
      "Edit a bundle's settings in an interactive form, writing each change to a defaults domain.",
    discussion: """
      The domain is --domain, else the bundle's ApplicationGroupContainerIdentifier, else the \
      CFBundleIdentifier of an Info.plist beside the bundle. Keys: ↑/↓ or j/k move, PgUp/PgDn \
      and Home/End scroll, Enter or Space act, Esc or ← back, / search every page (n/N next or \
      previous hit), r reset, ? keys, q quit. Exit status: 0 on quit, \
      1 on an error or after a change that could not be saved, 130 on Ctrl-C, 129 when the \
      terminal goes away, 2 for a usage error or no terminal (see --plain).
      """)

  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @Option(help: "The defaults domain to write to.") var domain: String?
  @OptionGroup var languageOptions: LanguageOptions
  @Option(help: "The device whose pages are shown: phone or pad.") var idiom: Idiom = .phone
  @Option(
    help:
      "Whose screen to show: apple (Settings.app) or iask (InAppSettingsKit, its .inApp pages and types); default: the reader that opens the bundle (an InAppSettings.bundle: iask)."
  )
  var dialect: Dialect?
  @OptionGroup var reading: RootPageOption
  @Flag(help: "A line-by-line mode without a full-screen form (screen readers, scripts).")
  var plain = false
  @OptionGroup var location: DefaultsDirectoryOption

  mutating func run() throws { try runOnStandardStreams() }

  func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let words = ToolStrings(language: languageOptions.language, environment: environment)
    let loaded: SettingsBundle
    do {
      loaded = try Self.load(
        bundle, languageOptions: languageOptions, idiom: idiom, dialect: dialect,
        root: reading.root)
    } catch {
      return CommandErrors.report(error, to: &errors)
    }
    guard let domain = domain ?? Self.domain(of: loaded) else {
      return CommandErrors.report(Self.noDomain(of: loaded, words: words), to: &errors)
    }
    return CommandErrors.run(errors: &errors) { errors in
      let (store, values) = try location.storeWithValues(domain)
      if plain {
        var form = PlainForm(bundle: loaded, store: store, words: words, idiom: idiom)
        form.stored = values
        // A piped answer is not echoed, so the line it ends is ended here.
        form.endsAnsweredLines = isatty(STDIN_FILENO) != 1
        return form.run(output: &output)
      }
      guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
        throw CommandFailure.usage(words["edit.noTerminal"])
      }
      return try interactive(
        loaded, store: store, values: values, words: words, domain: domain,
        environment: environment)
    }
  }

  func interactive(
    _ loaded: SettingsBundle, store: DefaultsStore, values: [PlistKey: PlistValue],
    words: ToolStrings, domain: String, environment: [String: String]
  ) throws -> Int32 {
    let colors = environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    var terminal = try ANSITerminal.open(colors: colors)
    defer { terminal.restore() }
    let size = terminal.size
    let state = FormState(
      bundle: loaded, values: values, width: size.width, height: size.height,
      words: words.formWords, appTitle: domain, idiom: idiom)
    var session = FormSession(state: state, store: store, describe: \.description)
    return Self.exitStatus(session.run(on: &terminal))
  }

  /// The exit status for why the form ended (nil: the terminal went away).
  static func exitStatus(_ reason: QuitReason?) -> Int32 {
    switch reason {
    case .requested: ExitStatus.success
    case .requestedAfterFailedWrite: ExitStatus.failure
    case .interrupted: 130
    case nil: 129
    }
  }

  /// The bundle as the form shows it: in the language asked for, for the idiom, as the dialect reads it.
  static func load(
    _ path: String, languageOptions: LanguageOptions, idiom: Idiom, dialect: Dialect? = nil,
    root: String? = nil
  ) throws -> SettingsBundle {
    try SettingsBundle.load(
      at: path,
      options: RootPageOption.options(
        forBundle: path,
        LoadOptions(
          idiom: idiom,
          preferredLanguages: languageOptions.preferredLanguages(
            environment: ProcessInfo.processInfo.environment),
          keepsComments: false),
        root: root, dialect: dialect))
  }

  /// The domain a bundle's values go to, as iOS picks it.
  static func domain(of bundle: SettingsBundle) -> String? {
    if let group = bundle.pages.first?.document?.root["ApplicationGroupContainerIdentifier"]?
      .string,
      !group.isEmpty
    {
      return group
    }
    guard let identifier = infoIdentifier(of: bundle), !identifier.contains("$(") else {
      return nil
    }
    return identifier
  }

  /// The `CFBundleIdentifier` of the `Info.plist` beside the bundle, as written.
  static func infoIdentifier(of bundle: SettingsBundle) -> String? {
    let info = URL(fileURLWithPath: bundle.path).deletingLastPathComponent()
      .appendingPathComponent("Info.plist")
    guard
      let data = try? BoundedInput.read(
        path: info.path, limit: ReadLimits.standard.maximumBytes, regularFileOnly: true),
      let document = try? PropertyListReader.read(data),
      let identifier = document.root["CFBundleIdentifier"]?.string, !identifier.isEmpty
    else { return nil }
    return identifier
  }

  /// Why no domain was found, in the user's words: an Xcode project's
  /// Info.plist names the identifier by a build setting only Xcode fills in.
  static func noDomain(of bundle: SettingsBundle, words: ToolStrings) -> CommandFailure {
    guard let setting = infoIdentifier(of: bundle), setting.contains("$(") else {
      return .usage(words["edit.noDomain"])
    }
    return .usage(
      words["edit.domainIsBuildSetting"].replacing(
        "%@", with: setting.escapingControlCharacters, maxReplacements: 1))
  }
}

/// `prefs render BUNDLE`: the form's screen as plain text.
struct Render: ParsableCommand, StreamingCommand {
  /// The page `--page` names: as written when a page has that name or file,
  /// else the one page whose name or file it is but for letter case.
  static func pageName(_ asked: String, in bundle: SettingsBundle) -> String {
    let names = bundle.pages.flatMap { [$0.name, $0.file] }
    if names.contains(asked) { return asked }
    let lowered = asked.lowercased()
    let matches = bundle.pages.filter {
      $0.name.lowercased() == lowered || $0.file.lowercased() == lowered
        || $0.file.lowercased() == lowered + ".plist"
    }
    return matches.count == 1 ? matches[0].name : asked
  }

  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Print a page of the form as plain text (docs, reviews, tests).")

  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @OptionGroup var languageOptions: LanguageOptions
  @Option(help: "The page to show (a child pane's File); default Root.") var page: String?
  @Option(help: "The width in columns (at least 20).") var width: Int = 60
  @Option(help: "The device whose pages are shown: phone or pad.") var idiom: Idiom = .phone
  @Option(
    help:
      "Whose screen to show: apple (Settings.app) or iask (InAppSettingsKit, its .inApp pages and types); default: the reader that opens the bundle (an InAppSettings.bundle: iask)."
  )
  var dialect: Dialect?
  @OptionGroup var reading: RootPageOption
  @Option(
    help:
      "Show the values stored in this defaults domain (default with --defaults-dir or --store: the bundle's)."
  )
  var domain: String?
  @OptionGroup var location: DefaultsDirectoryOption

  mutating func run() throws { try runOnStandardStreams() }

  func validate() throws {
    guard (20...1000).contains(width) else {
      throw ValidationError("--width must be between 20 and 1000")
    }
  }

  func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let words = ToolStrings(language: languageOptions.language, environment: environment)
    let loaded: SettingsBundle
    do {
      loaded = try Edit.load(
        bundle, languageOptions: languageOptions, idiom: idiom, dialect: dialect,
        root: reading.root)
    } catch {
      return CommandErrors.report(error, to: &errors)
    }
    let values: [PlistKey: PlistValue]
    if domain != nil || location.directory != nil || location.storeURL != nil {
      // The stored values, read as `edit` reads them; nothing is written.
      guard let domain = domain ?? Edit.domain(of: loaded) else {
        return CommandErrors.report(Edit.noDomain(of: loaded, words: words), to: &errors)
      }
      do {
        values = try location.storeWithValues(domain).values
      } catch {
        return CommandErrors.report(error, to: &errors)
      }
    } else {
      values = [:]
    }
    var state = FormState(
      bundle: loaded, values: values, width: width, height: 100, words: words.formWords,
      appTitle: domain ?? Edit.domain(of: loaded) ?? "", idiom: idiom)
    if let page, !state.open(pageNamed: Self.pageName(page, in: loaded)) {
      let pages = loaded.pages.map(\.name).joined(separator: ", ")
      return CommandErrors.report(
        CommandFailure.usage("the bundle has no page \(page); its pages are \(pages)"),
        to: &errors)
    }
    state.height = state.fullHeight
    print(FormView.draw(state).plainText, to: &output)
    return ExitStatus.success
  }
}

extension ToolStrings {
  /// The tool's words in `--lang`, else in the language of the environment.
  init(language: String?, environment: [String: String]) {
    self.init(
      preferredLanguages: language.flatMap { try? LanguageOptions.list($0) }
        ?? LanguageNegotiation.preferredLanguages(environment: environment))
  }

  var formWords: FormWords {
    let copy = self
    return FormWords { copy[$0] }
  }
}

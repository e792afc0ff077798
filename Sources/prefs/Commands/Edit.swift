import ArgumentParser
import PrefsKit
import SettingsForm
import SettingsSchema
import TerminalUI

/// `prefs edit BUNDLE`: the bundle as the Settings app shows it, in the
/// terminal, writing each change to the defaults domain at once.
struct Edit: StreamingCommand {
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
      "Whose screen to show: apple (Settings.app) or iask (InAppSettingsKit, its .inApp pages and types); default: the reader that opens the bundle (a folder not named Settings.bundle, or .inApp pages only: iask)."
  )
  var dialect: Dialect?
  @OptionGroup var reading: RootPageOption
  @Flag(help: "A line-by-line mode without a full-screen form (screen readers, scripts).")
  var plain = false
  @OptionGroup var location: DefaultsDirectoryOption

  /// What the flags ask of ``EditFrontEnd``.
  var options: EditOptions {
    Self.options(
      bundle: bundle, domain: domain, languageOptions: languageOptions, idiom: idiom,
      dialect: dialect, reading: reading, location: location)
  }

  /// What the flags `edit` and `render` share ask of ``EditFrontEnd``.
  static func options(
    bundle: String, domain: String?, languageOptions: LanguageOptions, idiom: Idiom,
    dialect: Dialect?, reading: RootPageOption, location: DefaultsDirectoryOption
  ) -> EditOptions {
    EditOptions(
      bundle: bundle, domain: domain,
      preferredLanguages: languageOptions.language.flatMap { try? LanguageOptions.list($0) },
      idiom: idiom, dialect: dialect, rootPage: reading.root, store: location.options)
  }

  /// The tool's words in the language the flags ask for, the command line's own among them.
  static func words(_ languageOptions: LanguageOptions, _ environment: PrefsEnvironment)
    -> ToolStrings
  {
    ToolStrings(
      preferenceList: languageOptions.language, variables: environment.variables,
      adding: EmbeddedCommandWords.files)
  }

  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let words = Edit.words(languageOptions, environment)
    let setup: EditSetup
    do throws(EditFailure) {
      setup = try EditFrontEnd.open(options, environment: environment)
    } catch {
      return CommandErrors.report(
        Self.failure(error, bundle: bundle, words: words, errors: &errors), to: &errors)
    }
    return CommandErrors.run(errors: &errors) { errors in
      let terminal = environment.terminal
      // A table that never read shows its language's words as written: named as lint and
      // dump name it, after the form (a form on the screen would hide it), and exit 1.
      let unread = setup.bundle.unreadTables
      func ended(_ status: Int32) -> Int32 {
        ProblemPrinter.print(unread, bundle: bundle, to: &errors)
        return unread.isEmpty || status != ExitStatus.success ? status : ExitStatus.failure
      }
      if plain {
        // A piped answer is not echoed, so the line it ends is ended here.
        let session = setup.plainSession(
          words: words.formWords, readAnswer: StandardInput.line,
          endsAnsweredLines: !terminal.standardInputIsTerminal)
        return ended(Self.exitStatus(session.run(output: &output)))
      }
      guard terminal.standardInputIsTerminal, terminal.standardOutputIsTerminal else {
        throw CommandFailure.usage(words["edit.noTerminal"])
      }
      return ended(try interactive(setup, words: words, environment: environment))
    }
  }

  func interactive(_ setup: EditSetup, words: ToolStrings, environment: PrefsEnvironment) throws
    -> Int32
  {
    var terminal = try ANSITerminal.open(colors: environment.colorsOnStandardOutput)
    defer { terminal.restore() }
    let size = terminal.size
    let state = setup.formState(width: size.width, height: size.height, words: words.formWords)
    var session = FormSession(state: state, store: setup.store, describe: \.description)
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

  /// The error to report for why the form could not be shown, in the user's
  /// words: an Xcode project's Info.plist names the identifier by a build
  /// setting only Xcode fills in. The pages that do not read are written to
  /// `errors` first, each where it fails, naming `bundle` as given.
  static func failure(
    _ failure: EditFailure, bundle: String, words: ToolStrings,
    errors: inout some TextOutputStream
  ) -> any Error {
    switch failure {
    case .bundle(let error): return error
    case .configuration(let error): return error
    case .noDomain(let setting?):
      return CommandFailure.usage(
        words["edit.domainIsBuildSetting"].replacing(
          "%@", with: setting.escapingControlCharacters, maxReplacements: 1))
    case .noDomain(nil): return CommandFailure.usage(words["edit.noDomain"])
    case .location(let failure): return CommandFailure(failure)
    case .store(let error): return error
    case .noPage(let page, let pages):
      return CommandFailure.usage(
        "the bundle has no page \(page); its pages are \(pages.joined(separator: ", "))")
    case .pagesDoNotRead(let problems):
      // A form without the page would show a bundle that is not there.
      ProblemPrinter.print(problems, bundle: bundle, to: &errors)
      return CommandFailure.failure(
        "\(bundle.escapingControlCharacters): a page does not read, so no form is shown")
    }
  }
}

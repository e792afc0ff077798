import DefaultsStore
import Plist
import PrefsKit
import ProjectConfiguration
import SettingsLint
import SettingsSchema
import SharedDefaults
import StringsWorkflow

/// A command's own reason to stop: what went wrong in the user's words and
/// the exit status the README gives it. Library errors stay typed values;
/// this is for what only the CLI knows (a flag that is missing, a file
/// named on the command line).
///
/// ```swift
/// guard bundle != nil else { throw CommandFailure.usage("give --bundle") }
/// ```
struct CommandFailure: Error, Equatable {
  /// The message, raw: ``CommandErrors`` escapes it once when printing.
  var message: String
  var status: Int32

  /// What the user typed cannot work: exit status 2.
  static func usage(_ message: String) -> CommandFailure {
    CommandFailure(message: message, status: ExitStatus.usage)
  }

  /// The command could not do its work: exit status 1.
  static func failure(_ message: String) -> CommandFailure {
    CommandFailure(message: message, status: ExitStatus.failure)
  }
}

extension CommandFailure {
  /// A store location that could not be decided, in the flags' words.
  init(_ failure: StoreLocation.Failure) {
    switch failure {
    case .folderAndServer: self = .usage("give --store or --defaults-dir, not both")
    case .invalidServer(let reason): self = .usage(reason.description)
    case .noServer:
      self = .usage("give --store URL (or set PREFS_STORE): the store to sync with")
    }
  }
}

/// How every command reports an error it cannot go on after, and which
/// exit status the README gives it: 2 for what the user typed (a path that
/// is not a bundle, an invalid domain name, a bad configuration), 1 for the
/// rest (a refused write, a file that does not parse). The only place that
/// writes `prefs: error:` and turns a library's remedy into flag names.
enum CommandErrors {
  /// How to reach a key of a bundle's `.inApp` pages, when the refusal says they were not read.
  static func inAppRemedy(_ inAppPagesUnread: Bool) -> String {
    inAppPagesUnread ? "; .inApp pages are read with --dialect iask" : ""
  }

  static let prefix = "prefs: error: "

  /// Prints `error` and returns its exit status. A command that only reads
  /// (`writes` false) takes no `--force`: its remedies name the commands that do.
  static func report(
    _ error: any Error, to errors: inout some TextOutputStream, writes: Bool = true
  ) -> Int32 {
    let (message, status, prefixed) = describe(error, writes: writes)
    print((prefixed ? prefix : "") + message, to: &errors)
    return status
  }

  /// Runs a command's body, reporting what it throws.
  static func run<Errors: TextOutputStream>(
    errors: inout Errors, writes: Bool = true, _ body: (inout Errors) throws -> Int32
  ) -> Int32 {
    do {
      return try body(&errors)
    } catch {
      return report(error, to: &errors, writes: writes)
    }
  }

  /// The words, escaped for the terminal, and the exit status of an error.
  /// A configuration error is already in compiler style (`file:line:col: error:`).
  static func describe(_ error: any Error, writes: Bool = true) -> (
    message: String, status: Int32, prefixed: Bool
  ) {
    switch error {
    case let failure as CommandFailure:
      return (failure.message.escapingControlCharacters, failure.status, true)
    case let error as SettingsBundleError:
      var message = error.description.escapingControlCharacters
      if case .noRootPage(_, _, let pages) = error, let first = pages.first {
        message +=
          "; give the page the app opens first with --root (--root \(first))"
          .escapingControlCharacters
      }
      return (message, ExitStatus.usage, true)
    case let error as ConfigurationError:
      return (
        error.description.escapingControlCharacters + remedy(error.remedy), ExitStatus.usage, false
      )
    case let failure as DumpFailure:
      switch failure {
      case .bundle(let error): return describe(error)
      case .configuration(let error): return describe(error)
      }
    case let failure as DefaultsFailure:
      return describe(failure, writes: writes)
    case let failure as DefaultsSyncFailure:
      switch failure {
      case .location(let failure): return describe(failure)
      case .defaults(let failure): return describe(failure, writes: writes)
      }
    case let failure as StoreLocation.Failure:
      return describe(CommandFailure(failure))
    case let error as DefaultsError:
      // DefaultsError's words escape what they quote already.
      let status: Int32 =
        switch error {
        case .invalidDomain, .missingDirectory: ExitStatus.usage
        default: ExitStatus.failure
        }
      return (error.description + remedy(error.remedy, writes: writes), status, true)
    case let error as TypedValue.Failure:
      return (error.description.escapingControlCharacters, ExitStatus.usage, true)
    case let refusal as SpecifierValue.Refusal:
      return (
        refusal.reason.escapingControlCharacters + inAppRemedy(refusal.inAppPagesUnread)
          + "; nothing was written", ExitStatus.failure, true
      )
    case let error as PagesDoNotRead:
      // Each page where it fails, then what was not done.
      var lines = ""
      ProblemPrinter.print(error.problems, bundle: error.bundle, to: &lines)
      return (
        lines + prefix
          + "\(error.bundle): its root page does not read, so nothing was done"
          .escapingControlCharacters,
        ExitStatus.failure, false
      )
    case let error as OutputFileError:
      return (error.description.escapingControlCharacters, ExitStatus.failure, true)
    case let error as WriteError:
      return (
        error.description.escapingControlCharacters
          + (error.isRestored ? "; nothing was written" : ""), ExitStatus.failure, true
      )
    case let error as InvalidLanguageError:
      return (
        error.description.escapingControlCharacters + "; nothing was written", ExitStatus.failure,
        true
      )
    case let error as WorkflowError:
      return (
        error.description.escapingControlCharacters + remedy(error.remedy)
          + "; nothing was written", ExitStatus.failure, true
      )
    default:
      return ("\(error)".escapingControlCharacters, ExitStatus.failure, true)
    }
  }

  /// A defaults verb's failure: a store's own error (worded with its
  /// remedy), a refused value or bundle as any command words them, else the
  /// verb's words for it.
  static func describe(_ failure: DefaultsFailure, writes: Bool) -> (
    message: String, status: Int32, prefixed: Bool
  ) {
    let words: String
    switch failure {
    case .store(let error): return describe(error, writes: writes)
    case .invalidValue(let error): return describe(error)
    case .bundle(let error): return describe(error)
    case .configuration(let error): return describe(error)
    case .valueRefused(let refusal): return describe(refusal)
    case .unwritableExport(let error): return describe(error)
    case .unreadablePlist(let name, let issue):
      // A plist that does not read is shown in compiler style, as lint shows it.
      let line = CompilerStyleFormatter.format(
        file: name, severity: .error, message: issue.message, place: issue.place)
      return (line, ExitStatus.failure, false)
    case .additionCheckedByBundle:
      return describe(
        CommandFailure.usage(
          "-array-add and -dict-add do not go with --bundle: a specifier stores one value"))
    case .noElement(let error):
      // Nothing is written by describe or range: "nothing was written" would mislead.
      words = error.reason + inAppRemedy(error.inAppPagesUnread)
    case .noDomain(let domain, let place): words = "there is no domain \(domain) in \(place)"
    case .containerRefused(.notAnArray(let found), let key, let domain):
      words =
        "the value of \"\(key)\" in \(domain) is \(found), not an array; nothing was appended (the domain is unchanged)"
    case .containerRefused(.notADictionary(let found), let key, let domain):
      words =
        "the value of \"\(key)\" in \(domain) is \(found), not a dictionary; nothing was added (the domain is unchanged)"
    case .unexportableAsPlist(let domain, let error):
      words = "\(domain): \(error.description); nothing was exported (--format json carries it)"
    case .unexportableAsJSON(let domain, let error):
      words = "\(domain): \(error.description); nothing was exported"
    case .unreadableInput(let name, let error): words = "\(name): \(error); nothing was imported"
    case .unreadableJSON(let name, let error):
      words = "\(name): \(error.description); nothing was imported"
    case .notADictionary(let name, let typeName):
      words = "\(name): the plist is \(typeName), not a dictionary"
    case .watchRefused(let path):
      words =
        "cannot watch \(path): the system refused a file watch (on Linux, the limits "
        + "fs.inotify.max_user_instances and max_user_watches)"
    }
    return describe(CommandFailure.failure(words))
  }

  /// What the user can do about a defaults error, in the CLI's words.
  static func remedy(_ remedy: DefaultsError.Remedy?, writes: Bool = true) -> String {
    switch remedy {
    case .moveCorruptFileAside:
      writes
        ? " (use --force to move it aside and start anew)"
        : " (prefs defaults write, delete or import with --force moves it aside and starts anew)"
    case .replaceStoredValue(let key):
      " (delete \"\(key.escapingControlCharacters)\" with prefs defaults delete, or write it anew, first)"
    case nil: ""
    }
  }

  /// What the user can do about a configuration error, in the CLI's words.
  static func remedy(_ remedy: ConfigurationError.Remedy?) -> String {
    switch remedy {
    case .listRules: " (prefs rules lists them)"
    case nil: ""
    }
  }

  /// What the user can do about a refused strings change, in the CLI's words.
  static func remedy(_ remedy: WorkflowError.Remedy?) -> String {
    switch remedy {
    case .fillExistingLanguage: "; use prefs strings sync to fill it"
    case .fixTableFirst: "; fix it first (prefs lint shows where)"
    case nil: ""
    }
  }
}

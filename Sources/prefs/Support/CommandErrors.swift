import DefaultsStore
import Plist
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

/// How every command reports an error it cannot go on after, and which
/// exit status the README gives it: 2 for what the user typed (a path that
/// is not a bundle, an invalid domain name, a bad configuration), 1 for the
/// rest (a refused write, a file that does not parse). The only place that
/// writes `prefs: error:` and turns a library's remedy into flag names.
enum CommandErrors {
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
      return (error.description.escapingControlCharacters, ExitStatus.usage, true)
    case let error as ConfigurationError:
      return (
        error.description.escapingControlCharacters + remedy(error.remedy), ExitStatus.usage, false
      )
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
        refusal.reason.escapingControlCharacters + "; nothing was written", ExitStatus.failure,
        true
      )
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

  /// `message` with every store URL given in `arguments` (alone or as
  /// `--store=URL`) shown redacted: swift-argument-parser quotes an argument
  /// it did not expect, and a password must not reach the terminal that way
  /// either.
  static func redactingStoreURLs(_ message: String, arguments: [String]) -> String {
    var message = message
    for argument in arguments {
      let starts = SharedStoreLocation.schemes.compactMap {
        argument.range(of: $0 + "://", options: .caseInsensitive)?.lowerBound
      }
      guard let start = starts.min() else { continue }
      let url = String(argument[start...])
      message = message.replacingOccurrences(of: url, with: SharedStoreLocation.redacted(url))
    }
    return message
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

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

  /// `message` with every store URL given in `arguments` (alone or as
  /// `--store=URL`) shown redacted: swift-argument-parser quotes an argument
  /// it did not expect, and a password must not reach the terminal that way
  /// either (``StoreURLRedaction`` says what is taken away).
  static func redactingStoreURLs(_ message: String, arguments: [String]) -> String {
    StoreURLRedaction(arguments: arguments).apply(message)
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

/// What stands for a password in the store URLs of a command line, and what
/// is shown instead, for everything prefs prints: a URL given where a path,
/// a domain or a `REV:PATH` belongs is quoted by that argument's message,
/// often not as written (a path without its trailing `/`, `//` made one
/// `/`, a control character escaped), so the user information
/// (`user:password@`, up to each `@`) and a `password=` parameter are taken
/// away wherever they stand, besides the whole URL.
///
/// ```swift
/// let redaction = StoreURLRedaction(arguments: ["dump", "postgres://app:secret@db/prefs/"])
/// redaction.apply("postgres://app:secret@db/prefs: no such file")  // "postgres://app@db/prefs: no such file"
/// ```
struct StoreURLRedaction: Sendable {
  /// Text to find and what replaces it, longest first.
  private var replacements: [(secret: String, shown: String)] = []

  var isEmpty: Bool { replacements.isEmpty }

  init(arguments: [String]) {
    var pairs: [(String, String)] = []
    for argument in arguments {
      for start in Self.urlStarts(in: argument) {
        let url = String(argument[start...])
        pairs.append((url, SharedStoreLocation.redacted(url)))
        guard let separator = url.range(of: "://") else { continue }
        let rest = url[separator.upperBound...]
        var at = rest.startIndex
        while let found = rest[at...].firstIndex(of: "@") {
          let information = rest[..<found]
          if let colon = information.firstIndex(of: ":") {
            pairs.append((information + "@", information[..<colon] + "@"))
          }
          at = rest.index(after: found)
        }
        // An unencoded & or / in a query password: everything after password= goes.
        var search = rest.startIndex
        while let found = rest.range(
          of: "password=", options: .caseInsensitive, range: search..<rest.endIndex)
        {
          let tail = rest[found.lowerBound...]
          if found.upperBound < rest.endIndex {
            pairs.append((String(tail), rest[found] + "…"))
          }
          search = found.upperBound
        }
      }
    }
    var seen = Set<String>()
    for (secret, shown) in pairs where secret != shown {
      for (written, replacement) in [
        (secret, shown), (secret.escapingControlCharacters, shown.escapingControlCharacters),
        (
          secret.escapingControlCharactersAndBackslashes,
          shown.escapingControlCharactersAndBackslashes
        ),
      ] where !written.isEmpty && seen.insert(written).inserted {
        replacements.append((written, replacement))
      }
    }
    replacements.sort { $0.secret.count > $1.secret.count }
  }

  /// `text` with every password of the command line's store URLs taken away.
  func apply(_ text: String) -> String {
    var text = text
    for (secret, shown) in replacements where text.contains(secret) {
      text = text.replacingOccurrences(of: secret, with: shown)
    }
    return text
  }

  /// Where each store URL in `argument` starts (`postgres://` or `postgresql://`, any case).
  private static func urlStarts(in argument: String) -> [String.Index] {
    var starts: [String.Index] = []
    var search = argument.startIndex
    while let found = argument.range(
      of: "postgres", options: .caseInsensitive, range: search..<argument.endIndex)
    {
      let after = argument[found.upperBound...]
      if after.hasPrefix("://") || after.lowercased().hasPrefix("ql://") {
        starts.append(found.lowerBound)
      }
      search = found.upperBound
    }
    return starts
  }
}

/// A stream that writes what it is given through a ``StoreURLRedaction``.
struct RedactingStream<Base: TextOutputStream>: TextOutputStream {
  var base: Base
  let redaction: StoreURLRedaction

  mutating func write(_ string: String) {
    base.write(redaction.isEmpty ? string : redaction.apply(string))
  }
}

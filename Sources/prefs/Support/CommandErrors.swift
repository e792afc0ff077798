import DefaultsStore
import Plist
import SettingsLint
import SettingsSchema
import StringsWorkflow

/// How every command reports an error it cannot go on after, and which
/// exit status the README gives it: 2 for what the user typed (a path that
/// is not a bundle, an invalid domain name, a bad configuration), 1 for the
/// rest (a refused write, a file that does not parse).
enum CommandErrors {
  static func report(_ error: any Error, to errors: inout some TextOutputStream) -> Int32 {
    switch error {
    case let error as SettingsBundleError:
      print("prefs: error: " + error.description.escapingControlCharacters, to: &errors)
      return ExitStatus.usage
    case let error as ConfigurationError:
      print(error.description.escapingControlCharacters, to: &errors)
      return ExitStatus.usage
    case let error as DefaultsError:
      print("prefs: error: \(error)", to: &errors)
      switch error {
      case .invalidDomain, .missingDirectory: return ExitStatus.usage
      default: return ExitStatus.failure
      }
    case let error as WriteError:
      print(
        "prefs: error: " + error.description.escapingControlCharacters
          + (error.isRestored ? "; nothing was written" : ""), to: &errors)
      return ExitStatus.failure
    case let error as InvalidLanguageError:
      print(
        "prefs: error: " + error.description.escapingControlCharacters + "; nothing was written",
        to: &errors)
      return ExitStatus.failure
    case let error as WorkflowError:
      print(
        "prefs: error: " + error.message.escapingControlCharacters + "; nothing was written",
        to: &errors)
      return ExitStatus.failure
    default:
      print("prefs: error: " + "\(error)".escapingControlCharacters, to: &errors)
      return ExitStatus.failure
    }
  }

  /// Runs a command's body, reporting what it throws.
  static func run<Errors: TextOutputStream>(
    errors: inout Errors, _ body: (inout Errors) throws -> Int32
  ) -> Int32 {
    do {
      return try body(&errors)
    } catch {
      return report(error, to: &errors)
    }
  }
}

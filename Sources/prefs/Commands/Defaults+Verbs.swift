import ArgumentParser
import DefaultsStore
import Foundation
import Plist
import PrefsKit

extension ValueTypeFlag {
  static let help = """
    Type flags (before the value, as macOS defaults takes them): -string (the default), \
    -int, -float, -bool (true/false, yes/no, 1/0), -date (2026-11-22T10:00:00Z or \
    2026-11-22), -data (hex: 0fbd77); -array v..., -dict k v... (replace the value); \
    -array-add v... (append to the stored array), -dict-add k v... (merge into the stored \
    dictionary). Inside the four container flags, a scalar flag types the next element: \
    -array -int 1 -bool yes.
    """
}

extension Defaults {
  /// `prefs defaults read-type DOMAIN KEY`: `Type is boolean`, as macOS prints it.
  struct ReadType: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "read-type",
      abstract: "Print the type of a key's value: Type is string, integer, float, boolean, ...",
      discussion:
        "The types as macOS defaults names them: string, integer, float, boolean, date, data, array, dictionary."
    )
    @Argument(help: "The domain.") var domain: String
    @Argument(help: "The key.") var key: String
    @OptionGroup var location: DefaultsDirectoryOption

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        let value = try location.frontEnd(environment).read(domain: domain, key: key)
        print("Type is \(value.defaultsTypeName)", to: &output)
        return ExitStatus.success
      }
    }
  }

  /// `prefs defaults rename DOMAIN OLD NEW`: one locked, atomic write.
  struct Rename: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "rename",
      abstract: "Move a key's value to a new key, in one write.",
      discussion:
        "Refused, with the domain unchanged, when OLD is missing or NEW already holds a value.")
    @Argument(help: "The domain.") var domain: String
    @Argument(help: "The key that holds the value.") var old: String
    @Argument(help: "The key to move it to.") var new: String
    @Flag(help: "Move a domain file that does not parse aside first.") var force = false
    @OptionGroup var location: DefaultsDirectoryOption
    @OptionGroup var report: DoneReport

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let renamed = try location.frontEnd(environment).rename(
          domain: domain, from: old, to: new, force: force)
        let outcome = renamed.write
        Defaults.reportMovedAside(outcome, to: &errors)
        if renamed.newKeyTaken {
          throw CommandFailure.failure(
            "the domain \(domain) already has a key \"\(new)\"; delete it first (the domain is unchanged)"
          )
        }
        report.say(
          outcome.changes.isEmpty
            ? "nothing to change: \(old) is \(new)"
            : "renamed \(old) to \(new) in \(domain)", to: &errors)
        return ExitStatus.success
      }
    }
  }

  /// `prefs defaults find WORD`: every domain's keys and values holding the
  /// word (ignoring case), printed as macOS `defaults find` prints them.
  struct Find: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "find",
      abstract: "Search every domain's names, keys and values for a word (ignoring case).",
      discussion: """
        Prints, for each domain with a match: Found N keys in domain 'NAME': { the entries }. \\
        A domain whose name holds the word is printed whole. A domain that cannot be read is \\
        named on standard error and the exit status is 1.
        """)
    @Argument(help: "The word.") var word: String
    @OptionGroup var location: DefaultsDirectoryOption

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        var status = ExitStatus.success
        for result in try location.frontEnd(environment).find(word) {
          switch result {
          case .unreadable(_, let error):
            status = CommandErrors.report(error, to: &errors, writes: false)
          case .found(let domain, let entries):
            print(
              "Found \(entries.count) keys in domain '\(domain.escapingControlCharacters)': "
                + PlistValue.dictionary(entries).openStepText(indent: 0), to: &output)
          }
        }
        return status
      }
    }
  }
}

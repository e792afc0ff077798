import ArgumentParser
import DefaultsStore
import Foundation
import Plist
import PrefsKit

extension ContainerAddition.Refusal {
  func message(key: String, domain: String) -> String {
    switch self {
    case .notAnArray(let found):
      "the value of \"\(key)\" in \(domain) is \(found), not an array; nothing was appended (the domain is unchanged)"
    case .notADictionary(let found):
      "the value of \"\(key)\" in \(domain) is \(found), not a dictionary; nothing was added (the domain is unchanged)"
    }
  }
}

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

extension DefaultsDirectoryOption {
  /// The domains of the folder or of the shared store, sorted.
  func domainNames() throws -> [String] {
    try location().domains()
  }

  /// The domain's values, refusing a domain that does not exist: a file
  /// that is not there, a shared domain that holds no value.
  func existingValues(of domain: String) throws -> [PlistKey: PlistValue] {
    let store = try store(domain)
    let values = try store.persistentValues()
    guard try store.exists() else { throw CommandFailure.noDomain(domain, in: store) }
    return values
  }
}

extension CommandFailure {
  /// A domain that is not there: no file in the folder, no value on the server.
  static func noDomain(_ domain: String, in store: DefaultsStore) -> CommandFailure {
    let place =
      switch store.storage {
      case .folder(let folder): folder
      case .memory, .backend: store.path
      }
    return .failure("there is no domain \(domain) in \(place)")
  }
}

extension Defaults {
  /// `prefs defaults read-type DOMAIN KEY`: `Type is boolean`, as macOS prints it.
  struct ReadType: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "read-type",
      abstract: "Print the type of a key's value: Type is string, integer, float, boolean, ...",
      discussion:
        "The types as macOS defaults names them: string, integer, float, boolean, date, data, array, dictionary."
    )
    @Argument(help: "The domain.") var domain: String
    @Argument(help: "The key.") var key: String
    @OptionGroup var location: DefaultsDirectoryOption

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        guard let value = try location.store(domain).persistentValues()[PlistKey(key)] else {
          throw DefaultsError.missingKey(domain: domain, key: key)
        }
        print("Type is \(value.defaultsTypeName)", to: &output)
        return ExitStatus.success
      }
    }
  }

  /// `prefs defaults rename DOMAIN OLD NEW`: one locked, atomic write.
  struct Rename: ParsableCommand, StreamingCommand {
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

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let (old, new) = (PlistKey(self.old), PlistKey(self.new))
        var taken = false
        // A compare-and-set backend may run the body again: it only computes.
        let outcome = try location.store(domain).update(force: force) {
          (values) throws(DefaultsError) in
          taken = false
          guard let value = values[old] else {
            throw .missingKey(domain: domain, key: old.string)
          }
          guard old != new else { return }
          guard values[new] == nil else {
            taken = true
            return
          }
          values[old] = nil
          values[new] = value
        }
        Defaults.reportMovedAside(outcome, to: &errors)
        if taken {
          throw CommandFailure.failure(
            "the domain \(domain) already has a key \"\(new.string)\"; delete it first (the domain is unchanged)"
          )
        }
        report.say(
          outcome.changes.isEmpty
            ? "nothing to change: \(old.string) is \(new.string)"
            : "renamed \(old.string) to \(new.string) in \(domain)", to: &errors)
        return ExitStatus.success
      }
    }
  }

  /// `prefs defaults find WORD`: every domain's keys and values holding the
  /// word (ignoring case), printed as macOS `defaults find` prints them.
  struct Find: ParsableCommand, StreamingCommand {
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

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        var status = ExitStatus.success
        for domain in try location.domainNames() {
          let values: [PlistKey: PlistValue]
          do {
            values = try location.store(domain).persistentValues()
          } catch {
            status = CommandErrors.report(error, to: &errors, writes: false)
            continue
          }
          let found =
            Self.contains(domain, word)
            ? values : values.filter { Self.contains($0.key.string, word) || matches($0.value) }
          guard !found.isEmpty else { continue }
          print(
            "Found \(found.count) keys in domain '\(domain.escapingControlCharacters)': "
              + PlistValue.dictionary(found).openStepText(indent: 0), to: &output)
        }
        return status
      }
    }

    /// Strings and dictionary keys, at any depth.
    func matches(_ value: PlistValue) -> Bool {
      switch value {
      case .string(let text): Self.contains(text, word)
      case .array(let items): items.contains(where: matches)
      case .dictionary(let entries):
        entries.contains { Self.contains($0.key.string, word) || matches($0.value) }
      default: false
      }
    }

    static func contains(_ text: String, _ word: String) -> Bool {
      text.range(of: word, options: [.caseInsensitive]) != nil
    }
  }
}

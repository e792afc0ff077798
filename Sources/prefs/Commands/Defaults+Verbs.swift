import ArgumentParser
import DefaultsStore
import Foundation
import Plist
import SharedDefaults

/// `-array-add` and `-dict-add` as macOS `defaults` does them: append to the
/// stored array, merge into the stored dictionary (the new keys win), make
/// the container when the key is missing, refuse any other stored type.
enum ContainerAddition {
  enum Refusal: Error, Equatable {
    case notAnArray(found: String)
    case notADictionary(found: String)

    func message(key: String, domain: String) -> String {
      switch self {
      case .notAnArray(let found):
        "the value of \"\(key)\" in \(domain) is \(found), not an array; nothing was appended (the domain is unchanged)"
      case .notADictionary(let found):
        "the value of \"\(key)\" in \(domain) is \(found), not a dictionary; nothing was added (the domain is unchanged)"
      }
    }
  }

  static func apply(_ request: WriteRequest, to stored: PlistValue?) -> Result<PlistValue, Refusal>
  {
    switch (request, stored) {
    case (.set(let value, _), _): return .success(value)
    case (.arrayAdd(let items), nil): return .success(.array(items))
    case (.arrayAdd(let items), .array(let existing)?): return .success(.array(existing + items))
    case (.arrayAdd, let other?): return .failure(.notAnArray(found: other.typeNameWithArticle))
    case (.dictAdd(let entries), nil): return .success(.dictionary(entries))
    case (.dictAdd(let entries), .dictionary(let existing)?):
      return .success(.dictionary(existing.merging(entries) { $1 }))
    case (.dictAdd, let other?): return .failure(.notADictionary(found: other.typeNameWithArticle))
    }
  }
}

extension PlistValue {
  /// The type's name as macOS `defaults read-type` prints it.
  var defaultsTypeName: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .real: "float"
    case .bool: "boolean"
    case .date: "date"
    case .data: "data"
    case .array: "array"
    case .dictionary: "dictionary"
    }
  }
}

extension DefaultsDirectoryOption {
  /// The domains of the folder or of the shared store, sorted.
  func domainNames() throws -> [String] {
    let environment = ProcessInfo.processInfo.environment
    if let shared = try sharedLocation(environment: environment) {
      return try SharedDefaults.domains(location: shared)
    }
    return DefaultsStore.domains(in: resolved(environment: environment))
  }

  /// The domain's values, refusing a domain that does not exist: a file
  /// that is not there, a shared domain that holds no value.
  func existingValues(of domain: String) throws -> [PlistKey: PlistValue] {
    let store = try store(domain)
    let values = try store.persistentValues()
    let shared = store.directory.isEmpty
    guard shared ? !values.isEmpty : access(store.path, F_OK) == 0 else {
      throw CommandFailure.failure(
        "there is no domain \(domain) in \(shared ? store.path : store.directory)")
    }
    return values
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

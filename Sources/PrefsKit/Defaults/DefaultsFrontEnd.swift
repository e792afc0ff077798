import DefaultsStore
import Foundation
import Plist
import ProjectConfiguration
import SettingsSchema

/// The `defaults` verbs as a library, over the domains of one ``StoreLocation``:
/// read, write, delete, rename, find, export, import, register; `watch` and
/// `sync` (``DefaultsWatch``, ``DefaultsSyncRun``) return a running handle.
/// Every verb returns what it did or throws a ``DefaultsFailure``; the caller
/// words it. A folder is named as the user gave it in every value and error.
///
/// ```swift
/// let environment = PrefsEnvironment(workingDirectory: "/work")
/// let defaults = DefaultsFrontEnd(
///   location: try StoreLocation(StoreOptions(folder: "config"), environment: environment),
///   environment: environment)
/// _ = try defaults.write(domain: "com.example.app", key: "speed", .set(.integer(3), type: .int))
/// try defaults.read(domain: "com.example.app", key: "speed")  // .integer(3)
/// ```
public struct DefaultsFrontEnd: Sendable {
  public let location: StoreLocation
  public let environment: PrefsEnvironment

  public init(location: StoreLocation, environment: PrefsEnvironment) {
    self.location = location
    self.environment = environment
  }

  /// The domain's store at ``location``.
  public func store(_ domain: String) throws(DefaultsFailure) -> DefaultsStore {
    try stored { () throws(DefaultsError) in try location.store(domain: domain) }
  }

  /// Runs a store operation, naming the folder as given in what it throws.
  func stored<T>(_ body: () throws(DefaultsError) -> T) throws(DefaultsFailure) -> T {
    do {
      return try location.naming(body)
    } catch {
      throw .store(error)
    }
  }

  /// A write's outcome, the path a corrupt file was moved to named as the folder was given.
  func shown(_ outcome: DefaultsStore.WriteOutcome) -> DefaultsStore.WriteOutcome {
    var outcome = outcome
    outcome.movedAside = outcome.movedAside.map(location.shown)
    return outcome
  }

  // MARK: - Reading

  /// The value of `key`, or every value of the domain as a dictionary; a key
  /// that is not there is `missingKey`, a domain that is not there (no file,
  /// a shared domain with no value) `noDomain`.
  public func read(domain: String, key: String? = nil) throws(DefaultsFailure) -> PlistValue {
    let store = try store(domain)
    let values = try stored { () throws(DefaultsError) in try store.persistentValues() }
    if let key {
      guard let value = values[PlistKey(key)] else {
        throw .store(.missingKey(domain: domain, key: key))
      }
      return value
    }
    try requireExisting(domain, store)
    return .dictionary(values)
  }

  /// The domain's values, refusing a domain that is not there.
  public func existingValues(of domain: String) throws(DefaultsFailure) -> [PlistKey: PlistValue] {
    guard case .dictionary(let values) = try read(domain: domain) else { return [:] }
    return values
  }

  private func requireExisting(_ domain: String, _ store: DefaultsStore) throws(DefaultsFailure) {
    // A shared domain exists while it holds a value; a file, while it is there.
    guard try stored({ () throws(DefaultsError) in try store.exists() }) else {
      let place =
        switch store.storage {
        case .folder(let folder): location.shown(folder)
        case .memory, .backend: store.path
        }
      throw .noDomain(domain: domain, place: place)
    }
  }

  /// The names of the domains at ``location``, sorted.
  public func domains() throws(DefaultsFailure) -> [String] {
    try stored { () throws(DefaultsError) in try location.domains() }
  }

  /// What `find` found in one domain, in the order of ``domains()``.
  public enum FindResult: Sendable, Equatable {
    /// The entries holding the word (the whole domain when its name holds it).
    case found(domain: String, entries: [PlistKey: PlistValue])
    /// The domain could not be read; the other domains are searched still.
    case unreadable(domain: String, DefaultsError)
  }

  /// Every domain's keys and values holding `word` (ignoring case), at any
  /// depth, as macOS `defaults find` searches; domains with no match are left out.
  public func find(_ word: String) throws(DefaultsFailure) -> [FindResult] {
    var results: [FindResult] = []
    for domain in try domains() {
      let values: [PlistKey: PlistValue]
      do throws(DefaultsFailure) {
        let store = try store(domain)
        values = try stored { () throws(DefaultsError) in try store.persistentValues() }
      } catch {
        if case .store(let reason) = error { results.append(.unreadable(domain: domain, reason)) }
        continue
      }
      let found =
        Self.contains(domain, word)
        ? values
        : values.filter { Self.contains($0.key.string, word) || Self.matches($0.value, word) }
      if !found.isEmpty { results.append(.found(domain: domain, entries: found)) }
    }
    return results
  }

  /// Strings and dictionary keys, at any depth.
  static func matches(_ value: PlistValue, _ word: String) -> Bool {
    switch value {
    case .string(let text): contains(text, word)
    case .array(let items): items.contains { matches($0, word) }
    case .dictionary(let entries):
      entries.contains { contains($0.key.string, word) || matches($0.value, word) }
    default: false
    }
  }

  static func contains(_ text: String, _ word: String) -> Bool {
    text.range(of: word, options: [.caseInsensitive]) != nil
  }

  // MARK: - Writing

  /// Stores what `request` asks under `key`: a value in place of the stored
  /// one, or items appended to (entries merged into) the stored container.
  /// `force` first moves a domain that does not parse aside.
  public func write(domain: String, key: String, _ request: WriteRequest, force: Bool = false)
    throws(DefaultsFailure) -> DefaultsStore.WriteOutcome
  {
    let store = try store(domain)
    switch request {
    case .set(let value, _):
      return shown(
        try stored { () throws(DefaultsError) in
          try store.set(value, forKey: key, force: force)
        })
    case .arrayAdd, .dictAdd:
      var refusal: ContainerAddition.Refusal?
      let outcome = try stored { () throws(DefaultsError) in
        try store.update(force: force) { values in
          // A compare-and-set backend may run this again: it only computes.
          refusal = nil
          switch ContainerAddition.apply(request, to: values[PlistKey(key)]) {
          case .success(let merged): values[PlistKey(key)] = merged
          case .failure(let reason): refusal = reason
          }
        }
      }
      if let refusal { throw .containerRefused(refusal, key: key, domain: domain) }
      return shown(outcome)
    }
  }

  /// Removes `key`, or every value of the domain. Without `force` a key
  /// that is not there is `missingKey`; with it, a domain that does not
  /// parse is moved aside (not read first) and a missing key is no error.
  public func delete(domain: String, key: String? = nil, force: Bool = false)
    throws(DefaultsFailure) -> DefaultsStore.WriteOutcome
  {
    let store = try store(domain)
    guard let key else {
      return shown(try stored { () throws(DefaultsError) in try store.removeAll(force: force) })
    }
    if !force,
      try stored({ () throws(DefaultsError) in try store.persistentValues() })[
        PlistKey(key)] == nil
    {
      throw .store(.missingKey(domain: domain, key: key))
    }
    return shown(
      try stored { () throws(DefaultsError) in try store.removeValue(forKey: key, force: force) })
  }

  /// What a rename did: the write, and whether it was refused because the
  /// new key holds a value (the domain then unchanged, save a file moved aside).
  public struct RenameOutcome: Sendable {
    public var write: DefaultsStore.WriteOutcome
    public var newKeyTaken: Bool
  }

  /// Moves the value of `old` to `new` in one locked write; `missingKey`
  /// when `old` holds none.
  public func rename(domain: String, from old: String, to new: String, force: Bool = false)
    throws(DefaultsFailure) -> RenameOutcome
  {
    let (old, new) = (PlistKey(old), PlistKey(new))
    let store = try store(domain)
    var taken = false
    let outcome = try stored { () throws(DefaultsError) in
      // A compare-and-set backend may run the body again: it only computes.
      try store.update(force: force) { (values) throws(DefaultsError) in
        taken = false
        guard let value = values[old] else { throw .missingKey(domain: domain, key: old.string) }
        guard old != new else { return }
        guard values[new] == nil else {
          taken = true
          return
        }
        values[old] = nil
        values[new] = value
      }
    }
    return RenameOutcome(write: shown(outcome), newKeyTaken: taken)
  }

  /// What `register` found and did.
  public struct RegisterOutcome: Sendable {
    /// The defaults of keys the domain does not hold.
    public var missing: [PlistKey: PlistValue]
    /// The write, when asked to apply them.
    public var write: DefaultsStore.WriteOutcome?
  }

  /// The `defaults` (a bundle's `DefaultValue`s) of keys not yet stored;
  /// with `apply`, written into the domain, never over a stored value.
  public func register(domain: String, defaults: [PlistKey: PlistValue], apply: Bool)
    throws(DefaultsFailure) -> RegisterOutcome
  {
    let store = try store(domain)
    let stored = try stored { () throws(DefaultsError) in try store.persistentValues() }
    let missing = defaults.filter { stored[$0.key] == nil }
    guard apply else { return RegisterOutcome(missing: missing) }
    let outcome = try self.stored { () throws(DefaultsError) in
      try store.update { values in
        for (key, value) in missing where values[key] == nil { values[key] = value }
      }
    }
    return RegisterOutcome(missing: missing, write: shown(outcome))
  }

  // MARK: - Export and import

  /// The formats of export and import: an XML property list, or JSON as ``DefaultsJSON`` defines it.
  public enum ExchangeFormat: String, Sendable, CaseIterable {
    case plist, json
  }

  /// The domain's values as an XML plist or JSON; a domain that is not
  /// there is `noDomain`, a value the format cannot carry `unexportable`.
  /// In JSON an archive (with `archives` `.tree`) has its tree beside its
  /// bytes (``DefaultsJSON/archiveKey``), which import ignores.
  public func export(domain: String, format: ExchangeFormat, archives: ArchiveDisplay = .tree)
    throws(DefaultsFailure) -> (bytes: [UInt8], count: Int)
  {
    let values = try existingValues(of: domain)
    switch format {
    case .plist:
      do throws(PlistWriteError) {
        return (try XMLPlistWriter.write(.dictionary(values)), values.count)
      } catch {
        throw .unexportableAsPlist(domain: domain, error)
      }
    case .json:
      do throws(DefaultsJSON.Failure) {
        let reading: ((Data) -> JSONValue?)? =
          archives == .tree ? { archives.json(of: $0) } : nil
        return (Array(try DefaultsJSON.encode(values, reading: reading).utf8), values.count)
      } catch {
        throw .unexportableAsJSON(domain: domain, error)
      }
    }
  }

  /// ``export(domain:format:)`` written to `file` (resolved against the
  /// working directory) as ``OutputFile`` writes a named output; the number
  /// of values written. A file that cannot be written is `unwritableExport`,
  /// naming it as given.
  ///
  /// ```swift
  /// let count = try defaults.export(domain: "com.example.app", format: .json, toFile: "backup.json")
  /// ```
  public func export(
    domain: String, format: ExchangeFormat, toFile file: String, archives: ArchiveDisplay = .tree
  ) throws(DefaultsFailure) -> Int {
    let (bytes, count) = try export(domain: domain, format: format, archives: archives)
    do throws(OutputFileError) {
      try OutputFile.write(Data(bytes), to: environment.absolutePath(file))
    } catch {
      throw .unwritableExport(error.naming(file))
    }
    return count
  }

  /// Where an import reads from.
  public enum ImportSource: Sendable, Equatable {
    /// A file, its path resolved against the working directory and named as given.
    case file(String)
    /// An open descriptor (standard input), named `name` (`<stdin>`).
    case descriptor(Int32, name: String)

    var name: String {
      switch self {
      case .file(let path): path
      case .descriptor(_, let name): name
      }
    }
  }

  /// Replaces the domain's values with those `source` holds: JSON (as
  /// export writes it) when `format` says so or, without one, when the input
  /// parses as a JSON object; else a plist of any format. Never more than the
  /// reader takes is read (a 2 GB input is refused at its first 64 MiB).
  public func importValues(
    domain: String, from source: ImportSource, format: ExchangeFormat? = nil, force: Bool = false
  ) throws(DefaultsFailure) -> DefaultsStore.WriteOutcome {
    let limit = ReadLimits.standard.maximumBytes
    let data: [UInt8]
    do throws(BoundedInput.Failure) {
      switch source {
      case .file(let path):
        data = try BoundedInput.read(path: environment.absolutePath(path), limit: limit)
      case .descriptor(let descriptor, _):
        data = try BoundedInput.read(descriptor: descriptor, limit: limit)
      }
    } catch {
      throw .unreadableInput(name: source.name, error)
    }
    let values = try Self.values(in: data, named: source.name, format: format)
    let store = try store(domain)
    return shown(
      try stored { () throws(DefaultsError) in try store.replaceAll(with: values, force: force) })
  }

  /// The values an import input holds, read as ``importValues(domain:from:format:force:)`` says.
  public static func values(in data: [UInt8], named name: String, format: ExchangeFormat?)
    throws(DefaultsFailure) -> [PlistKey: PlistValue]
  {
    if format == .json || (format == nil && JSONPlistReader.looksLikeJSON(data)) {
      do throws(DefaultsJSON.Failure) {
        return try DefaultsJSON.decode(data)
      } catch {
        // An OpenStep plist starts as JSON does: without a format it is read
        // as one, unless a key is followed by `:`, which only JSON has.
        guard format != .json, !JSONPlistReader.isSurelyJSON(data) else {
          throw .unreadableJSON(name: name, error)
        }
      }
    }
    let document: PlistDocument
    do throws(ReadIssue) {
      document = try PropertyListReader.read(data)
    } catch {
      throw .unreadablePlist(name: name, error)
    }
    guard case .dictionary(let values) = document.root.value else {
      throw .notADictionary(name: name, typeName: document.root.typeNameWithArticle)
    }
    return values
  }
}

/// Why a defaults verb did not happen; the caller words it (and names its
/// options). Every case names the domain, key or input concerned.
public enum DefaultsFailure: Error, Sendable {
  /// The store refused (a corrupt file, an invalid domain name, a missing key, a server out of reach).
  case store(DefaultsError)
  /// The domain is not there: no file in the folder `place`, no value on the server `place`.
  case noDomain(domain: String, place: String)
  /// `-array-add`/`-dict-add` on a stored value of another type; the domain is unchanged.
  case containerRefused(ContainerAddition.Refusal, key: String, domain: String)
  /// An XML plist cannot hold a value of the domain.
  case unexportableAsPlist(domain: String, PlistWriteError)
  /// JSON cannot carry a value of the domain back.
  case unexportableAsJSON(domain: String, DefaultsJSON.Failure)
  /// The import input could not be read (or is larger than the reader takes).
  case unreadableInput(name: String, BoundedInput.Failure)
  /// The import input is JSON that does not read as a domain.
  case unreadableJSON(name: String, DefaultsJSON.Failure)
  /// The import input is no property list.
  case unreadablePlist(name: String, ReadIssue)
  /// The import input's root is not a dictionary.
  case notADictionary(name: String, typeName: String)
  /// The system gave no watch of `path` (inotify's limits).
  case watchRefused(path: String)
  /// The export could not be written to the file named (as given).
  case unwritableExport(OutputFileError)
  /// The value words make no value (a bad number, a type word out of place).
  case invalidValue(TypedValue.Failure)
  /// `-array-add` or `-dict-add` checked by a bundle: a specifier stores one value.
  case additionCheckedByBundle
  /// The bundle a key's element is read from does not read (named as given).
  case bundle(SettingsBundleError)
  /// The nearest `.prefs.yml` above the bundle does not read.
  case configuration(ConfigurationError)
  /// The value does not fit the element storing the key, or no element stores it.
  case valueRefused(SpecifierValue.Refusal)
  /// No element of the bundle stores the key described.
  case noElement(KeyDescription.NoElement)
}

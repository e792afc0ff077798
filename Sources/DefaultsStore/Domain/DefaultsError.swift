import Plist

/// Why a defaults operation did not happen. Every case names the file or
/// the value concerned; when a write fails, the domain file is unchanged.
public enum DefaultsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The domain name is empty, has `/` or `..`, or another character a file name cannot hold.
  case invalidDomain(String, reason: String)
  /// The domain file does not parse; it is never overwritten without `force`.
  case corruptDomain(file: String, reason: String)
  /// The domain path is a directory, a link, or something else that is not a plain file.
  case notAPlainFile(file: String, reason: String)
  /// The defaults folder does not exist, and it is not the default one (which is made when missing).
  case missingDirectory(String)
  /// The file system refused (permission, full disk, missing directory).
  case io(file: String, operation: String, reason: String)
  /// A value a property list cannot store.
  case unrepresentable(key: String, reason: String)
  /// A key whose name a property list cannot store (a control character in it).
  case unrepresentableKey(key: String, reason: String)
  /// A value the domain file holds already (a binary plist can hold what XML
  /// cannot: a control character in a string), which the file's XML rewrite
  /// cannot keep; `path` is where in the value (`list[0]`). Nothing was written.
  case unrepresentableStored(key: String, path: String, reason: String)
  /// The domain does not hold the key asked for.
  case missingKey(domain: String, key: String)
  /// A backend's server could not do `operation` (unreachable, refused the
  /// login, lost its tables); `store` names it without a password. Nothing
  /// was written.
  case unavailable(store: String, operation: String, reason: String)
  /// One stored value of a backend that keeps a row per key does not parse;
  /// it is never overwritten without `force`.
  case corruptValue(store: String, key: String, reason: String)

  /// What can be done about it, when something can; the caller words it.
  public enum Remedy: Sendable, Hashable {
    /// Writing with `force` moves the unreadable file aside and starts the domain anew.
    case moveCorruptFileAside
    /// Deleting the key (or writing it anew) lets the domain be written again.
    case replaceStoredValue(key: String)
  }

  /// What can be done about this error, if anything.
  public var remedy: Remedy? {
    switch self {
    case .corruptDomain, .corruptValue: return .moveCorruptFileAside
    case .unrepresentableStored(let key, _, _): return .replaceStoredValue(key: key)
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .invalidDomain(let name, let reason):
      "invalid domain name \"\(name.escapingControlCharacters)\": \(reason)"
    case .corruptDomain(let file, let reason):
      "\(file.escapingControlCharacters): the domain file does not parse (\(reason.escapingControlCharacters)); it was left as it is"
    case .notAPlainFile(let file, let reason):
      "\(file.escapingControlCharacters): \(reason); it was left as it is"
    case .missingDirectory(let directory):
      "\(directory.escapingControlCharacters): the defaults folder does not exist; only the default folder is made when missing, so create it first if it is the one meant"
    case .io(let file, let operation, let reason):
      "\(file.escapingControlCharacters): cannot \(operation): \(reason); the domain is unchanged"
    case .missingKey(let domain, let key):
      "the domain \(domain.escapingControlCharacters) has no key \"\(key.escapingControlCharacters)\""
    case .unavailable(let store, let operation, let reason):
      "\(store.escapingControlCharacters): cannot \(operation): \(reason.escapingControlCharacters); nothing was written"
    case .corruptValue(let store, let key, let reason):
      "\(store.escapingControlCharacters): the value of \"\(key.escapingControlCharacters)\" is not a property list (\(reason.escapingControlCharacters)); it was left as it is"
    case .unrepresentable(let key, let reason):
      "the value of \"\(key.escapingControlCharacters)\" cannot be stored: \(reason.escapingControlCharacters)"
    case .unrepresentableKey(let key, let reason):
      "the key \"\(key.escapingControlCharacters)\" cannot be stored: its name is at fault (\(reason.escapingControlCharacters)); nothing was written"
    case .unrepresentableStored(let key, let path, let reason):
      "the domain already holds, under \"\(key.escapingControlCharacters)\" (at \(path.escapingControlCharacters)), a value its file can no longer be written with: \(reason.escapingControlCharacters); nothing was written"
    }
  }
}

extension DefaultsError {
  /// Why `values` cannot be written as an XML plist, naming the real cause:
  /// the first key (in the writer's order) whose name or value is at fault,
  /// and whether the domain held that value already (`previous`), so that a
  /// write of another key never blames the key it wrote.
  static func unwritable(
    _ values: [PlistKey: PlistValue], _ error: PlistWriteError,
    previous: [PlistKey: PlistValue]?
  ) -> DefaultsError {
    let fallback =
      error.keyPath.split(separator: ".").first.map(String.init) ?? error.keyPath
    guard error.limit == nil else { return .unrepresentable(key: fallback, reason: error.reason) }
    for (key, value) in values.sorted(by: { $0.key < $1.key }) {
      if case .failure(let nameError) = Result(catching: {
        () throws(PlistWriteError) in try XMLPlistWriter.write(.dictionary([key: .string("")]))
      }) {
        return .unrepresentableKey(key: key.string, reason: nameError.reason)
      }
      guard
        case .failure(let valueError) = Result(catching: {
          () throws(PlistWriteError) in try XMLPlistWriter.write(.dictionary([key: value]))
        })
      else { continue }
      if let previous, previous[key] == value {
        return .unrepresentableStored(
          key: key.string, path: valueError.keyPath, reason: valueError.reason)
      }
      return .unrepresentable(key: key.string, reason: valueError.reason)
    }
    return .unrepresentable(key: fallback, reason: error.reason)
  }
}

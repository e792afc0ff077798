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
  }

  /// What can be done about this error, if anything.
  public var remedy: Remedy? {
    switch self {
    case .corruptDomain, .corruptValue: return .moveCorruptFileAside
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
      "\(file.escapingControlCharacters): \(reason); nothing was written"
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
    }
  }
}

import DefaultsStore
import Foundation
import Plist
import SharedDefaults

/// Where the defaults domains a command reads and writes are kept, decided once
/// from what the user gave (a folder, a store URL) and the environment
/// (`PREFS_STORE`, `XDG_CONFIG_HOME`, `HOME`): a folder of domain files, as
/// Foundation's `UserDefaults(suiteName:)` keeps them on Linux, or a
/// PostgreSQL server that many machines share.
///
/// An explicit folder wins over `PREFS_STORE`; a folder and a store URL given
/// together are refused. Without either, the domains live in
/// `$XDG_CONFIG_HOME`, else `~/.config`, which is made on the first write.
///
/// ```swift
/// let environment = PrefsEnvironment(workingDirectory: "/work", variables: ["HOME": "/home/me"])
/// let location = try StoreLocation(StoreOptions(), environment: environment)
/// // .folder(DefaultsFolder(given: "/home/me/.config", resolved: "/home/me/.config", isDefault: true))
/// let store = try location.store(domain: "com.example.app")
/// ```
public enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
  /// A folder of `<domain>.plist` files.
  case folder(DefaultsFolder)
  /// Domains kept on a PostgreSQL server (``SharedDefaults``).
  case server(SharedStoreLocation)

  /// Why no location could be decided. The caller words it (it knows the
  /// names of its options).
  public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A folder and a store URL were both given.
    case folderAndServer
    /// The store URL does not parse (the reason never quotes a password).
    case invalidServer(SharedStoreLocation.Failure)
    /// A server was needed (to sync with) and none was given.
    case noServer

    public var description: String {
      switch self {
      case .folderAndServer: "a folder and a shared store were both given; give one"
      case .invalidServer(let failure): failure.description
      case .noServer: "no shared store was given"
      }
    }
  }

  /// The location `options` name, else `PREFS_STORE` (unless a folder is
  /// given), else the default folder of `environment`.
  public init(_ options: StoreOptions, environment: PrefsEnvironment) throws(Failure) {
    if options.storeURL != nil, options.folder != nil { throw .folderAndServer }
    if let server = try Self.server(options, environment: environment) {
      self = .server(server)
    } else {
      self = Self.folder(options, environment: environment)
    }
  }

  /// The shared store `options` name, else `PREFS_STORE`; `noServer` when
  /// neither does (the shared side of a sync, which a folder does not replace).
  public static func requiredServer(_ options: StoreOptions, environment: PrefsEnvironment)
    throws(Failure) -> SharedStoreLocation
  {
    var serverOnly = options
    serverOnly.folder = nil
    guard let server = try server(serverOnly, environment: environment) else { throw .noServer }
    return server
  }

  /// The folder `options` name, else the default one; any store URL is left aside
  /// (the local side of a sync).
  public static func folder(_ options: StoreOptions, environment: PrefsEnvironment)
    -> StoreLocation
  {
    if let folder = options.folder {
      return .folder(DefaultsFolder(folder, environment: environment, isDefault: false))
    }
    return .folder(
      DefaultsFolder(
        DefaultsLocation.directory(environment: environment.variables), environment: environment,
        isDefault: true))
  }

  private static func server(_ options: StoreOptions, environment: PrefsEnvironment)
    throws(Failure) -> SharedStoreLocation?
  {
    let url =
      options.storeURL ?? (options.folder == nil ? environment.variables["PREFS_STORE"] : nil)
    guard let url, !url.isEmpty else { return nil }
    do throws(SharedStoreLocation.Failure) {
      return try SharedStoreLocation(url: url, environment: environment.variables)
    } catch {
      throw .invalidServer(error)
    }
  }

  /// Whether the domains are kept on a server many machines share.
  public var isShared: Bool {
    if case .server = self { true } else { false }
  }

  /// The folder's path, or the server's URL without its password.
  public var description: String {
    switch self {
    case .folder(let folder): folder.given
    case .server(let server): server.description
    }
  }

  /// The domain's store here. Nothing is read or sent until it is used.
  /// A folder's store works on the resolved path; what it throws names the
  /// folder as given (``naming(_:)``).
  public func store(domain: String) throws(DefaultsError) -> DefaultsStore {
    switch self {
    case .folder(let folder):
      try DefaultsStore(
        domain: domain, directory: folder.resolved, createsDirectory: folder.isDefault)
    case .server(let server):
      try SharedDefaults.store(domain: domain, location: server)
    }
  }

  /// `path` (of a file in the folder, or the folder itself) as the user gave the folder.
  public func shown(_ path: String) -> String {
    guard case .folder(let folder) = self else { return path }
    return folder.shown(path)
  }

  /// The same error, naming the folder as given where it names it resolved.
  public func naming(_ error: DefaultsError) -> DefaultsError {
    switch error {
    case .corruptDomain(let file, let reason): .corruptDomain(file: shown(file), reason: reason)
    case .notAPlainFile(let file, let reason): .notAPlainFile(file: shown(file), reason: reason)
    case .missingDirectory(let folder): .missingDirectory(shown(folder))
    case .io(let file, let operation, let reason):
      .io(file: shown(file), operation: operation, reason: reason)
    default: error
    }
  }

  /// Runs `body` on this location's stores, naming the folder as given in what it throws.
  public func naming<T>(_ body: () throws(DefaultsError) -> T) throws(DefaultsError) -> T {
    do {
      return try body()
    } catch {
      throw naming(error)
    }
  }

  /// The domain's store and the values it holds, refused before anything is
  /// shown: a folder given by hand that does not exist (reading it would
  /// show an empty domain, hiding the typo), a domain file that does not parse.
  public func storeWithValues(domain: String) throws(DefaultsError) -> (
    store: DefaultsStore, values: [PlistKey: PlistValue]
  ) {
    if case .folder(let folder) = self, !folder.isDefault {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder.resolved, isDirectory: &isDirectory)
      else { throw .missingDirectory(folder.given) }
    }
    return try naming { () throws(DefaultsError) in
      let store = try store(domain: domain)
      return (store, try store.persistentValues())
    }
  }

  /// The names of the domains kept here, sorted.
  public func domains() throws(DefaultsError) -> [String] {
    switch self {
    case .folder(let folder): DefaultsStore.domains(in: folder.resolved)
    case .server(let server): try SharedDefaults.domains(location: server)
    }
  }
}

/// What the user gave to say where defaults domains are kept; every field may
/// be left out. ``StoreLocation`` decides from it with the environment.
///
/// ```swift
/// let options = StoreOptions(folder: "/tmp/defaults")
/// ```
public struct StoreOptions: Sendable, Hashable {
  /// A folder of domain files.
  public var folder: String?
  /// A shared store's URL, `postgres://user@host:port/database`.
  public var storeURL: String?

  public init(folder: String? = nil, storeURL: String? = nil) {
    self.folder = folder
    self.storeURL = storeURL
  }

  /// Whether a folder or a store was named (not the defaults of the environment).
  public var namesALocation: Bool { folder != nil || storeURL != nil }
}

/// A folder of domain files: where it is, and how the user wrote it, which
/// every message names (`config/com.example.app.plist`, whatever directory
/// the caller runs in).
///
/// ```swift
/// let folder = DefaultsFolder("config", environment: PrefsEnvironment(workingDirectory: "/work"))
/// folder.resolved  // "/work/config"
/// folder.shown("/work/config/com.example.app.plist")  // "config/com.example.app.plist"
/// ```
public struct DefaultsFolder: Sendable, Hashable {
  /// The folder as given, without trailing slashes: the one messages name.
  public var given: String
  /// Where it is: `given` resolved against the working directory.
  public var resolved: String
  /// The default folder is made when missing; a folder given by hand must
  /// exist, so that a typo is an error and not a new tree.
  public var isDefault: Bool

  public init(_ path: String, environment: PrefsEnvironment, isDefault: Bool = false) {
    given = Self.trimmed(path)
    resolved = Self.trimmed(environment.absolutePath(path))
    self.isDefault = isDefault
  }

  /// A path in the folder (or the folder), as the user wrote the folder.
  public func shown(_ path: String) -> String {
    if path == resolved { return given }
    if path.hasPrefix(resolved + "/") { return given + path.dropFirst(resolved.count) }
    if resolved == "/", path.hasPrefix("/"), given != "/" { return given + path }
    return path
  }

  /// As ``DefaultsStore`` keeps a folder: trailing slashes dropped (but `/`).
  private static func trimmed(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }
}

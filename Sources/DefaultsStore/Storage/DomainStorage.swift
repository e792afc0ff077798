import Foundation
internal import Platform
import Plist
import Synchronization

/// Where a store keeps one domain's values: a file (the default), memory
/// (tests, previews), or a backend of another module (a database shared by
/// many machines). ``DefaultsStore`` gives every backend the same contract:
/// the search list, observation, ordering; a backend only stores and tells.
///
/// ```swift
/// let store = DefaultsStore(domain: try DomainName("com.example.app"), backend: myBackend)
/// try store.set(.bool(true), forKey: "celsiusPref")
/// ```
public protocol DefaultsBackend: Sendable {
  /// A name for messages: the file's path, `memory:<domain>`, a server's
  /// address. It never holds a password.
  var path: String { get }
  /// The stored values, read now.
  func read() throws(DefaultsError) -> [PlistKey: PlistValue]
  /// The stored values, read after the watch said they changed. A backend
  /// may read only what changed since its last such read.
  func readForWatch() throws(DefaultsError) -> [PlistKey: PlistValue]
  /// Runs `body` as one read-modify-write of the domain: no write of another
  /// writer lands between what `body` reads and what it writes. A backend
  /// that checks this when it writes (compare-and-set) may run `body` again
  /// when another writer came first, so `body` must do nothing its
  /// transaction's failure would not undo.
  func transaction<T: Sendable>(
    _ body: (any DefaultsTransaction) throws(DefaultsError) -> T
  ) throws(DefaultsError) -> T
  /// Starts telling `onEvent` (on `queue`) about writes made elsewhere; nil
  /// when it cannot.
  func watch(queue: DispatchQueue, onEvent: @escaping @Sendable (DefaultsBackendEvent) -> Void)
    -> (any DefaultsBackendWatch)?
  /// Whether the values still exist (a file may be deleted by hand).
  var exists: Bool { get }
}

extension DefaultsBackend {
  public func readForWatch() throws(DefaultsError) -> [PlistKey: PlistValue] { try read() }
}

/// What a backend's transaction offers its body.
///
/// ```swift
/// try backend.transaction { transaction in
///   var values = try transaction.read()
///   values["launches"] = .integer(1)
///   return try transaction.write(values)
/// }
/// ```
public protocol DefaultsTransaction {
  /// The stored values, as this transaction sees them.
  func read() throws(DefaultsError) -> [PlistKey: PlistValue]
  /// Stores `values` in place of what `read` gave; returns the domain's
  /// values once stored (a backend that merges per key may hold other
  /// writers' keys among them).
  func write(_ values: [PlistKey: PlistValue]) throws(DefaultsError) -> [PlistKey: PlistValue]
  /// The same, told `changes`: the keys where `values` differ from what
  /// `read` gave, in key order. A backend that stores per key sends only
  /// those, and need not look at the rest of the domain.
  func write(_ values: [PlistKey: PlistValue], changes: [DefaultsChange]) throws(DefaultsError)
    -> [PlistKey: PlistValue]
  /// Deletes the domain's values; returns what is left (nothing, for a file).
  func remove() throws(DefaultsError) -> [PlistKey: PlistValue]
  /// Moves what does not parse aside, for a write with `force`: returns
  /// where it went and the values that are left to start from.
  func moveAside(now: Date) throws(DefaultsError) -> (
    movedTo: String, remaining: [PlistKey: PlistValue]
  )
}

extension DefaultsTransaction {
  /// A file is written whole: the changes tell it nothing more.
  public func write(_ values: [PlistKey: PlistValue], changes: [DefaultsChange])
    throws(DefaultsError) -> [PlistKey: PlistValue]
  {
    try write(values)
  }
}

/// What a backend's watch tells its store.
///
/// ```swift
/// onEvent(.changed)                                          // read the values again
/// onEvent(.state(.reconnecting(store: name, reason: "the server closed the connection")))
/// ```
public enum DefaultsBackendEvent: Sendable, Hashable {
  /// The values may have changed: read them again.
  case changed
  /// The watch itself changed state (a folder gone, a server out of reach, back).
  case state(DefaultsStore.WatchState)
}

/// A backend's running watch; the store cancels it when its last observer goes.
///
/// ```swift
/// let watch = backend.watch(queue: queue) { event in print(event) }
/// watch?.initialState  // .watching
/// watch?.cancel()
/// ```
public protocol DefaultsBackendWatch: Sendable {
  /// The watch's state when it starts.
  var initialState: DefaultsStore.WatchState { get }
  func cancel()
}

/// The platform layer's watch of the domain file, as a backend watch.
struct DomainFileWatch: DefaultsBackendWatch {
  let watch: any FolderFileWatch

  var initialState: DefaultsStore.WatchState {
    watch.isOnFolder ? .watching : .waitingForFolder(watch.directory)
  }

  func cancel() { watch.cancel() }
}

extension DomainFile: DefaultsBackend, DefaultsTransaction {
  func transaction<T: Sendable>(
    _ body: (any DefaultsTransaction) throws(DefaultsError) -> T
  ) throws(DefaultsError) -> T {
    try withLock { () throws(DefaultsError) -> T in try body(self) }
  }

  func write(_ values: [PlistKey: PlistValue]) throws(DefaultsError) -> [PlistKey: PlistValue] {
    try writeFile(values)
    return values
  }

  func moveAside(now: Date) throws(DefaultsError) -> (
    movedTo: String, remaining: [PlistKey: PlistValue]
  ) {
    (try moveFileAside(now: now), [:])
  }

  func watch(queue: DispatchQueue, onEvent: @escaping @Sendable (DefaultsBackendEvent) -> Void)
    -> (any DefaultsBackendWatch)?
  {
    // The default folder is made; any other is waited for until it exists.
    try? createDirectory()
    let file = self
    let directory = directory
    let watch = FileWatching.watch(
      directory: directory, fileName: domain.fileName, queue: queue,
      linkTarget: { file.linkTarget() },
      onEvent: { event in
        switch event {
        case .changed: onEvent(.changed)
        case .folderGone: onEvent(.state(.waitingForFolder(directory)))
        case .folderBack: onEvent(.state(.watching))
        }
      })
    return watch.map(DomainFileWatch.init)
  }

  var exists: Bool { access(path, F_OK) == 0 }

  func remove() throws(DefaultsError) -> [PlistKey: PlistValue] {
    guard unlink(path) == 0 || errno == ENOENT else {
      throw .io(
        file: path, operation: "delete the domain", reason: String(cString: strerror(errno)))
    }
    return [:]
  }
}

/// A domain held in memory, with the same checks as the file (values an XML
/// plist cannot hold are refused), so that tests of one hold for the other.
final class MemoryStorage: DefaultsBackend, DefaultsTransaction {
  let path: String
  /// Held through a whole update, as the file's `flock` is.
  private let writer = Mutex(())
  private let values = Mutex<[PlistKey: PlistValue]>([:])

  init(domain: DomainName) { path = "memory:\(domain)" }

  func read() throws(DefaultsError) -> [PlistKey: PlistValue] {
    values.withLock { $0 }
  }

  func transaction<T: Sendable>(
    _ body: (any DefaultsTransaction) throws(DefaultsError) -> T
  ) throws(DefaultsError) -> T {
    try writer.withLock { _ throws(DefaultsError) -> T in try body(self) }
  }

  func write(_ newValues: [PlistKey: PlistValue]) throws(DefaultsError) -> [PlistKey: PlistValue] {
    do {
      _ = try XMLPlistWriter.write(.dictionary(newValues))
    } catch {
      throw .unwritable(newValues, error, previous: values.withLock { $0 })
    }
    values.withLock { $0 = newValues }
    return newValues
  }

  func moveAside(now: Date) throws(DefaultsError) -> (
    movedTo: String, remaining: [PlistKey: PlistValue]
  ) {
    (path, [:])
  }

  func remove() throws(DefaultsError) -> [PlistKey: PlistValue] {
    values.withLock { $0 = [:] }
    return [:]
  }

  func watch(queue: DispatchQueue, onEvent: @escaping @Sendable (DefaultsBackendEvent) -> Void)
    -> (any DefaultsBackendWatch)?
  {
    nil
  }

  var exists: Bool { true }
}

import Foundation
import Plist
import Synchronization

/// Where a domain's values are kept: a file (the real thing) or memory
/// (tests, previews). The store's behaviour is the same over both; only the
/// file backend hears other processes.
protocol DomainStorage: Sendable {
  /// A name for messages: the file's path, or `memory:<domain>`.
  var path: String { get }
  func read() throws(DefaultsError) -> [PlistKey: PlistValue]
  func withLock<T: Sendable>(_ body: () throws(DefaultsError) -> T) throws(DefaultsError) -> T
  func write(_ values: [PlistKey: PlistValue]) throws(DefaultsError)
  func moveAside(now: Date) throws(DefaultsError) -> String
  /// Deletes the values (the file); call it holding the lock.
  func remove() throws(DefaultsError)
  /// Starts telling `onEvent` about writes made elsewhere; nil when it cannot.
  func watch(queue: DispatchQueue, onEvent: @escaping @Sendable (DirectoryWatcher.Event) -> Void)
    -> DirectoryWatcher?
  /// Whether the values still exist (a file may be deleted by hand).
  var exists: Bool { get }
}

extension DomainFile: DomainStorage {
  func watch(queue: DispatchQueue, onEvent: @escaping @Sendable (DirectoryWatcher.Event) -> Void)
    -> DirectoryWatcher?
  {
    // The default folder is made; any other is waited for until it exists.
    try? createDirectory()
    let file = self
    return DirectoryWatcher(
      directory: directory, fileName: domain.fileName, queue: queue,
      linkTarget: { file.linkTarget() }, onEvent: onEvent)
  }

  var exists: Bool { access(path, F_OK) == 0 }

  func remove() throws(DefaultsError) {
    guard unlink(path) == 0 || errno == ENOENT else {
      throw .io(
        file: path, operation: "delete the domain", reason: String(cString: strerror(errno)))
    }
  }
}

/// A domain held in memory, with the same checks as the file (values an XML
/// plist cannot hold are refused), so that tests of one hold for the other.
final class MemoryStorage: DomainStorage {
  let path: String
  /// Held through a whole update, as the file's `flock` is.
  private let writer = Mutex(())
  private let values = Mutex<[PlistKey: PlistValue]>([:])

  init(domain: DomainName) { path = "memory:\(domain)" }

  func read() throws(DefaultsError) -> [PlistKey: PlistValue] {
    values.withLock { $0 }
  }

  func withLock<T: Sendable>(_ body: () throws(DefaultsError) -> T) throws(DefaultsError) -> T {
    try writer.withLock { _ throws(DefaultsError) -> T in try body() }
  }

  func write(_ newValues: [PlistKey: PlistValue]) throws(DefaultsError) {
    do {
      _ = try XMLPlistWriter.write(.dictionary(newValues))
    } catch {
      let key = error.keyPath.split(separator: ".").first.map(String.init) ?? error.keyPath
      throw .unrepresentable(key: key, reason: error.reason)
    }
    values.withLock { $0 = newValues }
  }

  func moveAside(now: Date) throws(DefaultsError) -> String { path }

  func remove() throws(DefaultsError) {
    values.withLock { $0 = [:] }
  }

  func watch(queue: DispatchQueue, onEvent: @escaping @Sendable (DirectoryWatcher.Event) -> Void)
    -> DirectoryWatcher?
  {
    nil
  }

  var exists: Bool { true }
}

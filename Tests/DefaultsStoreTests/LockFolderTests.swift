import DefaultsStore
import Foundation
import Plist
import Synchronization
import Testing

/// Where writers lock: one hidden folder of lock files, never unlinked; and
/// an older prefs' lock beside the file, still honoured while it is there.
struct LockFolderTests {
  /// Holds an exclusive `flock` on `path` (made when missing) until released.
  final class HeldLock {
    let descriptor: Int32
    init(_ path: String) {
      descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      flock(descriptor, LOCK_EX)
    }
    func release() {
      flock(descriptor, LOCK_UN)
      close(descriptor)
    }
  }

  @Test(arguments: [
    (".prefs-locks/com.example.app.plist.lock", true),
    ("com.example.app.plist.lock", false),
  ])
  func aWriteWaitsForAHeldLock(lock: String, inFolder: Bool) throws {
    let defaults = try TemporaryDefaults(.file)
    defer { defaults.remove() }
    if inFolder { mkdir(defaults.directory + "/.prefs-locks", 0o700) }
    let held = HeldLock(defaults.directory + "/" + lock)
    let done = Mutex(false)
    let store = try defaults.store()
    let writer = Thread {
      _ = try? store.set(.integer(1), forKey: "k")
      done.withLock { $0 = true }
    }
    writer.start()
    Thread.sleep(forTimeInterval: 0.3)
    #expect(done.withLock { $0 } == false, "the write went ahead while \(lock) was held")
    #expect(defaults.bytes() == nil)
    held.release()
    let deadline = Date().addingTimeInterval(10)
    while !done.withLock({ $0 }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(try defaults.store().persistentValues() == ["k": .integer(1)])
  }

  @Test func noLockFileIsMadeBesideTheDomainFile() throws {
    let defaults = try TemporaryDefaults(.file)
    defer { defaults.remove() }
    try defaults.store().set(.bool(true), forKey: "k")
    try defaults.store("com.example.other").removeAll()
    let names = try FileManager.default.contentsOfDirectory(atPath: defaults.directory).sorted()
    #expect(names == [".prefs-locks", "com.example.app.plist"])
    // Locks stay after their writers are done: unlinking one could let two writers in.
    let locks = try FileManager.default.contentsOfDirectory(
      atPath: defaults.directory + "/.prefs-locks")
    #expect(locks.sorted() == ["com.example.app.plist.lock", "com.example.other.plist.lock"])
    #expect(DefaultsStore.domains(in: defaults.directory) == ["com.example.app"])
  }
}

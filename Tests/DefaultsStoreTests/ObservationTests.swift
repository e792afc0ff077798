import DefaultsStore
import Foundation
import Plist
import Synchronization
import TestSupport
import Testing

struct ObservationTests {
  @Test(arguments: Backend.allCases)
  func aWriteInThisProcessIsDeliveredAtOnceWithOldAndNew(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    try store.set(.bool(false), forKey: "flag")
    let recorder = Recorder()
    let token = store.observe(scheduler: ImmediateScheduler()) { recorder.record($0) }
    try store.set(.bool(true), forKey: "flag")
    #expect(recorder.changes == [DefaultsChange(key: "flag", old: .bool(false), new: .bool(true))])
    // An equal value is no change: nothing is delivered (and nothing written).
    try store.set(.bool(true), forKey: "flag")
    #expect(recorder.deliveries.count == 1)
    try store.removeValue(forKey: "flag")
    #expect(recorder.changes.last == DefaultsChange(key: "flag", old: .bool(true), new: nil))
    token.cancel()
    try store.set(.integer(1), forKey: "after")
    #expect(recorder.changes.count == 2, "a cancelled observation hears nothing")
  }

  @Test(arguments: Backend.allCases)
  func initialValuesAndKeyFilters(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    try store.update { $0 = ["a": .integer(1), "b": .integer(2)] }
    let recorder = Recorder()
    let token = store.observe(keys: ["b"], initial: true, scheduler: ImmediateScheduler()) {
      recorder.record($0)
    }
    #expect(recorder.changes == [DefaultsChange(key: "b", old: nil, new: .integer(2))])
    try store.set(.integer(10), forKey: "a")
    #expect(recorder.changes.count == 1, "a change of another key is not delivered")
    try store.set(.integer(20), forKey: "b")
    #expect(recorder.changes.last == DefaultsChange(key: "b", old: .integer(2), new: .integer(20)))
    withExtendedLifetime(token) {}
  }

  @Test(arguments: Backend.allCases)
  func releasingTheTokenCancels(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    let recorder = Recorder()
    do {
      let token = store.observe(scheduler: ImmediateScheduler()) { recorder.record($0) }
      try store.set(.integer(1), forKey: "k")
      _ = token
    }
    try store.set(.integer(2), forKey: "k")
    #expect(recorder.changes.count == 1)
  }

  @Test(arguments: Backend.allCases)
  func registeredDefaultsAndArgumentsAreChangesToo(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    let recorder = Recorder()
    let token = store.observe(scheduler: ImmediateScheduler()) { recorder.record($0) }
    store.register(["k": .integer(1)])
    try store.set(.integer(2), forKey: "k")
    store.setArguments(["k": .integer(3)])
    #expect(
      recorder.changes == [
        DefaultsChange(key: "k", old: nil, new: .integer(1)),
        DefaultsChange(key: "k", old: .integer(1), new: .integer(2)),
        DefaultsChange(key: "k", old: .integer(2), new: .integer(3)),
      ])
    withExtendedLifetime(token) {}
  }

  /// Another writer (a second store, as another process would be) and hand
  /// edits reach observers through inotify on the folder.
  @Test func writesFromElsewhereArrive() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    let store = try defaults.store()
    let recorder = Recorder()
    let token = store.observe(scheduler: ImmediateScheduler()) { recorder.record($0) }
    #expect(store.watchesOtherProcesses)
    try defaults.store().set(.string("elsewhere"), forKey: "k")
    #expect(
      eventually {
        recorder.changes == [DefaultsChange(key: "k", old: nil, new: .string("elsewhere"))]
      })
    // A hand edit in place.
    let edited = try XMLPlistWriter.write(.dictionary(["k": .string("by hand")]))
    try Data(edited).write(to: URL(fileURLWithPath: defaults.path()))
    #expect(eventually { recorder.changes.last?.new == .string("by hand") })
    // The same content written again is no change.
    let count = recorder.changes.count
    try Data(edited).write(to: URL(fileURLWithPath: defaults.path()))
    usleep(200_000)
    #expect(recorder.changes.count == count)
    // Removing the file removes the values.
    try FileManager.default.removeItem(atPath: defaults.path())
    #expect(
      eventually {
        recorder.changes.last == DefaultsChange(key: "k", old: .string("by hand"), new: nil)
      })
    withExtendedLifetime(token) {}
  }

  @Test(arguments: Backend.allCases)
  func theAsyncSequenceYieldsEachChangeInOrder(backend: Backend) async throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    let stream = store.changes(keys: ["k"], initial: true)
    try store.set(.integer(1), forKey: "k")
    try store.set(.integer(2), forKey: "k")
    var seen: [DefaultsChange] = []
    for await change in stream {
      seen.append(change)
      if seen.count == 2 { break }
    }
    #expect(
      seen == [
        DefaultsChange(key: "k", old: nil, new: .integer(1)),
        DefaultsChange(key: "k", old: .integer(1), new: .integer(2)),
      ])
  }

  /// Observers are called with no lock of the store held: one that writes
  /// to the store from its callback, on its own thread or by handing the
  /// write to another thread and waiting for it, does not deadlock, and
  /// every change still arrives, in order.
  @Test(arguments: Backend.allCases)
  func anObserverMayWriteFromItsCallback(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    let recorder = Recorder()
    let token = store.observe(keys: ["a", "b", "c"], scheduler: ImmediateScheduler()) { changes in
      recorder.record(changes)
      for change in changes {
        guard case .integer(let number) = change.new else { continue }
        switch change.key {
        case "a":
          // On this thread.
          _ = try? store.set(.integer(number * 10), forKey: "b")
        case "b":
          // On another thread, waited for.
          let done = DispatchSemaphore(value: 0)
          DispatchQueue.global().async {
            _ = try? store.set(.integer(number * 10), forKey: "c")
            done.signal()
          }
          recorder.record(
            done.wait(timeout: .now() + 5) == .success
              ? [] : [DefaultsChange(key: "deadlock", old: nil, new: nil)])
        default: break
        }
      }
    }
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = try? store.set(.integer(1), forKey: "a")
      finished.signal()
    }
    #expect(finished.wait(timeout: .now() + 10) == .success, "the first write returned")
    #expect(
      eventually {
        recorder.changes == [
          DefaultsChange(key: "a", old: nil, new: .integer(1)),
          DefaultsChange(key: "b", old: nil, new: .integer(10)),
          DefaultsChange(key: "c", old: nil, new: .integer(100)),
        ]
      }, "\(recorder.changes)")
    #expect(
      try store.persistentValues() == ["a": .integer(1), "b": .integer(10), "c": .integer(100)])
    withExtendedLifetime(token) {}
  }

  /// An observer may also observe and cancel from its callback, and a queue
  /// observer that writes back hears its own write after the one it is handling.
  @Test(arguments: Backend.allCases)
  func observingAndCancellingFromACallback(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    let recorder = Recorder()
    let inner = Mutex<ObservationToken?>(nil)
    let outer = Mutex<ObservationToken?>(nil)
    outer.withLock {
      $0 = store.observe(scheduler: ImmediateScheduler()) { changes in
        recorder.record(changes)
        inner.withLock {
          $0 = store.observe(keys: ["k"], initial: true, scheduler: ImmediateScheduler()) {
            recorder.record($0)
          }
        }
        outer.withLock { $0?.cancel() }
      }
    }
    try store.set(.integer(1), forKey: "k")
    try store.set(.integer(2), forKey: "k")
    #expect(
      recorder.changes == [
        DefaultsChange(key: "k", old: nil, new: .integer(1)),
        DefaultsChange(key: "k", old: nil, new: .integer(1)),
        DefaultsChange(key: "k", old: .integer(1), new: .integer(2)),
      ])
    let echo = Recorder()
    let queue = DispatchQueue(label: "echo")
    let echoing = store.observe(keys: ["n"], scheduler: QueueScheduler(queue)) { changes in
      echo.record(changes)
      if case .integer(let number) = changes.last?.new, number < 5 {
        _ = try? store.set(.integer(number + 1), forKey: "n")
      }
    }
    try store.set(.integer(1), forKey: "n")
    #expect(eventually { echo.changes.compactMap(\.new) == (1...5).map { .integer($0) } })
    withExtendedLifetime(echoing) {}
  }

  /// The folder removed (with its parent), moved away and back: the watch
  /// says so as a typed state, holds no values meanwhile, and hears writes
  /// again once the folder is back; a write into the moved copy is not heard.
  @Test func theWatchOutlivesItsFolder() throws {
    let base = try TemporaryDefaults()
    defer { base.remove() }
    let folder = base.directory + "/deep/config"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let store = try DefaultsStore(domain: "com.example.app", directory: folder)
    let other = try DefaultsStore(domain: "com.example.app", directory: folder)
    try other.set(.integer(1), forKey: "k")
    let recorder = Recorder()
    let states = Mutex<[DefaultsStore.WatchState]>([])
    let token = store.observe(scheduler: ImmediateScheduler()) { recorder.record($0) }
    let stateToken = store.observeWatchState(scheduler: ImmediateScheduler()) { state in
      states.withLock { $0.append(state) }
    }
    #expect(store.watchState == .watching)

    try FileManager.default.removeItem(atPath: base.directory + "/deep")
    #expect(eventually { store.watchState == .waitingForFolder(folder) })
    #expect(
      eventually { recorder.changes.last == DefaultsChange(key: "k", old: .integer(1), new: nil) })
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(eventually { store.watchState == .watching })
    try other.set(.integer(2), forKey: "k")
    #expect(
      eventually { recorder.changes.last == DefaultsChange(key: "k", old: nil, new: .integer(2)) })

    try FileManager.default.moveItem(atPath: folder, toPath: folder + "-moved")
    #expect(eventually { store.watchState == .waitingForFolder(folder) })
    #expect(eventually { recorder.changes.last?.new == nil })
    try DefaultsStore(domain: "com.example.app", directory: folder + "-moved")
      .set(.integer(3), forKey: "k")
    usleep(200_000)
    #expect(recorder.changes.last?.new == nil, "the moved folder is not the domain's")
    try FileManager.default.moveItem(atPath: folder + "-moved", toPath: folder)
    #expect(eventually { store.watchState == .watching })
    #expect(
      eventually { recorder.changes.last == DefaultsChange(key: "k", old: nil, new: .integer(3)) })
    try other.set(.integer(4), forKey: "k")
    #expect(eventually { recorder.changes.last?.new == .integer(4) })
    #expect(
      states.withLock { $0 } == [
        .watching, .waitingForFolder(folder), .watching, .waitingForFolder(folder), .watching,
      ])
    withExtendedLifetime((token, stateToken)) {}
  }

  /// A folder that does not exist yet is waited for, then watched.
  @Test func aFolderNotMadeYetIsWaitedFor() throws {
    let base = try TemporaryDefaults()
    defer { base.remove() }
    let folder = base.directory + "/later"
    let store = try DefaultsStore(domain: "com.example.app", directory: folder)
    let recorder = Recorder()
    let token = store.observe(scheduler: ImmediateScheduler()) { recorder.record($0) }
    #expect(store.watchesOtherProcesses)
    #expect(store.watchState == .waitingForFolder(folder))
    #expect(!FileManager.default.fileExists(atPath: folder), "watching makes no folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(eventually { store.watchState == .watching })
    try DefaultsStore(domain: "com.example.app", directory: folder).set(.bool(true), forKey: "k")
    #expect(
      eventually { recorder.changes == [DefaultsChange(key: "k", old: nil, new: .bool(true))] })
    token.cancel()
    #expect(store.watchState == .notWatching)
  }

  /// A domain file linked from another folder: writes through the link
  /// replace the linked file there, and the watch hears them (the link in
  /// the same folder, too), also after the link is pointed elsewhere.
  @Test(arguments: ["elsewhere", "same folder"])
  func writesThroughALinkArrive(place: String) throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    let dotfiles = place == "elsewhere" ? defaults.directory + "/dotfiles" : defaults.directory
    try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: defaults.path(), withDestinationPath: dotfiles + "/app.plist")
    let store = try defaults.store()
    let recorder = Recorder()
    let token = store.observe(scheduler: ImmediateScheduler()) { recorder.record($0) }
    try defaults.store().set(.integer(1), forKey: "k")
    #expect(
      eventually { recorder.changes == [DefaultsChange(key: "k", old: nil, new: .integer(1))] },
      "\(recorder.changes)")
    // The link pointed at another file.
    try XMLPlistWriter.write(.dictionary(["k": .integer(2)])).withUnsafeBytes {
      try Data($0).write(to: URL(fileURLWithPath: dotfiles + "/other.plist"))
    }
    try FileManager.default.removeItem(atPath: defaults.path())
    try FileManager.default.createSymbolicLink(
      atPath: defaults.path(), withDestinationPath: dotfiles + "/other.plist")
    #expect(eventually { recorder.changes.last?.new == .integer(2) }, "\(recorder.changes)")
    try defaults.store().set(.integer(3), forKey: "k")
    #expect(eventually { recorder.changes.last?.new == .integer(3) }, "\(recorder.changes)")
    withExtendedLifetime(token) {}
  }

  /// Writes racing from several threads, with the watch reading the file
  /// meanwhile: every change starts where the one before it ended (no change
  /// back to a value already overwritten) and the last ends at what is stored.
  @Test(arguments: Backend.allCases)
  func racingWritesAreObservedAsOneUnbrokenChain(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    let recorder = Recorder()
    let token = store.observe(keys: ["k"], scheduler: ImmediateScheduler()) {
      recorder.record($0)
    }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for round in 0..<100 {
        _ = try? store.set(.integer(Int64(thread * 1000 + round)), forKey: "k")
      }
    }
    let stored = try store.persistentValues()["k"]
    #expect(eventually { recorder.changes.last?.new == stored }, "\(recorder.changes)")
    let changes = recorder.changes
    #expect(changes.first?.old == nil)
    for (previous, next) in zip(changes, changes.dropFirst()) {
      #expect(next.old == previous.new, "\(previous) then \(next)")
    }
    // Every value is written once, and each thread's in increasing order: one
    // seen twice, or a thread's seen after a later one of it, went back in time.
    let seen = changes.compactMap { change -> Int64? in
      guard case .integer(let value) = change.new else { return nil }
      return value
    }
    #expect(Set(seen).count == seen.count, "\(seen)")
    for thread in Int64(0)..<8 {
      let own = seen.filter { $0 / 1000 == thread }
      #expect(own == own.sorted(), "\(own)")
    }
    withExtendedLifetime(token) {}
  }
}

import DefaultsStore
import Foundation
import Plist
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
}

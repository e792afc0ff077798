import DefaultsStore
import Foundation
import Plist
import Synchronization
import TestSupport
import Testing

/// An unrelated write keeps keys that differ only in Unicode normalization:
/// Foundation stores them as two keys, and merging them would lose a value.
struct KeyNormalizationTests {
  @Test(arguments: Backend.allCases)
  func anUnrelatedWriteLosesNoValue(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let stored: [PlistKey: PlistValue] = [
      "caf\u{E9}": .string("composed"), "cafe\u{301}": .string("decomposed"),
      "\u{212B}": .integer(1), "\u{C5}": .integer(2),
    ]
    try defaults.store().replaceAll(with: stored)
    try defaults.store().set(.bool(true), forKey: "unrelated")
    var expected = stored
    expected["unrelated"] = .bool(true)
    #expect(try defaults.store().persistentValues() == expected)
    #expect(try defaults.store().value(forKey: "cafe\u{301}") == .string("decomposed"))
    if backend == .file, let bytes = defaults.bytes() {
      #expect(FoundationOracle.read(bytes) == .dictionary(expected))
    }
  }

  @Test func observersSeeOnlyTheExactKey() throws {
    let store = try DefaultsStore(inMemory: "com.example.keys")
    let seen = Mutex<[PlistKey]>([])
    let token = store.observe(keys: ["caf\u{E9}"], scheduler: ImmediateScheduler()) { changes in
      seen.withLock { $0 += changes.map(\.key) }
    }
    defer { token.cancel() }
    try store.set(.integer(1), forKey: "cafe\u{301}")
    try store.set(.integer(2), forKey: "caf\u{E9}")
    #expect(seen.withLock { $0 } == ["caf\u{E9}"])
  }
}

import DefaultsStore
import Foundation
import Plist
import Testing

/// A store says what it keeps its domain in, so that no caller guesses it
/// (an empty `directory` was read as "shared", which a store in memory is not),
/// and whether the domain exists: its file is there, or it holds a value.
struct StoreStorageTests {
  @Test(arguments: Backend.allCases)
  func aStoreSaysWhatItKeepsItsDomainIn(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    switch backend {
    case .file: #expect(store.storage == .folder(defaults.directory))
    case .memory: #expect(store.storage == .memory)
    case .postgres:
      #expect(store.storage == .backend(store.path))
      #expect(!store.path.contains("@") || !store.path.contains(":secret"))
    }
    #expect(try !store.exists())
    try store.set(.integer(1), forKey: "k")
    #expect(try store.exists())
    try store.removeAll()
    // Every value removed, the domain is gone: its file is deleted, as macOS' `defaults delete` does.
    #expect(try !store.exists())
  }
}

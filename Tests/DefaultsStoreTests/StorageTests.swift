import DefaultsStore
import Foundation
import Plist
import TestSupport
import Testing

struct StorageTests {
  @Test(arguments: Backend.allCases)
  func everyTypeRoundTrips(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store()
    try store.update { $0 = everyType }
    #expect(try defaults.store().persistentValues() == everyType)
    guard backend == .file else { return }
    // Foundation reads the file to the same values.
    let bytes = try #require(defaults.bytes())
    #expect(FoundationOracle.read(bytes) == .dictionary(everyType))
  }

  @Test func theFileIsWhatFoundationWrites() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    try defaults.store().update { $0 = everyType }
    var foundationValues: [String: Any] = [:]
    for (key, value) in everyType { foundationValues[key.string] = foundationObject(value) }
    let expected = try PropertyListSerialization.data(
      fromPropertyList: foundationValues, format: .xml, options: 0)
    #expect(try #require(defaults.bytes()) == Array(expected))
  }

  @Test(arguments: ["", "a/b", "..", ".hidden", "bad\u{1}name"])
  func badDomainNamesAreRefused(name: String) {
    #expect(throws: DefaultsError.self) { try DefaultsStore(domain: name, directory: "/tmp") }
  }

  /// A name of exactly `bytes` UTF-8 bytes made of `unit` (padded with `a`).
  static func name(bytes: Int, of unit: Character) -> String {
    let repeats = bytes / unit.utf8.count
    return String(repeating: unit, count: repeats)
      + String(repeating: "a", count: bytes - repeats * unit.utf8.count)
  }

  /// Every length around the limit, in one-, two- and four-byte characters:
  /// a name the check accepts can be written, read, moved aside when corrupt
  /// and deleted; one byte more is refused by the check, not by the disk.
  @Test(arguments: ["a", "é", "😀"] as [Character])
  func theNameCheckAndTheFileNamesAgree(unit: Character) throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    #expect(DomainName.maximumBytes >= 200)
    for bytes in (DomainName.maximumBytes - 8)...(DomainName.maximumBytes + 8) {
      let name = Self.name(bytes: bytes, of: unit)
      #expect(name.utf8.count == bytes)
      guard bytes <= DomainName.maximumBytes else {
        #expect(throws: DefaultsError.self, "\(bytes) bytes") { try DomainName(name) }
        continue
      }
      let store = try DefaultsStore(domain: name, directory: defaults.directory)
      try store.set(.integer(Int64(bytes)), forKey: "length")
      #expect(try defaults.store(name).persistentValues() == ["length": .integer(Int64(bytes))])
      try Data("garbage".utf8).write(to: URL(fileURLWithPath: store.path))
      let moved = try #require(try store.set(.bool(true), forKey: "k", force: true).movedAside)
      #expect(FileManager.default.fileExists(atPath: moved))
      try store.set(.bool(false), forKey: "k", force: true)
      #expect(DefaultsStore.domains(in: defaults.directory).contains(name))
      try store.removeAll()
      #expect(!FileManager.default.fileExists(atPath: store.path))
    }
  }

  @Test(arguments: [
    "not a plist at all <", "<?xml version=\"1.0\"?><plist><array></array></plist>", "",
  ])
  func aCorruptFileIsNeverOverwritten(text: String) throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    try Data(text.utf8).write(to: URL(fileURLWithPath: defaults.path()))
    let store = try defaults.store()
    #expect {
      try store.set(.bool(true), forKey: "flag")
    } throws: { error in
      "\(error)".contains(defaults.path()) && "\(error)".contains("does not parse")
    }
    #expect(defaults.bytes() == Array(text.utf8))
    // --force moves it aside, keeping its bytes, and writes anew.
    let outcome = try store.set(.bool(true), forKey: "flag", force: true)
    let moved = try #require(outcome.movedAside)
    #expect(moved.hasPrefix(defaults.path() + ".corrupt-"))
    #expect(FileManager.default.contents(atPath: moved).map(Array.init) == Array(text.utf8))
    #expect(try store.persistentValues() == ["flag": .bool(true)])
  }

  @Test func aDirectoryAtTheDomainPathIsRefused() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    try FileManager.default.createDirectory(
      atPath: defaults.path("dir"), withIntermediateDirectories: true)
    #expect(throws: DefaultsError.self) { try defaults.store("dir").set(.bool(true), forKey: "k") }
    #expect(throws: DefaultsError.self) { try defaults.store("dir").persistentValues() }
  }

  /// A domain file linked from elsewhere (as dotfile managers do) is read
  /// through the link, and a write replaces the linked file atomically in
  /// its own folder, keeping the link: absolute, relative, chained, or to
  /// a file not made yet.
  @Test(arguments: ["absolute", "relative", "chained", "dangling"])
  func aLinkedDomainFileIsReadAndWrittenThrough(kind: String) throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    let dotfiles = defaults.directory + "/dotfiles"
    try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
    let target = dotfiles + "/app.plist"
    if kind != "dangling" {
      try Data(try XMLPlistWriter.write(.dictionary(["k": .integer(1)]))).write(
        to: URL(fileURLWithPath: target))
    }
    let link = defaults.path()
    switch kind {
    case "relative":
      try FileManager.default.createSymbolicLink(
        atPath: link, withDestinationPath: "dotfiles/app.plist")
    case "chained":
      try FileManager.default.createSymbolicLink(
        atPath: dotfiles + "/middle.plist", withDestinationPath: "app.plist")
      try FileManager.default.createSymbolicLink(
        atPath: link, withDestinationPath: dotfiles + "/middle.plist")
    default:
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    }
    let store = try defaults.store()
    #expect(try store.persistentValues() == (kind == "dangling" ? [:] : ["k": .integer(1)]))
    try store.set(.string("new"), forKey: "added")
    var expected: [PlistKey: PlistValue] = ["added": .string("new")]
    if kind != "dangling" { expected["k"] = .integer(1) }
    #expect(try defaults.store().persistentValues() == expected)
    let linked = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
    #expect(linked == .typeSymbolicLink, "the link is kept")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: target))
    #expect(FoundationOracle.read(Array(bytes)) == .dictionary(expected))
    let leftovers =
      try FileManager.default.contentsOfDirectory(atPath: dotfiles)
      + FileManager.default.contentsOfDirectory(atPath: defaults.directory)
    #expect(!leftovers.contains { $0.hasSuffix(".tmp") })
  }

  /// A corrupt linked file moved aside with force: the copy lands beside the
  /// linked file, and the link then leads to the new one.
  @Test func aCorruptLinkedFileIsMovedAsideBesideIt() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    let dotfiles = defaults.directory + "-dotfiles"
    try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dotfiles) }
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: dotfiles + "/app.plist"))
    try FileManager.default.createSymbolicLink(
      atPath: defaults.path(), withDestinationPath: dotfiles + "/app.plist")
    let store = try defaults.store()
    #expect(throws: DefaultsError.self) { try store.set(.bool(true), forKey: "k") }
    let moved = try #require(try store.set(.bool(true), forKey: "k", force: true).movedAside)
    #expect(moved.hasPrefix(dotfiles + "/com.example.app.plist.corrupt-"))
    #expect(FileManager.default.contents(atPath: moved) == Data("garbage".utf8))
    #expect(try store.persistentValues() == ["k": .bool(true)])
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: defaults.path())
        == dotfiles + "/app.plist")
  }

  /// A link to a folder or a loop of links is refused with the reason, and nothing is written.
  @Test func linksThatLeadNowhereUsableAreRefused() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: defaults.path("folder"), withDestinationPath: defaults.directory)
    #expect {
      try defaults.store("folder").set(.bool(true), forKey: "k")
    } throws: { "\($0)".contains("symbolic link to a directory") }
    try FileManager.default.createSymbolicLink(
      atPath: defaults.path("loop"), withDestinationPath: "loop.plist")
    #expect {
      try defaults.store("loop").set(.bool(true), forKey: "k")
    } throws: { "\($0)".contains("symbolic links") }
  }

  /// Only the default location is made when missing: a folder given by
  /// hand that does not exist (a typo) is an error, and nothing is created.
  @Test func aMissingFolderIsMadeOnlyWhenItIsTheDefaultOne() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    let typo = defaults.directory + "/typo/deeper"
    let store = try DefaultsStore(domain: "com.example.app", directory: typo)
    #expect(throws: DefaultsError.missingDirectory(typo)) {
      try store.set(.bool(true), forKey: "k")
    }
    #expect(!FileManager.default.fileExists(atPath: defaults.directory + "/typo"))
    #expect(try store.persistentValues() == [:], "reading a missing folder is no error")
    let made = try DefaultsStore(
      domain: "com.example.app", directory: typo, createsDirectory: true)
    try made.set(.bool(true), forKey: "k")
    #expect(try store.persistentValues() == ["k": .bool(true)])
  }

  /// A domain file over the reader's limit is refused before it is read
  /// (a sparse 2 GB file costs no time and no memory).
  @Test func aHugeDomainFileIsRefusedWithoutBeingRead() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    let descriptor = open(defaults.path(), O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(descriptor, 2 << 30) == 0)
    close(descriptor)
    let started = Date()
    #expect {
      try defaults.store().persistentValues()
    } throws: { "\($0)".contains("larger than") }
    #expect(Date().timeIntervalSince(started) < 1)
  }

  @Test(arguments: Backend.allCases)
  func unknownKeysAreKept(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    try defaults.store().update { $0 = everyType }
    try defaults.store().set(.string("new"), forKey: "added")
    var expected = everyType
    expected["added"] = .string("new")
    #expect(try defaults.store().persistentValues() == expected)
  }

  @Test(arguments: Backend.allCases)
  func concurrentWritersOfDifferentKeysLoseNone(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      let store = try! defaults.store()
      for index in 0..<50 {
        try! store.set(.integer(Int64(index)), forKey: "w\(writer)-\(index)")
      }
    }
    #expect(try defaults.store().persistentValues().count == 200)
  }

  @Test(arguments: Backend.allCases)
  func readsResolveArgumentsThenTheFileThenRegisteredDefaults(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    let store = try defaults.store(arguments: ["a": .string("argument")])
    store.register([
      "a": .string("registered"), "b": .string("registered"), "c": .string("registered"),
    ])
    try store.update { $0 = ["a": .string("file"), "b": .string("file")] }
    #expect(try store.value(forKey: "a") == .string("argument"))
    #expect(try store.value(forKey: "b") == .string("file"))
    #expect(try store.value(forKey: "c") == .string("registered"))
    #expect(try store.persistentValues()["c"] == nil, "registered defaults are never written")
  }

  @Test(arguments: Backend.allCases)
  func valuesAnXMLPlistCannotHoldAreRefused(backend: Backend) throws {
    let defaults = try TemporaryDefaults(backend)
    defer { defaults.remove() }
    try defaults.store().set(.bool(true), forKey: "flag")
    let before = defaults.bytes()
    #expect(throws: DefaultsError.self) {
      try defaults.store().set(.string("bell\u{7}"), forKey: "k")
    }
    #expect(defaults.bytes() == before)
  }

  @Test func binaryDomainFilesAreRead() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    var objects: [String: Any] = [:]
    for (key, value) in everyType { objects[key.string] = foundationObject(value) }
    let binary = try PropertyListSerialization.data(
      fromPropertyList: objects, format: .binary, options: 0)
    try binary.write(to: URL(fileURLWithPath: defaults.path()))
    #expect(try defaults.store().persistentValues() == everyType)
    try defaults.store().set(.integer(1), forKey: "added")
    var expected = everyType
    expected["added"] = .integer(1)
    #expect(try defaults.store().persistentValues() == expected, "rewritten as XML, nothing lost")
  }

  @Test func domainsAreListed() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    try defaults.store("com.b").set(.bool(true), forKey: "k")
    try defaults.store("com.a").set(.bool(true), forKey: "k")
    #expect(DefaultsStore.domains(in: defaults.directory) == ["com.a", "com.b"])
  }

  @Test func theDefaultFolderIsFoundationsOne() {
    #expect(
      DefaultsLocation.directory(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"])
        == "/x/cfg")
    #expect(DefaultsLocation.directory(environment: ["HOME": "/h"]) == "/h/.config")
    #expect(
      DefaultsLocation.directory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
        == "/h/.config")
  }
}

func foundationObject(_ value: PlistValue) -> Any {
  switch value {
  case .string(let text): text
  case .integer(let number): number
  case .real(let number): number
  case .bool(let flag): flag
  case .date(let date): date
  case .data(let data): data
  case .array(let items): items.map(foundationObject)
  case .dictionary(let entries):
    Dictionary(entries.map { ($0.key.string, foundationObject($0.value)) }) { $1 }
  }
}

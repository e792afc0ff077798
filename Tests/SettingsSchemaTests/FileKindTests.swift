import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// Whatever kind of file stands where a reader looks for a page or a table
/// (a link inside, a link out of the bundle, a FIFO, a folder, a file nobody
/// may read), the bundle reads, and what does not read is one problem naming
/// that file and why: never "it has no Root.plist", never a language shown as
/// "not localized", never a read that blocks on a FIFO.
struct FileKindTests {
  enum Kind: String, CaseIterable, Sendable {
    case regular, linkInside, linkOutside, fifo, folder, unreadable
  }

  static let page = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>StringsTable</key><string>Root</string>
    <key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sync</string></dict>
    </array></dict></plist>
    """
  static let table = "\"Sync\" = \"Synchronisation\";\n"

  /// Puts `text` at `file` of the bundle as a file of `kind`.
  static func place(_ kind: Kind, _ text: String, at file: String, in bundle: TemporaryBundle)
    throws
  {
    let url = bundle.url.appendingPathComponent(file)
    let manager = FileManager.default
    try manager.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    switch kind {
    case .regular:
      try bundle.write(file, text)
    case .linkInside:
      try bundle.write("Shared/" + url.lastPathComponent, text)
      let depth = file.split(separator: "/").count - 1
      let target = String(repeating: "../", count: depth) + "Shared/" + url.lastPathComponent
      try manager.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    case .linkOutside:
      let outside = bundle.folder.appendingPathComponent("outside-" + url.lastPathComponent)
      try Data(text.utf8).write(to: outside)
      try manager.createSymbolicLink(atPath: url.path, withDestinationPath: outside.path)
    case .fifo:
      #expect(mkfifo(url.path, 0o644) == 0)
    case .folder:
      try manager.createDirectory(at: url, withIntermediateDirectories: true)
    case .unreadable:
      try bundle.write(file, text)
      #expect(chmod(url.path, 0) == 0)
    }
  }

  /// What a read of a file of `kind` says, or nil when it reads. Root (the
  /// tests may run as root) reads a file whatever its mode.
  static func refusal(of kind: Kind) -> String? {
    switch kind {
    case .regular, .linkInside: nil
    case .linkOutside: "a symbolic link that leaves the bundle"
    case .fifo: "a FIFO, not a regular file; it is never read"
    case .folder: "a folder, not a regular file; it is never read"
    case .unreadable: geteuid() == 0 ? nil : "the file cannot be opened (Permission denied)"
    }
  }

  @Test(arguments: Kind.allCases)
  func theRootPageOfEveryKind(kind: Kind) throws {
    let bundle = try TemporaryBundle()
    defer {
      _ = chmod(bundle.url.appendingPathComponent("Root.plist").path, 0o644)
      bundle.remove()
    }
    try Self.place(kind, Self.page, at: "Root.plist", in: bundle)
    try bundle.write("en.lproj/Root.strings", Self.table)
    let loaded = try SettingsBundle.load(at: bundle.path)
    #expect(loaded.pages.map(\.file) == ["Root.plist"])
    let named = loaded.problems.filter { $0.file == "Root.plist" }
    if let refusal = Self.refusal(of: kind) {
      #expect(loaded.unreadPages.map(\.file) == ["Root.plist"])
      #expect(named.count == 1, "one problem, not one per reader: \(named)")
      #expect(named.first?.issue.message.contains(refusal) == true, "\(named)")
      #expect(named.first?.issue.severity == .error)
    } else {
      #expect(loaded.unreadPages.isEmpty, "\(loaded.problems)")
      #expect(loaded.pages.first?.specifiers.count == 1)
    }
  }

  @Test(arguments: Kind.allCases)
  func aLanguagesTableOfEveryKind(kind: Kind) throws {
    let bundle = try TemporaryBundle()
    let file = "en.lproj/Root.strings"
    defer {
      _ = chmod(bundle.url.appendingPathComponent(file).path, 0o644)
      bundle.remove()
    }
    try bundle.write("Root.plist", Self.page)
    try Self.place(kind, Self.table, at: file, in: bundle)
    let loaded = try SettingsBundle.load(
      at: bundle.path, options: LoadOptions(preferredLanguages: ["en"]))
    // The language has the table, whether or not it reads: not "not localized".
    #expect(loaded.inventory.tablesByFolder["en"]?.contains("Root") == true)
    let named = loaded.problems.filter { $0.file == file }
    if let refusal = Self.refusal(of: kind) {
      #expect(named.count == 1, "one problem, not one per reader: \(named)")
      #expect(named.first?.issue.message.contains(refusal) == true, "\(named)")
      #expect(loaded.strings[file] == nil)
    } else {
      #expect(named.isEmpty, "\(named)")
      #expect(loaded.localized("Sync", on: loaded.pages[0]) == "Synchronisation")
    }
  }

  /// A link that leads nowhere and a socket are refused alike, by name.
  @Test func aLinkToNothingIsRefusedByName() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.page)
    try FileManager.default.createDirectory(
      at: bundle.url.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: bundle.url.appendingPathComponent("de.lproj/Root.strings").path,
      withDestinationPath: "Missing.strings")
    let loaded = try SettingsBundle.load(at: bundle.path)
    let named = loaded.problems.filter { $0.file == "de.lproj/Root.strings" }
    #expect(named.map(\.issue.message) == ["a symbolic link that leads nowhere"])
  }
}

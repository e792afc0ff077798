import Foundation
import TestSupport
import Testing

@testable import SourceCheck

/// Resolving receivers costs work linear in the sources, counted in steps
/// (expressions classified, scopes searched, globals resolved, declarations
/// indexed), never in time: before, a name declared in k places whose
/// declarations name another such name cost k^8 a use, and every use
/// searched its scopes from the start.
struct ReceiverWorkTests {
  static func scan(_ files: [String: String]) throws -> SourceScan {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-receivers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
      try Data(("import Foundation\n" + text).utf8).write(
        to: folder.appendingPathComponent(name))
    }
    return try SourceScanner.scan([folder.path])
  }

  /// Eight levels of globals, each declared in `width` files and naming the next.
  @Test(arguments: [2, 6])
  func namesDeclaredInManyFilesAreResolvedOnce(width: Int) throws {
    var files: [String: String] = [:]
    for level in 0..<8 {
      for copy in 0..<width {
        files["Level\(level)-\(copy).swift"] = "let a\(level) = a\(level + 1)\n"
      }
    }
    files["Top.swift"] = "let a8 = UserDefaults.standard\n"
    let uses = 50
    files["Uses.swift"] = (0..<uses).map { "_ = a0.bool(forKey: \"k\($0)\")\n" }.joined()
    let scan = try Self.scan(files)
    #expect(scan.uses.count == uses)
    #expect(scan.receiverSteps <= 20 * (8 * width + 1 + uses), "\(scan.receiverSteps)")
  }

  /// A chain of properties each naming the next, used from its far end.
  @Test func aChainOfPropertiesCostsItsLength() throws {
    let length = 2_000
    var members = (0..<length).map { "  var p\($0) = p\($0 + 1)\n" }.joined()
    members += "  var p\(length): UserDefaults = .standard\n"
    let reads = (0..<length).map { "    _ = p\(length - $0 % 8).bool(forKey: \"k\($0)\")\n" }
    let text = "struct Store {\n" + members + "  func read() {\n" + reads.joined() + "  }\n}\n"
    let scan = try Self.scan(["Store.swift": text])
    #expect(scan.uses.count == length)
    #expect(scan.receiverSteps <= 20 * 2 * length, "\(scan.receiverSteps)")
  }

  /// Many files naming one property that many types declare.
  @Test func manyFilesNamingTheSameGlobal() throws {
    var files: [String: String] = [:]
    let count = 200
    for type in 0..<count {
      files["Type\(type).swift"] =
        "struct T\(type) { static let store = UserDefaults(suiteName: \"group.x\")! }\n"
    }
    for file in 0..<count {
      files["Use\(file).swift"] = "func f\(file)() { _ = store.bool(forKey: \"k\") }\n"
    }
    let scan = try Self.scan(files)
    #expect(scan.uses.count == count)
    #expect(scan.uses.allSatisfy { $0.suite == "group.x" })
    #expect(scan.receiverSteps <= 20 * 3 * count, "\(scan.receiverSteps)")
  }
}

import Foundation
import TestSupport
import Testing

/// `prefs defaults` names the empty key (and one with spaces at its ends) in
/// quotes in every message: `wrote "" to com.example.app`, never `wrote  to`.
struct EmptyKeyMessageTests {
  @Test(arguments: ["", " padded "])
  func writeAndDeleteNameTheKeyVisibly(key: String) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-empty-key-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    func run(_ arguments: [String]) -> PrefsBinary.Run {
      PrefsBinary.run(["defaults"] + arguments + ["--defaults-dir", directory])
    }
    let write = run(["write", "com.example.app", key, "x"])
    #expect(write.code == 0)
    #expect(write.errors == "wrote \"\(key)\" to com.example.app\n")
    let again = run(["write", "com.example.app", key, "x"])
    #expect(
      again.errors == "nothing to change: \"\(key)\" of com.example.app already holds that value\n")
    let delete = run(["delete", "com.example.app", key])
    #expect(delete.errors == "deleted \"\(key)\" from com.example.app\n")
  }
}

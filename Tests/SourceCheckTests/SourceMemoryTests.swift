import Foundation
import TestSupport
import Testing

@testable import SourceCheck

/// The sources in memory at once follow the largest file and the number of
/// workers, never the sum of the files: each pass loads a file, works on it
/// and lets it go, keeping plain data (symbols, constants, variables, uses).
/// Counted in bytes of text held (each with its tree while parsed), never in
/// resident memory: before, every file's text and syntax tree stayed alive
/// from the first pass to the last (the peak was the sum of the files).
struct SourceMemoryTests {
  /// A Swift file of about `size` bytes that declares a store and a key
  /// used by the next file, and reads the previous file's through them.
  static func swiftFile(_ number: Int, count: Int, size: Int) -> String {
    let previous = (number + count - 1) % count
    var text = """
      import Foundation
      let kKey\(number) = "key\(number)"
      let store\(number) = UserDefaults(suiteName: kGroup)!

      """
    var index = 0
    while text.utf8.count < size {
      text += """
        struct Model\(number)x\(index) {
          var name = "item \(index)"
          func read() -> Bool { store\(previous).bool(forKey: kKey\(previous)) }
        }

        """
      index += 1
    }
    return text
  }

  /// An Objective-C file of about `size` bytes, reading a header's constant
  /// through a property another file declares.
  static func objectiveCFile(_ number: Int, size: Int) -> String {
    var text = "@implementation Reader\(number)\n"
    while text.utf8.count < size {
      text += "- (BOOL)flag { return [self.settings boolForKey:kShared]; }\n"
    }
    return text + "@end\n"
  }

  @Test(arguments: [(count: 40, size: 20_000), (count: 12, size: 120_000)])
  func memoryFollowsTheLargestFileNotTheSum(count: Int, size: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-source-memory-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var largest = 0
    func write(_ text: String, _ name: String) throws {
      largest = max(largest, text.utf8.count)
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    for number in 0..<count {
      try write(Self.swiftFile(number, count: count, size: size), "File\(number).swift")
      try write(Self.objectiveCFile(number, size: size), "Reader\(number).m")
    }
    try write("let kGroup = \"group.app\"\n", "Group.swift")
    try write(
      """
      #define kShared @"shared"
      @interface Settings : NSObject
      @property (nonatomic, strong) NSUserDefaults *settings;
      @end

      """, "Settings.h")
    let scan = try SourceScanner.scan([folder.path])

    // The uses still resolve across files: constants, stores and suites of other files.
    let swiftUses = scan.uses.filter { $0.place.file.hasSuffix(".swift") }
    let objectiveCUses = scan.uses.filter { $0.place.file.hasSuffix(".m") }
    #expect(swiftUses.count >= count)
    #expect(swiftUses.allSatisfy { $0.suite == "group.app" && $0.key.hasPrefix("key") })
    #expect(objectiveCUses.count >= count)
    #expect(objectiveCUses.allSatisfy { $0.key == "shared" })
    #expect(scan.files == 2 * count + 2)

    // At most one file a worker at once; the sum of the files is many times more.
    let workers = ProcessInfo.processInfo.activeProcessorCount
    let total = 2 * count * size
    #expect(scan.peakSourceBytes >= size)
    #expect(
      scan.peakSourceBytes <= workers * largest + 1_024,
      "peak \(scan.peakSourceBytes) bytes, \(workers) workers, largest file \(largest), all \(total)"
    )
  }
}

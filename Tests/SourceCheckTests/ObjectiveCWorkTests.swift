import Foundation
import TestSupport
import Testing

@testable import SourceCheck

/// The Objective-C scans step over each token a bounded number of times,
/// counted in steps, never in time: before, each part of a long message
/// searched back to its `[`, each of a chain of assignments forward to its
/// `;`, and each unclosed `registerDefaults:@{` to the end of the file.
struct ObjectiveCWorkTests {
  static func scan(_ body: String) throws -> SourceScan {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-objc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(("void f(void) {\n" + body + "\n}\n").utf8).write(
      to: folder.appendingPathComponent("A.m"))
    return try SourceScanner.scan([folder.path])
  }

  static let count = 5_000

  @Test(arguments: [
    "[[NSUserDefaults standardUserDefaults]" + String(repeating: " boolForKey:@\"k\"", count: count)
      + "];",
    "[d setBool:YES" + String(repeating: " setBool:YES", count: count) + " forKey:@\"k\"];",
    "NSUserDefaults *a = " + String(repeating: "b = ", count: count)
      + "[NSUserDefaults standardUserDefaults];",
    String(repeating: "[d registerDefaults:@{ @\"k\": @1, ", count: count),
    String(repeating: "d registerDefaults:@{ @\"k\": @1, ", count: count),
    String(
      repeating: "[d registerDefaults:[NSDictionary dictionaryWithObjectsAndKeys: @1, @\"k\", ",
      count: count),
    "x = @{ @\"k\": @1 };" + String(repeating: " [d registerDefaults:y];", count: count),
    String(repeating: "x = (", count: count) + "[NSUserDefaults standardUserDefaults];",
    // A registration of a dictionary copied from a copy, 5,000 deep: read to a bounded depth.
    "[d registerDefaults:"
      + String(repeating: "[NSMutableDictionary dictionaryWithDictionary:", count: count) + "@{}"
      + String(repeating: "]", count: count) + "];",
    // Dictionaries filled before they are registered, each registration looking back.
    "NSMutableDictionary *d = [NSMutableDictionary dictionary];"
      + String(repeating: " [d setObject:@1 forKey:@\"k\"]; [x registerDefaults:d];", count: count),
    String(
      repeating: "d = [NSMutableDictionary dictionary]; d[@\"k\"] = @1; [x registerDefaults:d];",
      count: count),
  ])
  func everyScanIsLinear(body: String) throws {
    let scan = try Self.scan(body)
    // About 4 tokens a repetition, each stepped over a few times; a send reads
    // at most 256 tokens of receiver and 256 on to its `forKey:`. Quadratic
    // work would be about (4 × 5,000)² / 2 = 200 million steps.
    let tokens = 4 * Self.count
    let sends = Self.count + 1
    #expect(
      scan.objectiveCSteps <= 8 * tokens + 2 * ObjectiveCScanner.maximumReceiverTokens * sends,
      "\(scan.objectiveCSteps)")
  }

  /// What the scans find is what they found before, on ordinary code.
  @Test func ordinarySendsStillResolve() throws {
    let scan = try Self.scan(
      """
      NSUserDefaults *d = [NSUserDefaults standardUserDefaults];
      [d setObject:[NSArray arrayWithObjects:@1, @2, nil] forKey:@"list"];
      [d setBool:YES forKey:@"flag"];
      [d registerDefaults:@{@"flag": @NO, @"nested": @{@"inner": @1}, @"list": @[]}];
      """)
    #expect(
      scan.uses.map(\.key) == ["list", "flag", "flag", "nested", "list"], "\(scan.uses.map(\.key))")
  }
}

/// Keys made of constants made of constants: the work is bounded whatever the chain.
struct ConcatenationWorkTests {
  @Test func keysThatDoubleAtEachStepAreGivenUpOnSoon() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-concat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // k1 = k0 + … (16 times), k2 = k1 + … : 16^40 parts if followed.
    var text = "import Foundation\nlet k0 = \"a\"\n"
    for level in 1...40 {
      text +=
        "let k\(level) = " + Array(repeating: "k\(level - 1)", count: 16).joined(separator: " + ")
        + "\n"
    }
    text += "let short = k0 + \"b\"\n"
    text += "let x = UserDefaults.standard.bool(forKey: k40)\n"
    text += "let y = UserDefaults.standard.bool(forKey: short)\n"
    try Data(text.utf8).write(to: folder.appendingPathComponent("Keys.swift"))
    let start = ContinuousClock.now
    let scan = try SourceScanner.scan([folder.path])
    #expect(ContinuousClock.now - start < .seconds(20))
    #expect(scan.uses.map(\.key) == ["ab"])
  }
}

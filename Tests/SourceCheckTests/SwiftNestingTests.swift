import Foundation
import TestSupport
import Testing

@testable import SourceCheck

/// The estimate of how deep a Swift file nests, made from its bytes before
/// swift-syntax sees it: every shape that nests the parser or the tree one
/// level a token is caught at its line; real code is far from the limits.
struct SwiftNestingTests {
  /// Shapes that nest one level a repetition, each deep enough to crash or
  /// hang the parser or a visitor (measured: 20,000 links crash, 28 `[` hang).
  static let hazards: [(name: String, code: @Sendable (Int) -> String)] = [
    (
      "brackets",
      { "let x = " + String(repeating: "[", count: $0) + "1" + String(repeating: "]", count: $0) }
    ),
    (
      "parentheses",
      { "let x = " + String(repeating: "(", count: $0) + "1" + String(repeating: ")", count: $0) }
    ),
    (
      "braces",
      { "let x = " + String(repeating: "{ ", count: $0) + "1" + String(repeating: " }", count: $0) }
    ),
    (
      "generics",
      {
        "let x = " + String(repeating: "[Array<", count: $0) + "Int"
          + String(repeating: ">]", count: $0)
      }
    ),
    ("members", { "let x = a" + String(repeating: ".b", count: $0) }),
    ("calls", { "let x = a" + String(repeating: "()", count: $0) }),
    ("subscripts", { "let x = a" + String(repeating: "[0]", count: $0) }),
    ("unwraps", { "let x = a" + String(repeating: "!", count: $0) }),
    ("optionalTypes", { "let x: T" + String(repeating: "?", count: $0) + " = nil" }),
    ("tries", { "let x = " + String(repeating: "try ", count: $0) + "f()" }),
    ("awaits", { "let x = " + String(repeating: "await ", count: $0) + "f()" }),
    ("functionTypes", { "let x: T" + String(repeating: " -> T", count: $0) + " = f" }),
    ("elseIfs", { "func f() {\nif a {}" + String(repeating: " else if a {}", count: $0) + "\n}" }),
    ("mixed", { "let x = " + String(repeating: "f(a.b!.c?[0] ", count: $0) }),
    ("modifierLines", { "let x = a" + String(repeating: "\n  .b()", count: $0) }),
    (
      "interpolations",
      {
        "let x = " + String(repeating: "\"\\(", count: $0) + "1"
          + String(repeating: ")\"", count: $0)
      }
    ),
    // The parser's lookahead recurses once an #if (2,000 crashed the process).
    (
      "conditionals",
      {
        String(repeating: "#if A\n", count: $0) + "let x = 1\n"
          + String(repeating: "#endif\n", count: $0)
      }
    ),
  ]

  @Test(arguments: hazards.map(\.name))
  func everyNestingShapeIsCaughtOnItsLine(name: String) throws {
    let code = try #require(Self.hazards.first { $0.name == name }?.code)
    let text = "import Foundation\n\n" + code(20_000) + "\n"
    let bytes = Array(text.utf8)
    let found = SwiftNesting.excess(in: bytes)
    let excess = try #require(found)
    // The line where the limit is crossed: the third, or a later one for a chain of lines.
    #expect(excess.line >= 3)
    if !["modifierLines", "elseIfs", "conditionals"].contains(name) { #expect(excess.line == 3) }
    if name == "conditionals" {
      #expect(
        excess
          == SwiftNesting.Excess(
            limit: .conditionalDepth, line: 3 + SwiftNesting.maximumConditionalDepth))
    }
  }

  /// The deepest file of each shape the estimate lets through (`mixed`
  /// combines brackets and chains) is parsed and visited by the scan on the
  /// threads it uses, the test's own and Dispatch's, without overflowing a
  /// stack, and none is skipped.
  @Test func theDeepestFilesLetThroughAreParsedOnEveryThread() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-nesting-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, code) in Self.hazards {
      var low = 1
      var high = 20_000
      while low < high {
        let middle = (low + high + 1) / 2
        let text = "import Foundation\n" + code(middle) + "\n"
        let found = SwiftNesting.excess(in: Array(text.utf8))
        if found == nil { low = middle } else { high = middle - 1 }
      }
      let text = code(low)
      for copy in 0..<2 {
        try Data(("import Foundation\n" + text + "\n").utf8).write(
          to: folder.appendingPathComponent("\(name)\(copy).swift"))
      }
    }
    let scan = try SourceScanner.scan([folder.path])
    #expect(scan.skipped.isEmpty, "\(scan.skipped.map(\.file))")
    #expect(scan.files == 2 * Self.hazards.count)
  }

  /// Below the limits nothing is skipped; a run of `[` is limited far lower than the rest.
  @Test func theLimits() {
    func excess(_ text: String) -> SwiftNesting.Excess? {
      SwiftNesting.excess(in: Array(text.utf8))
    }
    let run = SwiftNesting.maximumTypeRun
    #expect(
      excess("x = " + String(repeating: "[", count: run) + String(repeating: "]", count: run))
        == nil)
    #expect(
      excess(
        "x = " + String(repeating: "[", count: run + 1) + String(repeating: "]", count: run + 1))
        == SwiftNesting.Excess(limit: .typeRun, line: 1, column: 5 + run))
    let depth = SwiftNesting.maximumDepth
    #expect(excess("x = " + String(repeating: "(", count: depth)) == nil)
    #expect(excess("x = " + String(repeating: "(", count: depth + 1))?.limit == .depth)
    let conditionals = SwiftNesting.maximumConditionalDepth
    func nested(_ count: Int, _ directive: String = "#if A") -> String {
      String(repeating: directive + "\n", count: count)
        + String(repeating: "#endif\n", count: count)
    }
    #expect(excess(nested(conditionals)) == nil)
    #expect(excess(nested(conditionals + 1))?.limit == .conditionalDepth)
    // Blocks one after another do not add up; other directives and names are not #if.
    #expect(excess(String(repeating: nested(conditionals), count: 4)) == nil)
    #expect(excess(nested(conditionals + 1, "#ifdef A")) == nil)
    #expect(excess(nested(conditionals + 1, "let x = #iffy")) == nil)
  }

  /// Brackets in comments and strings are not code; an interpolation is.
  @Test(arguments: [
    "// " + String(repeating: "(", count: 1_000),
    "/* " + String(repeating: "[", count: 1_000) + " /* nested */ */",
    "let s = \"" + String(repeating: "(", count: 1_000) + "\"",
    "let s = #\"\\(" + String(repeating: "[", count: 1_000) + "\"#",
    "let s = \"\"\"\n" + String(repeating: "{\n", count: 1_000) + "\"\"\"",
    "let s = \"a \\(b) \\(c(d)) " + String(repeating: "[", count: 1_000) + "\"",
  ])
  func bracketsOutsideCodeDoNotCount(text: String) {
    let found = SwiftNesting.excess(in: Array((text + "\nlet x = 1\n").utf8))
    #expect(found == nil)
  }

  /// The scan takes a bounded number of steps a byte, whatever the bytes:
  /// blank lines, comparisons that look like generic angles, stray closers
  /// under open brackets.
  @Test(arguments: [
    String(repeating: "\n", count: 200_000),
    String(repeating: " \n", count: 100_000) + ".a",
    "f(" + String(repeating: "a < b && ", count: 20_000) + ")",
    String(repeating: "(", count: 200) + String(repeating: "]", count: 100_000),
    "x = a" + String(repeating: "<b", count: 50_000) + String(repeating: ">", count: 50_000),
    "\"" + String(repeating: "\\(", count: 200) + String(repeating: "}", count: 100_000),
  ])
  func theScanIsLinear(text: String) {
    let bytes = Array(text.utf8)
    let steps = SwiftNesting.measure(bytes).steps
    #expect(steps <= 12 * bytes.count, "\(steps) steps for \(bytes.count) bytes")
  }

  /// Many statements of ordinary depth, one after another, never add up.
  @Test func statementsDoNotAddUp() {
    let line = "a.b.c(d[0]!).e { $0?.f } ?? g.h\n"
    let body = "func f() {\n" + String(repeating: line, count: 5_000) + "}\n"
    let found = SwiftNesting.excess(in: Array(body.utf8))
    let measured = SwiftNesting.measure(Array(body.utf8))
    #expect(found == nil)
    #expect(measured.depth < 20)
  }

  /// Every Swift file of this package and of swift-syntax is well inside
  /// both limits (measured: depth 52 at most, in swift-syntax's generator
  /// templates, runs of 4 at most; also over swift-nio and the other packages it builds with).
  @Test func realCodeIsFarBelowTheLimits() throws {
    let roots = ["Sources", "Tests", ".build/checkouts/swift-syntax/Sources"].map {
      Paths.repository.appendingPathComponent($0)
    }
    var deepest = (depth: 0, typeRun: 0, file: "", runFile: "")
    var files = 0
    for root in roots {
      // The fixtures hold files nested too deep on purpose.
      for path in Paths.files(under: root, extensions: ["swift"]) where !path.hasPrefix("Fixtures/")
      {
        guard let bytes = try? Paths.bytes(root.appendingPathComponent(path)) else { continue }
        files += 1
        let measured = SwiftNesting.measure(bytes)
        if measured.depth > deepest.depth { (deepest.depth, deepest.file) = (measured.depth, path) }
        if measured.typeRun > deepest.typeRun {
          (deepest.typeRun, deepest.runFile) = (measured.typeRun, path)
        }
      }
    }
    #expect(files > 500)
    #expect(deepest.depth <= SwiftNesting.maximumDepth / 2, "\(deepest)")
    #expect(deepest.typeRun < SwiftNesting.maximumTypeRun, "\(deepest)")
  }
}

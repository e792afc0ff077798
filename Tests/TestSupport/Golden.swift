import Foundation
import Plist
import TextDiff

// TestSupport is a library target, so `swift build -c release --static-swift-stdlib`
// (the README's install line) compiles it too, against a static runtime that has no
// Testing module. What needs Testing is compiled only where Testing is there.
#if canImport(Testing)
  import Testing

  /// Compares text with a golden file under `Tests/Golden/`; a mismatch fails the test
  /// with a unified diff from the golden file to the text (its first
  /// ``goldenDiffLineLimit`` lines).
  ///
  /// Run the tests with `PREFS_RECORD=1` to write the files anew. Each file that
  /// recording creates or changes is named in a warning with what changed, so a
  /// record run says what it did, yet ends green when all it did was record; a file
  /// whose text is already the golden is left alone and nothing is said.
  ///
  /// ```swift
  /// expectGolden(run.output, "diff/key-removed.text")
  /// ```
  public func expectGolden(
    _ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = Paths.repository.appendingPathComponent("Tests/Golden").appendingPathComponent(name)
    let text = actual.hasSuffix("\n") ? actual : actual + "\n"
    let expected = try? String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["PREFS_RECORD"] == "1" {
      record(text, to: url, name: name, replacing: expected, sourceLocation: sourceLocation)
      return
    }
    guard let expected else {
      Issue.record(
        "no golden file \(name); run the tests with PREFS_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    guard expected != text else { return }
    let diff = boundedDiff(old: expected, new: text, name: name)
    Issue.record(
      "\(name) differs from its golden file (- golden, + this run):\n\(diff)",
      sourceLocation: sourceLocation)
  }

  /// How many lines of a diff a failing or recorded golden shows: enough for a
  /// few hunks, and a test log stays readable when a whole file changed.
  public let goldenDiffLineLimit = 60

  private func record(
    _ text: String, to url: URL, name: String, replacing old: String?,
    sourceLocation: SourceLocation
  ) {
    guard text != old else { return }
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
      return
    }
    let what =
      old.map {
        "recorded Tests/Golden/\(name), changed:\n" + boundedDiff(old: $0, new: text, name: name)
      }
      ?? "recorded Tests/Golden/\(name), a new file of \(UnifiedDiff.lines(text).count) lines"
    Issue.record("\(what)", severity: .warning, sourceLocation: sourceLocation)
  }

  private func boundedDiff(old: String, new: String, name: String) -> String {
    let lines = UnifiedDiff.render(
      old: old, new: new, path: name, escaping: \.needsEscapingForTerminal
    ).split(
      separator: "\n", omittingEmptySubsequences: false)
    // The rendering ends with a line feed: its last piece is empty.
    let body = lines.last == "" ? lines.dropLast() : lines[...]
    guard body.count > goldenDiffLineLimit else { return body.joined(separator: "\n") }
    return body.prefix(goldenDiffLineLimit).joined(separator: "\n")
      + "\n… \(body.count - goldenDiffLineLimit) more lines of diff"
  }
#endif

import Foundation

// TestSupport is a library target, so `swift build -c release --static-swift-stdlib`
// (the README's install line) compiles it too, against a static runtime that has no
// Testing module. What needs Testing is compiled only where Testing is there.
#if canImport(Testing)
  import Testing

  /// Compares text with a golden file under `Tests/Golden/`. Run the tests with
  /// `PREFS_RECORD=1` to write the files anew; a mismatch shows a line diff.
  public func expectGolden(
    _ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = Paths.repository.appendingPathComponent("Tests/Golden").appendingPathComponent(name)
    let text = actual.hasSuffix("\n") ? actual : actual + "\n"
    if ProcessInfo.processInfo.environment["PREFS_RECORD"] == "1" {
      try? FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "no golden file \(name); run the tests with PREFS_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    guard expected != text else { return }
    let old = expected.components(separatedBy: "\n")
    let new = text.components(separatedBy: "\n")
    var diff: [String] = []
    for index in 0..<max(old.count, new.count) {
      let before = index < old.count ? old[index] : nil
      let after = index < new.count ? new[index] : nil
      if before != after {
        if let before { diff.append("-\(index + 1): \(before)") }
        if let after { diff.append("+\(index + 1): \(after)") }
      }
      if diff.count > 40 { break }
    }
    let report = diff.joined(separator: "\n")
    Issue.record("\(name) differs from its golden file:\n\(report)", sourceLocation: sourceLocation)
  }
#endif

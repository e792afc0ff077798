import Foundation
import TestSupport
import Testing

/// `prefs render --format html` run as a user runs it: the file (or standard
/// output), the options it refuses, and what a failed write says.
struct RenderHTMLCommandTests {
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-render-html-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func writesOneFileNamedByOutput() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("showcase.html").path
    let run = PrefsBinary.run([
      "render", DumpTests.showcase, "--format", "html", "--lang", "cs", "-o", file,
    ])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output.isEmpty)
    #expect(run.errors.isEmpty)
    let html = try String(contentsOfFile: file, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"cs\" dir=\"ltr\""))
    #expect(html.contains("href=\"#page-Advanced\""))
    #expect(!html.contains("<script"))
  }

  @Test func withoutOutputThePageGoesToStandardOutput() {
    let run = PrefsBinary.run([
      "render", DumpTests.conversor, "--format", "html", "--lang", "en", "--appearance", "dark",
    ])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output.hasPrefix("<!DOCTYPE html>"))
    #expect(run.output.hasSuffix("</html>\n"))
    #expect(run.output.contains("<meta name=\"color-scheme\" content=\"dark\">"))
  }

  /// The text format is as it was: a page of the form.
  @Test func textStaysTheDefault() {
    let plain = PrefsBinary.run(["render", DumpTests.conversor, "--lang", "en"])
    let text = PrefsBinary.run(["render", DumpTests.conversor, "--lang", "en", "--format", "text"])
    #expect(plain.code == 0)
    #expect(plain.output == text.output)
    #expect(!plain.output.contains("<"))
  }

  @Test func onePageIsTextOnly() {
    let run = PrefsBinary.run([
      "render", DumpTests.showcase, "--format", "html", "--page", "Advanced",
    ])
    #expect(run.code == 2)
    #expect(run.errors.contains("--page"))
  }

  @Test func aFolderThatIsNotThereIsNamed() {
    let run = PrefsBinary.run([
      "render", DumpTests.conversor, "--format", "html", "-o", "/nonexistent-prefs/x.html",
    ])
    #expect(run.code == 1)
    #expect(run.errors.contains("/nonexistent-prefs/x.html"))
  }
}

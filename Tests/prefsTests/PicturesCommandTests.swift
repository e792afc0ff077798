import Foundation
import Plist
import TestSupport
import Testing

/// `prefs render --format svg -o DIR` and `prefs diff --format markdown -o
/// DIR` / `--format html` as users run them: the files written, the paths
/// listed, the refusals.
@Suite struct PicturesCommandTests {
  static func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-pictures-\(UUID().uuidString)")
  }

  @Test func renderWritesAPicturePerPageAndListsThem() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = PrefsBinary.run([
      "render", "Examples/Showcase/Settings.bundle", "--format", "svg", "-o", folder.path, "--lang",
      "pt",
    ])
    #expect(run.code == 0, "\(run.errors)")
    let names = ["Root.svg", "Root-8.svg", "Advanced.svg"]
    #expect(run.output == names.map { folder.appendingPathComponent($0).path + "\n" }.joined())
    for name in names {
      let bytes = try Paths.bytes(folder.appendingPathComponent(name))
      let root = try XMLTree.parse(bytes)
      #expect(root.name == "svg")
    }
  }

  @Test(arguments: [
    ["render", "Examples/Showcase/Settings.bundle", "--format", "svg"],
    [
      "render", "Examples/Showcase/Settings.bundle", "--format", "svg", "-o", "/tmp/x", "--page",
      "Advanced",
    ],
    [
      "diff", "Tests/Fixtures/Diff/base/Settings.bundle",
      "Tests/Fixtures/Diff/key-removed/Settings.bundle", "-o", "/tmp/x",
    ],
  ])
  func misusedOptionsAreUsageErrors(_ arguments: [String]) {
    let run = PrefsBinary.run(arguments)
    #expect(run.code == 2, "\(run.output)\(run.errors)")
    #expect(run.output.isEmpty)
  }

  @Test func diffMarkdownWritesTheReportWithItsPictures() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = PrefsBinary.run([
      "diff", "Tests/Fixtures/Diff/base/Settings.bundle",
      "Tests/Fixtures/Diff/key-removed/Settings.bundle",
      "--format", "markdown", "-o", folder.path,
    ])
    #expect(run.code == 1, "\(run.errors)")
    let names = ["prefs-diff.md", "old-Root.svg", "new-Root.svg"]
    #expect(run.output == names.map { folder.appendingPathComponent($0).path + "\n" }.joined())
    let report = try String(
      contentsOf: folder.appendingPathComponent("prefs-diff.md"), encoding: .utf8)
    // The report as printed without -o, then the pictures.
    let plain = PrefsBinary.run([
      "diff", "Tests/Fixtures/Diff/base/Settings.bundle",
      "Tests/Fixtures/Diff/key-removed/Settings.bundle",
      "--format", "markdown",
    ])
    #expect(report.hasPrefix(plain.output))
    #expect(report.contains("![Root.plist, old](old-Root.svg) | ![Root.plist, new](new-Root.svg)"))
  }

  @Test func diffHTMLIsOneDocumentWithBothVersions() {
    let run = PrefsBinary.run([
      "diff", "Tests/Fixtures/Diff/base/Settings.bundle",
      "Tests/Fixtures/Diff/key-removed/Settings.bundle",
      "--format", "html",
    ])
    #expect(run.code == 1, "\(run.errors)")
    #expect(run.output.hasPrefix("<!DOCTYPE html>\n"))
    #expect(run.output.contains("id=\"old-page-Root\""))
    #expect(run.output.contains("id=\"new-page-Root\""))
    #expect(run.output.contains("class=\"mark-removed row row-text-field\""))
    #expect(!run.output.contains("src=\"http") && !run.output.contains("<script"))
  }
}

import BundleDiff
import Foundation
import Plist
import PrefsKit
import SettingsRender
import TestSupport
import Testing

/// `prefs diff`'s pictures: both versions drawn, each change BundleDiff
/// reports marked on the row (group, page) it is on, found by the row's
/// identity; the HTML and the Markdown report with SVG pictures.
@Suite struct DiffPicturesTests {
  static let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)

  static func outcome(_ fixture: String, old: String = "base") throws -> DiffOutcome {
    var options = DiffOptions(
      old: "Tests/Fixtures/Diff/\(old)/Settings.bundle",
      new: "Tests/Fixtures/Diff/\(fixture)/Settings.bundle")
    options.pictures = DiffPictureOptions(languages: ["en"])
    return try DiffFrontEnd.run(options, environment: environment)
  }

  /// Every mark as a line: `old Root.plist row key:name removed`.
  static func markLines(_ pictures: DiffPictures) -> [String] {
    var lines: [String] = []
    for page in pictures.pages {
      for (side, shown, marks) in [
        ("old", page.old, page.oldMarks), ("new", page.new, page.newMarks),
      ] {
        guard let shown else { continue }
        let file = shown.id.file
        if let mark = marks.page { lines.append("\(side) \(file) page \(mark.rawValue)") }
        for (start, mark) in marks.sections {
          lines.append("\(side) \(file) section \(start) \(mark.rawValue)")
        }
        for (row, mark) in marks.rows {
          lines.append("\(side) \(file) row \(row.matchKey) \(mark.rawValue)")
        }
      }
    }
    return lines.sorted()
  }

  /// The marks of each kind of change, read against the fixture's change
  /// (Tests/Fixtures/Diff/README.md and the text goldens in Tests/Golden/diff).
  @Test(arguments: [
    ("base", [String]()),
    ("key-removed", ["old Root.plist row key:name removed"]),
    ("key-added", ["new Root.plist row key:email added"]),
    (
      "key-renamed",
      ["new Root.plist row key:soundEnabled changed", "old Root.plist row key:sound changed"]
    ),
    (
      "default-changed",
      ["new Root.plist row key:sound changed", "old Root.plist row key:sound changed"]
    ),
    ("footer-changed", ["new Root.plist section 0 changed", "old Root.plist section 0 changed"]),
    (
      "group-title-changed",
      [
        "new Root.plist row Root.plist#6 changed", "new Root.plist section 0 changed",
        "old Root.plist row Root.plist#6 changed", "old Root.plist section 0 changed",
      ]
    ),
    ("page-added", ["new Privacy.plist page added"]),
    (
      "page-removed",
      ["old Advanced.plist page removed", "old Advanced.plist row key:debug removed"]
    ),
  ])
  func eachChangeMarksTheRowItIsOn(fixture: String, expected: [String]) throws {
    let outcome = try Self.outcome(fixture)
    let pictures = try #require(outcome.pictures)
    #expect(Self.markLines(pictures) == expected.sorted(), "\(outcome.changes.map(\.message))")
  }

  /// Without pictures asked for, nothing is drawn (the comparison is as before).
  @Test func picturesAreDrawnOnlyWhenAsked() throws {
    let outcome = try DiffFrontEnd.run(
      DiffOptions(
        old: "Tests/Fixtures/Diff/base/Settings.bundle",
        new: "Tests/Fixtures/Diff/key-removed/Settings.bundle"),
      environment: Self.environment)
    #expect(outcome.pictures == nil)
  }

  static var fixtures: [String] {
    let folder = Paths.fixtures.appendingPathComponent("Diff")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter {
      $0 != "base" && $0 != "History"
        && FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("\($0)/Settings.bundle").path)
    }.sorted()
  }

  /// The Markdown report with pictures: the table as without them, then each
  /// changed page, old beside new, naming the pictures written beside it.
  @Test(arguments: fixtures) func markdownWithPicturesMatchesItsGolden(fixture: String) throws {
    let outcome = try Self.outcome(fixture)
    let pictures = try #require(outcome.pictures)
    let files = DiffReportFiles(report: DiffReport(outcome), pictures: pictures)
    // The report without pictures is where it starts, byte for byte.
    #expect(files.markdown.hasPrefix(DiffReport(outcome).markdown()))
    expectGolden(files.markdown, "diff/pictures/\(fixture).markdown")
    for picture in files.pictures {
      #expect(files.markdown.contains("](\(picture.name))"), "\(picture.name)")
      #expect((try? XMLTree.parse(Array(picture.svg.utf8))) != nil, "\(picture.name)")
    }
    #expect(
      files.files.files.map(\.name) == [DiffReportFiles.reportName] + files.pictures.map(\.name))
  }

  /// Pictures of marked pages, as plain text.
  @Test(arguments: ["key-removed", "group-title-changed", "key-added"])
  func markedPicturesMatchTheirGoldens(fixture: String) throws {
    let outcome = try Self.outcome(fixture)
    let files = DiffReportFiles(
      report: DiffReport(outcome), pictures: try #require(outcome.pictures))
    for picture in files.pictures {
      expectGolden(picture.svg, "diff/pictures/\(fixture)/\(picture.name)")
    }
  }

  /// The HTML of a comparison: the pages side by side, marked rows.
  @Test(arguments: ["key-removed", "group-title-changed", "page-added", "toggle-values-changed"])
  func htmlMatchesItsGolden(fixture: String) throws {
    let outcome = try Self.outcome(fixture)
    let pictures = try #require(outcome.pictures)
    let html = DiffReport(outcome).html(
      pictures, old: outcome.old.argument, new: outcome.new.argument)
    expectGolden(html, "diff/pictures/\(fixture).html")
    // Each version's ids are its own: no id is written twice in the document.
    var ids: [String: Int] = [:]
    for piece in html.components(separatedBy: " id=\"").dropFirst() {
      ids[String(piece.prefix { $0 != "\"" }), default: 0] += 1
    }
    #expect(ids.filter { $0.value > 1 }.isEmpty)
    // Every link stays on its side and reaches an id.
    for piece in html.components(separatedBy: " href=\"#").dropFirst() {
      let target = String(piece.prefix { $0 != "\"" })
      #expect(ids[target] == 1, "\(target)")
    }
  }
}

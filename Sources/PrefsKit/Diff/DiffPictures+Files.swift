import SettingsRender

/// The files of a comparison report with pictures: the Markdown report and,
/// beside it, an SVG picture of each changed page as each version shows it.
///
/// ```swift
/// let files = DiffReportFiles(report: DiffReport(outcome), pictures: pictures)
/// files.markdown   // the table, then each changed page, old beside new
/// files.pictures   // [("old-Root.svg", "<svg …"), ("new-Root.svg", "<svg …")]
/// ```
public struct DiffReportFiles: Sendable {
  /// The name of the report in the folder.
  public static let reportName = "prefs-diff.md"

  /// The report: ``DiffReport/markdown()`` as it is, then a table of pictures per changed page.
  public var markdown: String
  /// Each picture's file name (a letter, digit, `-`, `_` and `.` only) and SVG text.
  public var pictures: [(name: String, svg: String)]

  public init(report: DiffReport, pictures: DiffPictures) {
    var markdown = report.markdown()
    var files: [(name: String, svg: String)] = []
    let changed = pictures.changedPages
    let names = SVGPicture.fileNames(
      for: changed.flatMap { [$0.new?.id, $0.old?.id] }.compactMap { $0 })
    if !changed.isEmpty { markdown += "\n#### Pages\n" }
    for page in changed {
      var cells: [String] = []
      for (side, shown, layout, marks) in [
        ("old", page.old, pictures.old, page.oldMarks),
        ("new", page.new, pictures.new, page.newMarks),
      ] {
        guard let shown, let name = names[shown.id] else {
          cells.append("")
          continue
        }
        let file = "\(side)-\(name)"
        files.append((file, SVGPicture.page(shown, of: layout, options: .init(marks: marks))))
        cells.append("![\(Self.altText("\(shown.id.file), \(side)"))](\(file))")
      }
      let title = page.new?.id.file ?? page.old?.id.file ?? page.name
      markdown +=
        "\n\(Self.altText(title))\n\n| old | new |\n| --- | --- |\n| \(cells.joined(separator: " | ")) |\n"
    }
    self.markdown = markdown
    self.pictures = files
  }

  /// A page's file name as Markdown text: nothing that ends an image's text
  /// or a table cell, or is read as markup; no control character.
  static func altText(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "[", "]", "\\", "|", "*", "_", "`", "<", ">", "!", "(", ")", "#":
        out += "\\" + String(scalar)
      default:
        if scalar.properties.generalCategory == .control {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// The report and its pictures, to write into one folder (the report first).
  public var files: PictureFiles {
    PictureFiles(files: [(Self.reportName, markdown)] + pictures.map { ($0.name, $0.svg) })
  }
}

import Plist
import SettingsSchema

/// Prints loading problems in compiler style, with the source line and a caret.
enum ProblemPrinter {
  static func print(
    _ problems: [BundleProblem], bundle: String, to stream: inout some TextOutputStream
  ) {
    let base = bundle.hasSuffix("/") ? bundle : bundle + "/"
    for problem in problems {
      let text = CompilerStyleFormatter.format(
        file: base + problem.file, severity: problem.issue.severity, message: problem.issue.message,
        place: problem.issue.place)
      Swift.print(text, to: &stream)
    }
  }
}

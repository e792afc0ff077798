import Plist
import SettingsSchema

enum ChildPaneCycle: LintRule {
  static let summary =
    "Child panes that lead back to a page already open (A → B → A, or a page opening itself)."
  static let rationale = """
    Settings.app follows every child pane it is asked to, so a cycle lets the user push the \
    same pages without end, and any tool that walks the bundle must guard against it. It is \
    almost always a File that names the wrong page.
    """
  static let defaultSeverity = Severity.error
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSChildPaneSpecifier</string>
        <key>Title</key>
        <string>Advanced</string>
        <key>File</key>
        <string>Advanced</string>
      </dict>
      """, table: nil,
      files: [
        (
          "Advanced.plist",
          RuleExample.page(
            """
            <dict>
              <key>Type</key>
              <string>PSChildPaneSpecifier</string>
              <key>Title</key>
              <string>Back to the start</string>
              <key>File</key>
              <string>Root</string>
            </dict>
            """)
        )
      ])
  ]
  static let passingExamples = ChildPaneMissing.passingExamples

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let pagesByFile = Dictionary(
      context.bundle.pages.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    guard let root = context.bundle.pages.first else { return }
    var finished = Set<String>()
    var path: [String] = []
    // Iterative depth-first search: a deep chain of pages must not exhaust the stack.
    var stack: [(file: String, next: Int)] = [(root.file, 0)]
    path.append(root.file)
    while let (file, next) = stack.last {
      let specifiers = pagesByFile[file]?.specifiers ?? []
      guard next < specifiers.count else {
        stack.removeLast()
        path.removeLast()
        finished.insert(file)
        continue
      }
      stack[stack.count - 1].next += 1
      let specifier = specifiers[next]
      guard let child = specifier.childPage else { continue }
      if let start = path.firstIndex(of: child), let page = pagesByFile[file] {
        let cycle = (path[start...] + [child]).map { $0 }.joined(separator: " → ")
        report.add(
          "the child pane opens \(child), which is already open: \(cycle)", file: page.file,
          place: context.place(specifier, .file, on: page), keyPath: specifier.keyPath)
      } else if !finished.contains(child), pagesByFile[child] != nil {
        stack.append((child, 0))
        path.append(child)
      }
    }
  }
}

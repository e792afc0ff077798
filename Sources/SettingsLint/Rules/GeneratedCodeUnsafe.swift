import Foundation
import Plist
import SettingsSchema

enum GeneratedCodeUnsafe: LintRule {
  static let summary =
    "A value `prefs generate swift` refuses, or a page path or bundle folder name it can only write escaped."
  static let rationale = """
    The typed keys `prefs generate swift` and its SwiftPM plugin write name every page and \
    the bundle's folder in comments, and write every default and value as Swift. A value \
    that is NaN or infinite has no Swift literal, and one nested deeper than 64 levels or \
    holding more than 1,000 values is more than the compiler takes in time: generation \
    stops there, and so does the app's build. A page path or folder name with a line break, \
    a control or an invisible or bidirectional character reads on iOS, but shows in the \
    generated file only escaped (\\u{A}), as something else than it is; it is seldom meant. \
    A warning, never an error: the Settings app reads all of these, and a bundle whose app \
    does not use generated code loses nothing (`--strict` makes it fail a run).
    """
  static let defaultSeverity = Severity.warning
  static let lesserSeverities: [(severity: Severity, when: String)] = []
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Key</key>
        <string>ratio</string>
        <key>DefaultValue</key>
        <real>nan</real>
      </dict>
      """, table: nil),
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSChildPaneSpecifier</string>
        <key>Title</key>
        <string>More</string>
        <key>File</key>
        <string>More&#x2028;Settings</string>
      </dict>
      """, table: nil,
      files: [("More\u{2028}Settings.plist", RuleExample.page(""))]),
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Key</key>
        <string>ratio</string>
        <key>DefaultValue</key>
        <real>0.5</real>
      </dict>
      <dict>
        <key>Type</key>
        <string>PSChildPaneSpecifier</string>
        <key>Title</key>
        <string>More</string>
        <key>File</key>
        <string>More Settings</string>
      </dict>
      """, table: nil,
      files: [("More Settings.plist", RuleExample.page(""))])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let folder = URL(fileURLWithPath: context.bundle.path).lastPathComponent
    let inFolder = GeneratedCodeLimits.escapedScalars(in: folder)
    if !inFolder.isEmpty, let root = context.bundle.pages.first {
      report.add(
        "the bundle's folder name holds \(describe(inFolder)); generated code names it only escaped",
        file: root.file)
    }
    // Keyed by Swift's `==`, which merges keys a plist keeps apart.
    var declaredKeys: [String: String] = [:]
    for page in context.bundle.pages {
      for specifier in page.specifiers {
        if specifier.type == .childPane, let file = specifier.file {
          let scalars = GeneratedCodeLimits.escapedScalars(in: file)
          if !scalars.isEmpty {
            report.add(
              "File holds \(describe(scalars)); generated code names the page only escaped",
              file: page.file, place: context.place(specifier, .file, on: page),
              keyPath: specifier.keyPath)
          }
        }
        guard GeneratedCodeLimits.declaresKey(for: specifier, in: context.catalog),
          let key = specifier.key
        else { continue }
        if let earlier = declaredKeys[key] {
          if GeneratedCodeLimits.swiftTakesForOne(earlier, key) {
            report.add(
              "the Key \(escaped(key)) and the Key \(escaped(earlier)) are one text to Swift's == (the same accents encoded two ways); prefs generate swift refuses the bundle",
              file: page.file, place: context.place(specifier, .key, on: page),
              keyPath: specifier.keyPath)
          }
        } else {
          declaredKeys[key] = key
        }
        guard let (entry, refusal) = GeneratedCodeLimits.refusal(in: specifier) else { continue }
        report.add(
          "\(entry) \(words(refusal)); prefs generate swift refuses the bundle",
          file: page.file, place: context.place(specifier, key: entry, on: page),
          keyPath: specifier.keyPath)
      }
    }
  }

  static func words(_ refusal: GeneratedCodeLimits.Refusal) -> String {
    switch refusal {
    case .notFinite(let number): "is \(number), which no Swift literal says"
    case .nestedTooDeep(let depth):
      "nests collections \(depth) levels deep, past the \(GeneratedCodeLimits.maximumNesting) generated code takes"
    case .tooManyElements(let count):
      "holds \(count) values, past the \(GeneratedCodeLimits.maximumElements) generated code takes in one value"
    case .textsSwiftTakesForOne(let first, let second):
      "holds \(escaped(first)) and \(escaped(second)), one text to Swift's == (the same accents encoded two ways)"
    }
  }

  /// `"cafe\u{301}"`: a text whose look hides what it is made of.
  static func escaped(_ text: String) -> String {
    "\""
      + text.unicodeScalars.map {
        $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}"
      }.joined() + "\""
  }

  /// `U+000A, U+2028`: the characters, never raw.
  static func describe(_ scalars: [Unicode.Scalar]) -> String {
    var seen = Set<Unicode.Scalar>()
    let names = scalars.filter { seen.insert($0).inserted }.map { scalar -> String in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return names.joined(separator: ", ")
  }
}

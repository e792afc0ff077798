import Plist
import SettingsSchema

enum ChildPaneMissing: LintRule {
  static let summary = "A child pane whose File names no page plist in the bundle."
  static let rationale = """
    A child pane opens <File>.plist from the bundle (or its ~iphone/~ipad variant). When \
    there is no such file, or File is written with the .plist extension, or the file's \
    extension is in another letter case (Advanced.PLIST: names keep their case on a device), \
    Settings.app shows the row and opens an empty page. Xcode offers no Child Pane in its menu, so these rows \
    are typed by hand and typos are common.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.note, "the page is one a build step writes (CocoaPods' Acknowledgements, LicensePlist's)")
  ]
  /// Pages that tools write into the bundle at build time, so a checkout lacks them.
  static let generatedPages: Set<String> = ["Acknowledgements", "com.mono0926.LicensePlist"]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSChildPaneSpecifier</string>
        <key>Title</key>
        <string>Advanced</string>
        <key>File</key>
        <string>Advanced.plist</string>
      </dict>
      """, table: nil,
      files: [("Advanced.plist", RuleExample.page(groupElement))])
  ]
  static let passingExamples = [
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
      files: [("Advanced.plist", RuleExample.page(groupElement))])
  ]

  static let groupElement = """
    <dict>
      <key>Type</key>
      <string>PSGroupSpecifier</string>
    </dict>
    """

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let pageFiles = candidateFiles(context.bundle)
    for page in context.bundle.pages {
      for specifier in page.specifiers where context.catalog.opensPage(specifier) {
        guard let file = specifier.file, specifier.childPage == nil,
          SettingsBundle.unsafeReason(ofPath: file) == nil,
          !context.catalog.opensOwnView(specifier)
        else { continue }
        let place = context.place(specifier, .file, on: page)
        if file.isEmpty {
          report.add(
            "File is empty; the row opens nothing", file: page.file, place: place,
            keyPath: specifier.keyPath)
          continue
        }
        if generatedPages.contains(file) {
          report.add(
            "no page \(file).plist in the bundle; a build step (CocoaPods, LicensePlist) usually writes it, else the row opens an empty page",
            file: page.file, place: place, keyPath: specifier.keyPath, severity: .note)
          continue
        }
        var message = "no page \(file).plist in the bundle; the row opens an empty page"
        var fix: Fix?
        if let meant = meantFile(file, among: pageFiles) {
          if meant == file {
            message += "; write File without the extension: \(file.dropLast(".plist".count))"
            fix = extensionRemoval(specifier, on: page)
          } else {
            message +=
              "; the file is \(meant): iOS opens only .plist (names keep their letter case on a device), rename it"
          }
        } else if let suggestion = Suggestion.closest(
          to: file, among: pageFiles.map { String($0.dropLast(".plist".count)) })
        {
          message += "; did you mean \(suggestion)?"
        }
        report.add(message, file: page.file, place: place, keyPath: specifier.keyPath, fix: fix)
      }
    }
  }

  /// The bundle's files that may be pages: property lists outside `.lproj`
  /// folders, the extension in any letter case.
  static func candidateFiles(_ bundle: SettingsBundle) -> [String] {
    bundle.files.filter { $0.lowercased().hasSuffix(".plist") && !$0.contains(".lproj/") }
  }

  /// The file a child pane's File means but iOS does not open: the file
  /// itself when File is written with `.plist` (`Child.plist`), or the file
  /// whose extension is in another letter case (`Child.PLIST` for `Child`).
  static func meantFile(_ file: String, among files: [String]) -> String? {
    if file.hasSuffix(".plist"), files.contains(file) { return file }
    return files.first { candidate in
      candidate.hasPrefix(file + ".") && !candidate.hasSuffix(".plist")
        && candidate.dropFirst(file.count + 1).lowercased() == "plist"
    }
  }

  /// The files this rule reports child panes for as meant but not opened
  /// (``meantFile(_:among:)``): unreachable-page leaves them to it, one cause, one finding.
  static func filesMeantByChildPanes(_ context: LintContext) -> Set<String> {
    let files = candidateFiles(context.bundle)
    var meant = Set<String>()
    for page in context.bundle.pages {
      for specifier in page.specifiers where context.catalog.opensPage(specifier) {
        if let file = specifier.file, specifier.childPage == nil,
          let target = meantFile(file, among: files)
        {
          meant.insert(target)
        }
      }
    }
    return meant
  }

  /// Settings.app adds `.plist` to File itself: the fix drops the extension
  /// written in the file, where the value's text ends (a value written with
  /// character references is left alone).
  static func extensionRemoval(_ specifier: Specifier, on page: Page) -> Fix? {
    guard let node = specifier.written(.file), let file = node.string else { return nil }
    let name = file.dropLast(".plist".count)
    return Fix.forText(
      file: page.file, source: page.document?.source,
      summary: "change File \(MessageText.quoted(file)) to \(MessageText.quoted(String(name)))"
    ) { source in
      guard let start = node.offset, let end = node.endOffset, end <= source.utf8.count else {
        return nil
      }
      let written = source.utf8[start..<end]
      // What closes the value: `</string>` in XML, a quote or nothing in OpenStep text.
      let closing: [UInt8] =
        written.starts(with: Array("<".utf8))
        ? Array("</string>".utf8) : written.last.map { $0 == 0x22 || $0 == 0x27 ? [$0] : [] } ?? []
      let suffix = Array(".plist".utf8)
      guard written.count >= suffix.count + closing.count, written.hasSuffix(suffix + closing)
      else { return nil }
      let upper = end - closing.count
      return [TextEdit(replacing: (upper - suffix.count)..<upper, in: source, with: "")]
    }
  }
}

extension ArraySlice<UInt8> {
  func hasSuffix(_ suffix: [UInt8]) -> Bool { self.suffix(suffix.count).elementsEqual(suffix) }
}

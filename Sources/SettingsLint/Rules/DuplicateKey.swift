import Plist
import SettingsSchema

enum DuplicateKey: LintRule {
  static let summary = "One Key on several elements, on one page or across pages."
  static let rationale = """
    Keys are global to the defaults domain: two elements with one Key show and change one \
    stored value. With the same type that is at best redundant; with different types (a \
    toggle and a slider) each writes a value the other cannot read. Elements limited to \
    different idioms (one for Phone, one for Pad) never show together and are not reported.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "both elements store the same kind of value (the rows stay in step)")
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Sound</string>
        <key>Key</key>
        <string>sound</string>
        <key>DefaultValue</key>
        <true/>
      </dict>
      <dict>
        <key>Type</key>
        <string>PSSliderSpecifier</string>
        <key>Key</key>
        <string>sound</string>
        <key>DefaultValue</key>
        <real>0.5</real>
        <key>MinimumValue</key>
        <integer>0</integer>
        <key>MaximumValue</key>
        <integer>1</integer>
      </dict>
      """, table: nil)
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Sound</string>
        <key>Key</key>
        <string>sound</string>
        <key>DefaultValue</key>
        <true/>
        <key>SupportedUserInterfaceIdioms</key>
        <array>
          <string>Phone</string>
        </array>
      </dict>
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Sound</string>
        <key>Key</key>
        <string>sound</string>
        <key>DefaultValue</key>
        <false/>
        <key>SupportedUserInterfaceIdioms</key>
        <array>
          <string>Pad</string>
        </array>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    // Keys compare as the stored domain's do, by exact scalars.
    var seen: [PlistKey: [(page: Page, specifier: Specifier)]] = [:]
    // Only what is shown writes the domain: a page nothing opens writes no key.
    for (page, specifier, spec) in context.knownSpecifiers
    where spec.storesValue && page.isReached {
      guard let key = specifier.key, !key.isEmpty else { continue }
      let earlier = seen[PlistKey(key), default: []]
      seen[PlistKey(key), default: []].append((page, specifier))
      // Rows that only show a value (two title values) store nothing: no write to collide.
      guard
        let first = earlier.first(where: {
          overlap($0.specifier, specifier)
            && (spec.isEditable || context.catalog.isEditable($0.specifier.type))
        })
      else { continue }
      let firstType = first.specifier.type?.rawValue ?? ""
      let type = specifier.type?.rawValue ?? ""
      // What only shows a value (a title value) reads whatever the other element stores.
      let disagree =
        firstType != type && spec.isEditable && context.catalog.isEditable(first.specifier.type)
      let firstPlace = location(of: first.specifier, on: first.page)
      let message =
        disagree
        ? "the Key \(MessageText.quoted(key)) is also used by the \(firstType) at \(firstPlace); \(SpecifierType.withArticle("\(type)")) stores another kind of value there"
        : "the Key \(MessageText.quoted(key)) is also used at \(firstPlace); both rows show and change one stored value"
      report.add(
        message, file: page.file, place: context.place(specifier, .key, on: page),
        keyPath: specifier.keyPath, severity: disagree ? .error : .warning)
    }
  }

  /// Whether two elements can show on one device.
  static func overlap(_ first: Specifier, _ second: Specifier) -> Bool {
    let a = Set(first.idioms)
    let b = Set(second.idioms)
    return a.isEmpty || b.isEmpty || !a.isDisjoint(with: b)
  }

  static func location(of specifier: Specifier, on page: Page) -> String {
    if case .text(let snippet) = page.place(of: specifier.written(.key), keyPath: specifier.keyPath)
    {
      return "\(page.file):\(snippet.location.line)"
    }
    return "\(page.file) \(specifier.keyPath)"
  }
}

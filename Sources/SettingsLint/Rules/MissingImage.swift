import Plist
import SettingsSchema

enum MissingImage: LintRule {
  static let summary =
    "A slider's MinimumValueImage or MaximumValueImage that is not in the bundle."
  static let rationale = """
    Settings.app loads slider images from the Settings bundle only, not from the app's \
    asset catalog. prefs looks for the name as written, then with .png, @2x.png and \
    @3x.png, as iOS does; a name that matches none shows no image. An empty string means \
    no image and is fine.
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSSliderSpecifier</string>
        <key>Key</key>
        <string>volume</string>
        <key>DefaultValue</key>
        <real>0.5</real>
        <key>MinimumValue</key>
        <integer>0</integer>
        <key>MaximumValue</key>
        <integer>1</integer>
        <key>MinimumValueImage</key>
        <string>VolumeLow</string>
      </dict>
      """, table: nil)
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSSliderSpecifier</string>
        <key>Key</key>
        <string>volume</string>
        <key>DefaultValue</key>
        <real>0.5</real>
        <key>MinimumValue</key>
        <integer>0</integer>
        <key>MaximumValue</key>
        <integer>1</integer>
        <key>MinimumValueImage</key>
        <string>VolumeLow</string>
        <key>MaximumValueImage</key>
        <string></string>
      </dict>
      """, table: nil, files: [("VolumeLow.png", "(image bytes)")])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let files = Set(context.bundle.files)
    for page in context.bundle.pages {
      for specifier in page.specifiers where specifier.type == .slider {
        for key in ["MinimumValueImage", "MaximumValueImage"] {
          guard let name = specifier[key]?.string, !name.isEmpty else { continue }
          if SettingsBundle.unsafeReason(ofPath: name) == nil,
            SettingsBundle.imageCandidates(for: name).contains(where: files.contains)
          {
            continue
          }
          report.add(
            "\(key) \(MessageText.quoted(name)) is not in the bundle (looked for \(SettingsBundle.imageCandidates(for: name).joined(separator: ", "))); the slider shows no image",
            file: page.file, place: context.place(specifier, key: key, on: page),
            keyPath: specifier.keyPath)
        }
      }
    }
  }
}

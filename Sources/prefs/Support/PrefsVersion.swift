/// The version of prefs, said once: `--version`, SARIF's `semanticVersion`
/// and the `<tool>` of XLIFF exports all read it.
enum PrefsVersion {
  static let current = "0.1.0"
}

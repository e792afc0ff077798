import SettingsSchema

extension LicencePages {
  /// The plists nothing opens that have no PreferenceSpecifiers: the app's
  /// data (a configuration it reads from the bundle), never shown as a page.
  static func dataFiles(of bundle: SettingsBundle) -> Set<String> {
    let unreached = Set(bundle.unreachedFiles)
    return Set(
      bundle.pages.filter {
        unreached.contains($0.file) && $0.document != nil && !UnreachablePage.isPage($0)
      }.map(\.file))
  }
}

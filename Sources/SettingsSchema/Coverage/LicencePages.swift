import Plist

/// The pages of a bundle that only show licence text, and the plists that are
/// what the author did not write as settings and cannot act on, and whose
/// text (licences are read in their own language) needs no translation.
///
/// CocoaPods writes `Pods-acknowledgements.plist` (one group per pod, its text
/// in FooterText, with a `License` key of its own), LicensePlist writes
/// `com.mono0926.LicensePlist.plist` with a child pane per library into the
/// `com.mono0926.LicensePlist/` folder, and people copy either or write such a
/// page by hand. What makes a page a licence page is its content, not its
/// name: it stores no setting, holds nothing but groups and child panes, and
/// shows licence text (a group with a `License` key, or a FooterText of
/// several lines or a paragraph) or opens only licence pages.
///
/// ```swift
/// let licences = LicencePages(bundle: bundle, catalog: catalog)
/// licences.contains("Pods-acknowledgements.plist")  // true
/// ```
public struct LicencePages: Sendable {
  /// The files of the licence pages.
  public let files: Set<String>

  public init(bundle: SettingsBundle, catalog: SchemaCatalog) {
    let pages = Dictionary(
      bundle.pages.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    var verdicts: [String: Bool] = [:]
    func isLicence(_ file: String, visiting: Set<String>) -> Bool {
      if let known = verdicts[file] { return known }
      guard let page = pages[file], page.document != nil, !page.specifiers.isEmpty,
        !visiting.contains(file)
      else { return false }
      let onlyText = page.specifiers.allSatisfy { specifier in
        guard let type = specifier.type, !catalog.storesValue(type) else { return false }
        return type == .childPane || catalog.startsSection(type)
      }
      guard onlyText else {
        verdicts[file] = false
        return false
      }
      let showsText = page.specifiers.contains { specifier in
        specifier["License"] != nil
          || (specifier["FooterText"]?.string.map(Self.isLicenceText) ?? false)
      }
      let children = page.specifiers.compactMap(\.childPage)
      let opensLicences =
        !children.isEmpty
        && children.allSatisfy { isLicence($0, visiting: visiting.union([file])) }
      let verdict = showsText || opensLicences
      verdicts[file] = verdict
      return verdict
    }
    files = Set(pages.keys.filter { $0 != bundle.pages.first?.file && isLicence($0, visiting: []) })
  }

  public func contains(_ file: String) -> Bool { files.contains(file) }

  /// A licence's text runs over several lines, or is a paragraph (a copyright
  /// notice and where the terms are); a footer under settings is a sentence or two.
  public static func isLicenceText(_ text: String) -> Bool {
    text.count { $0.isNewline } >= 3 || text.count >= 160
  }
}

import Foundation
import Plist

/// The pages of a bundle that only show licence text, and the plists that are
/// what the author did not write as settings and cannot act on, and whose
/// text (licences are read in their own language) needs no translation.
///
/// CocoaPods writes `Pods-acknowledgements.plist` (one group per pod, its text
/// in FooterText, with a `License` key of its own), LicensePlist writes
/// `com.mono0926.LicensePlist.plist` with a child pane per library into the
/// `com.mono0926.LicensePlist/` folder, and people copy either or write such a
/// page by hand. What makes a page a licence page is first its content: it
/// stores no setting, holds nothing but groups and child panes, and shows
/// licence text (a group with a `License` key, or a FooterText or group Title
/// of several lines, a paragraph, or one naming a licence or copyright) or
/// opens only licence pages. A page written by hand may be short (one group
/// per library, its name and nothing more, or a table's key): with only
/// groups, or child panes that open licence pages, it is one when its file
/// or a child pane that opens it is named for what it holds
/// (Acknowledgements, Credits, Licenses, Legal, Open Source, Third Party).
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
    // The titles of the child panes that open each page, as written.
    var openedAs: [String: [String]] = [:]
    for page in bundle.pages {
      for specifier in page.specifiers {
        if let child = specifier.childPage, let title = specifier.title {
          openedAs[child, default: []].append(title)
        }
      }
    }
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
          || (specifier.type != .childPane
            && (specifier.title.map(Self.isLicenceText) ?? false))
      }
      let children = page.specifiers.compactMap(\.childPage)
      let opensLicences =
        !children.isEmpty
        && children.allSatisfy { isLicence($0, visiting: visiting.union([file])) }
      // Named for licences, the page shows some text and opens nothing else.
      let named =
        ([Page.name(ofFile: file)] + (openedAs[file] ?? [])).contains(where: Self.namesLicences)
        && (children.isEmpty || opensLicences)
        && page.specifiers.contains { specifier in
          [specifier.title, specifier["FooterText"]?.string].contains {
            Self.showsSomething($0 ?? "")
          }
        }
      let verdict = showsText || opensLicences || named
      verdicts[file] = verdict
      return verdict
    }
    files = Set(pages.keys.filter { $0 != bundle.pages.first?.file && isLicence($0, visiting: []) })
  }

  public func contains(_ file: String) -> Bool { files.contains(file) }

  /// A licence's text runs over several lines, or is a paragraph (a copyright
  /// notice and where the terms are); a footer under settings is a sentence or two.
  /// A short footer naming a licence ("All icons used under license",
  /// "MIT License") or a copyright is one too.
  public static func isLicenceText(_ text: String) -> Bool {
    // Counted only as far as the answer needs: a licence runs to thousands of characters.
    if text.utf8.count >= 160, text.prefix(160).count == 160 { return true }
    var newlines = 0
    for character in text where character.isNewline {
      newlines += 1
      if newlines == 3 { return true }
    }
    let lowered = text.lowercased()
    return licenceWords.contains { lowered.contains($0) }
  }

  /// Whether a text holds anything but white space and newlines: what trimming
  /// them would leave, found at its first letter instead of by copying a whole
  /// licence into an NSString.
  public static func showsSomething(_ text: String) -> Bool {
    text.unicodeScalars.contains { !$0.properties.isWhitespace }
  }

  /// Words only a licence or a copyright notice uses.
  static let licenceWords = [
    "licen", "copyright", "©", "(c) ", "permission is hereby granted", "all rights reserved",
    "gpl", "public domain",
  ]

  /// Whether a page's name or the title of a child pane opening it says it
  /// holds licences: letters alone, any case (`Acknowledgements`,
  /// `third-party notices`, `OPEN_SOURCE`).
  public static func namesLicences(_ name: String) -> Bool {
    let letters = String(name.lowercased().unicodeScalars.filter(CharacterSet.letters.contains))
    return licenceNames.contains { letters.contains($0) }
  }

  static let licenceNames = [
    "acknowledg", "credits", "licen", "legal", "opensource", "thirdparty", "attribution",
  ]
}

/// Pages that differ by language. CFBundle finds a page that is not at the
/// bundle's top in the `.lproj` folder of the language shown (a localized
/// `Root.plist`), and InAppSettingsKit looks in the first preferred language's
/// folder before the top: each language may then be shown its own copy of a
/// page, and a reading made for one language shows that language's copies only.
extension SettingsBundle {
  /// Whether some page plist of the bundle lies in an `.lproj` folder, so
  /// that languages may be shown different pages.
  public var hasLocalizedPages: Bool {
    files.contains { $0.hasSuffix(".plist") && $0.contains(".lproj/") }
  }

  /// Whether the language of the `.lproj` folder `folder` is shown the pages
  /// this reading shows: for each page it reaches, the reader opens the same
  /// file when that language is the one preferred. Always true for a bundle
  /// whose pages are all at its top.
  ///
  /// ```swift
  /// // hp-mpos: en.lproj/Root.plist and es.lproj/Root.plist, no Root.plist at the top
  /// let english = try SettingsBundle.load(at: path, options: LoadOptions(preferredLanguages: ["en"]))
  /// english.showsSamePages(inLanguage: "es")  // false
  /// ```
  public func showsSamePages(inLanguage folder: String) -> Bool {
    guard hasLocalizedPages, let read else { return true }
    var other = options
    other.preferredLanguages = [folder]
    let mine = BundleLoader(path: path, options: options, fileSystem: read.fileSystem)
    let theirs = BundleLoader(path: path, options: other, fileSystem: read.fileSystem)
    return pages.allSatisfy { page in
      !page.isReached || mine.pageFile(named: page.name) == theirs.pageFile(named: page.name)
    }
  }

  /// The `.lproj` folders whose language is shown the pages of this reading
  /// (every folder when the pages are all at the bundle's top).
  public var languagesShowingThesePages: [String] {
    inventory.folders.filter(showsSamePages(inLanguage:))
  }
}

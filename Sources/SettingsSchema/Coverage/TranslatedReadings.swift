import Plist

/// The pages translators work on when a bundle is read more than one way
/// (on phone and pad, by Settings.app and InAppSettingsKit, as lint reads
/// it): the first reading with the reached pages of the others added, and the
/// localizable strings of every one, each found with its reading's schema
/// (InAppSettingsKit's types and its strings table for a page without one).
/// A page two readings show with the same table is taken once, from the first,
/// with the strings every reading finds on it (a dictionary `IASKSubtitle` is
/// text only InAppSettingsKit looks up): a string is used when some reading
/// shows it, as lint merges its readings; the pages no reading reaches are
/// kept once, as the first reading keeps its own.
///
/// ```swift
/// let readings = try TranslatedReadings(base: phone, others: [inAppSettingsKit])
/// readings.strings["Root"]?.map(\.text)  // Root.plist's strings, then Root.inApp.plist's
/// let coverage = TranslationCoverage(readings: readings)
/// ```
public struct TranslatedReadings: Sendable {
  /// The first reading, its ``SettingsBundle/pages`` followed by the pages only the others reach.
  public let bundle: SettingsBundle
  /// Every localizable string of every reached page, by table, indexed into ``bundle``'s pages.
  public let strings: [String: [LocalizableString]]

  public init(base: SettingsBundle, others: [SettingsBundle] = []) throws {
    var combined = base
    var strings = base.localizableStrings(catalog: try SchemaCatalog.load(base.options.dialect))
    struct Shown: Hashable {
      var file: String
      var table: String?
    }
    // Each reached page, by file and table, and where it is in the combined pages.
    var shown: [Shown: Int] = [:]
    for (index, page) in base.pages.enumerated() where page.isReached {
      let key = Shown(file: page.file, table: page.stringsTable)
      if shown[key] == nil { shown[key] = index }
    }
    for reading in others {
      var position: [Int: Int] = [:]
      // A page an earlier reading shows: only the texts that reading did not find are added.
      var alreadyShown = Set<Int>()
      for (index, page) in reading.pages.enumerated() where page.isReached {
        let key = Shown(file: page.file, table: page.stringsTable)
        if let earlier = shown[key] {
          position[index] = earlier
          alreadyShown.insert(index)
        } else {
          shown[key] = combined.pages.count
          position[index] = combined.pages.count
          combined.pages.append(page)
        }
      }
      // A page no reading reaches is still one the coverage has seen (no variant is left
      // unread, so unused entries are known), with no strings of its own.
      let files = Set(combined.pages.map(\.file))
      combined.pages += reading.pages.filter { !$0.isReached && !files.contains($0.file) }
      guard !position.isEmpty else { continue }
      let catalog = try SchemaCatalog.load(reading.options.dialect)
      for (table, list) in reading.localizableStrings(catalog: catalog) {
        var known = Set((strings[table] ?? []).map { PlistKey($0.text) })
        for var string in list {
          guard let index = position[string.pageIndex] else { continue }
          if alreadyShown.contains(string.pageIndex),
            !known.insert(PlistKey(string.text)).inserted
          {
            continue
          }
          string.pageIndex = index
          strings[table, default: []].append(string)
        }
      }
    }
    bundle = combined
    self.strings = strings
  }
}

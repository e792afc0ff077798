import Parallel
import Plist
import SettingsSchema

/// How one strings table file covers the strings of the pages that use its
/// table: which entries no page shows, which strings it lacks. Worked out
/// once for every file, on every core, and shared by the translation rules.
public struct TableCoverage: Sendable {
  /// The file's path inside the bundle.
  public var file: String
  /// The table name (`Root` for `de.lproj/Root.strings`).
  public var table: String
  /// Positions in the file's entries of the entries whose key no page shows.
  public var unusedEntries: [Int]
  /// Positions in ``LintContext/distinctStrings`` of the table's strings this file does not translate.
  public var missingStrings: [Int]
  /// Positions in the file's entries of the entries whose value is the empty string.
  public var emptyEntries: [Int]
  /// Positions of entries whose key an earlier entry of the file already gave.
  public var duplicateEntries: [Int]

  static func compute(
    tables: [LoadedStrings], distinctStrings: [String: [LintContext.LocalizedString]]
  ) -> [String: TableCoverage] {
    let indexByTable = distinctStrings.mapValues { strings in
      Dictionary(
        strings.enumerated().map { ($1.text, $0) }, uniquingKeysWith: { first, _ in first })
    }
    let results = tables.concurrentMap { loaded -> TableCoverage? in
      guard let table = LintContext.tableName(of: loaded.file), let index = indexByTable[table]
      else { return nil }
      let strings = distinctStrings[table] ?? []
      var found = [Bool](repeating: false, count: index.count)
      var unused: [Int] = []
      var empty: [Int] = []
      var duplicates: [Int] = []
      var seen = [Bool](repeating: false, count: index.count)
      var unusedKeys = Set<String>()
      // Tables are usually written in the order of the page's strings: follow that order
      // with a cursor and hash only when the file departs from it.
      var cursor = 0
      loaded.strings.entries.withUnsafeBufferPointer { entries in
        for entryIndex in entries.indices {
          let key = entries[entryIndex].key
          if entries[entryIndex].value.string?.isEmpty == true { empty.append(entryIndex) }
          let stringIndex: Int?
          if cursor < strings.count, strings[cursor].text == key {
            stringIndex = cursor
          } else {
            stringIndex = index[key]
          }
          guard let stringIndex else {
            unused.append(entryIndex)
            if !unusedKeys.insert(key).inserted { duplicates.append(entryIndex) }
            continue
          }
          if seen[stringIndex] { duplicates.append(entryIndex) }
          seen[stringIndex] = true
          cursor = stringIndex + 1
          // Only a string value translates; iOS shows the key for anything else.
          if entries[entryIndex].value.string != nil { found[stringIndex] = true }
        }
      }
      let missing = found.indices.filter { !found[$0] }
      return TableCoverage(
        file: loaded.file, table: table, unusedEntries: unused, missingStrings: missing,
        emptyEntries: empty, duplicateEntries: duplicates)
    }
    return Dictionary(
      results.compactMap { $0 }.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
  }
}

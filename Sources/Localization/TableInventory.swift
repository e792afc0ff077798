/// Where the strings of one table come from, as iOS resolves them.
public enum TableSource: Sendable, Hashable {
  /// `<table>.strings` in the bundle's top level, which shadows every language.
  case topLevel
  /// `<folder>.lproj/<table>.strings`.
  case language(String)
}

/// Finds the one file that serves a strings table. There is no per-key
/// fallback: once a file is chosen, a key it lacks shows as the raw string.
///
/// ```swift
/// let inventory = TableInventory(topLevelTables: [], tablesByFolder: ["en": ["Root"], "pt": ["Root"]])
/// let source = inventory.source(ofTable: "Root", searchOrder: ["pt", "en"])  // .language("pt")
/// ```
public struct TableInventory: Sendable, Hashable {
  /// Table names (without `.strings`) found in the bundle's top level.
  public var topLevelTables: Set<String>
  /// For each `.lproj` folder name (without `.lproj`), the tables it holds.
  public var tablesByFolder: [String: Set<String>]

  public init(topLevelTables: Set<String>, tablesByFolder: [String: Set<String>]) {
    self.topLevelTables = topLevelTables
    self.tablesByFolder = tablesByFolder
  }

  /// The folders, sorted.
  public var folders: [String] { tablesByFolder.keys.sorted() }

  public func source(ofTable table: String, searchOrder: [String]) -> TableSource? {
    if topLevelTables.contains(table) { return .topLevel }
    for folder in searchOrder where tablesByFolder[folder]?.contains(table) == true {
      return .language(folder)
    }
    return nil
  }
}

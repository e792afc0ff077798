import Plist
import SettingsSchema

/// A bundle without its debug-only settings: what a release build ships.
///
/// What goes, in this order:
/// - every page file whose page name is debug-only, in each of its variants
///   (`Debug.plist`, `Debug~ipad.plist`, `Debug.inApp.plist`, a copy in a `.lproj` folder);
/// - on every other page, each element whose `Key` is debug-only (a group's
///   with the rows of its section) and each child pane that opens a debug-only page;
/// - a group (`PSGroupSpecifier`, or a radio group's section) whose rows all went,
///   when it had rows (a group written without rows, a footer note, stays);
/// - a page that some reading reached and that, with those child panes gone, no
///   reading reaches any more (a page opened only from a debug page);
/// - in each table, the entries only what went showed (an entry no page used
///   before stays: lint names it in the full bundle), and a table file no
///   remaining page is shown from when only pages that went were.
///
/// Images and other files a removed element named stay. Page files keep their
/// format and every byte but the removed elements' (``FormatKeepingWriter``);
/// tables keep their encoding, comments and order but the removed entries.
///
/// ```swift
/// let readings = try Linter().loadVariants(at: "App/Settings.bundle")
/// let stripped = try DebugStripping.plan(readings: readings, keys: ["server_url"], pages: ["Debug"])
/// stripped.removedFiles  // ["Debug.plist", "en.lproj/Debug.strings"]
/// ```
public struct DebugStripping: Sendable {
  /// One thing that goes, for the list a person reads.
  public struct Removal: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
      /// A page file whose page name is debug-only.
      case page
      /// A page only debug-only pages opened.
      case unreachedPage
      /// An element with a debug-only `Key` (its key path, its key).
      case element(keyPath: String, key: String)
      /// A row of the section of a group with a debug-only `Key` (the group's key).
      case sectionRow(keyPath: String, group: String)
      /// A child pane that opens a debug-only page.
      case childPane(keyPath: String, page: String)
      /// A group whose rows all went.
      case emptyGroup(keyPath: String)
      /// A table entry only removed elements showed.
      case tableEntry(key: String)
      /// A table file only removed pages were shown from.
      case table
    }
    /// The file inside the bundle.
    public var file: String
    /// The 1-based line, when the file is text.
    public var line: Int?
    public var kind: Kind

    public init(file: String, line: Int?, kind: Kind) {
      self.file = file
      self.line = line
      self.kind = kind
    }
  }

  /// The new bytes of the files that change, by their path inside the bundle.
  public var files: [String: [UInt8]]
  /// The files that go, sorted.
  public var removedFiles: [String]
  /// Everything that goes, pages first, then elements (by file), then tables.
  public var removals: [Removal]
  /// Debug-only keys that no element of any page has.
  public var unmatchedKeys: [String]

  /// Whether the stripped bundle is the bundle as it is.
  public var isEmpty: Bool { files.isEmpty && removedFiles.isEmpty }

  /// The stripping of every reading of one bundle (the first one's path is the bundle's).
  public static func plan(readings: [SettingsBundle], keys: [String], pages: Set<String>)
    throws(BundleEditError) -> DebugStripping
  {
    var planner = DebugStrippingPlanner(readings: readings, keys: keys, pageNames: pages)
    try planner.plan()
    return DebugStripping(
      files: planner.files, removedFiles: planner.removedFiles.sorted(),
      removals: planner.removals, unmatchedKeys: planner.unmatchedKeys)
  }
}

/// The page files of a bundle: each reading's pages, then any other plist
/// of the bundle that is a page (a variant no reading opens), sorted.
enum BundlePageFiles {
  static func all(_ readings: [SettingsBundle]) -> [String] {
    guard let bundle = readings.first else { return [] }
    var seen = Set<String>()
    for reading in readings {
      for page in reading.pages { seen.insert(page.file) }
    }
    for file in bundle.files
    where file.hasSuffix(".plist") && file != "Info.plist" && !seen.contains(file) {
      if bundle.pageDocument(file)?.root[PageAttribute.preferenceSpecifiers]?.array != nil {
        seen.insert(file)
      }
    }
    return seen.sorted()
  }
}

struct DebugStrippingPlanner {
  let readings: [SettingsBundle]
  let keys: [String]
  let pageNames: Set<String>
  var files: [String: [UInt8]] = [:]
  var removedFiles = Set<String>()
  var removals: [DebugStripping.Removal] = []
  var unmatchedKeys: [String] = []
  /// The element positions that go, by page file.
  var removedElements: [String: Set<Int>] = [:]

  init(readings: [SettingsBundle], keys: [String], pageNames: Set<String>) {
    self.readings = readings
    self.keys = keys
    self.pageNames = pageNames
  }

  var bundle: SettingsBundle? { readings.first }

  /// The name a page file is asked for by, wherever it lies (`en.lproj/Debug~ipad.plist`: `Debug`).
  static func pageName(_ file: String) -> String {
    Page.name(ofFile: String(file.split(separator: "/").last ?? Substring(file)))
  }

  mutating func plan() throws(BundleEditError) {
    guard let bundle else { return }
    let pageFiles = BundlePageFiles.all(readings)
    var matchedKeys = Set<String>()
    var elementRemovals: [DebugStripping.Removal] = []
    for file in pageFiles {
      if pageNames.contains(Self.pageName(file)) {
        removedFiles.insert(file)
        removals.append(.init(file: file, line: nil, kind: .page))
        continue
      }
      guard let bytes = bundle.contents(ofFile: file),
        let document = try? PropertyListReader.read(bytes),
        let elements = document.root[PageAttribute.preferenceSpecifiers]?.array
      else { continue }
      var removed: [Int: DebugStripping.Removal.Kind] = [:]
      for (index, element) in elements.enumerated() {
        let path = PlistPath.specifier(index).description
        if let key = element[SpecifierAttribute.key.rawValue]?.string,
          let match = keys.first(where: key.isSameKey(as:))
        {
          matchedKeys.insert(match)
          removed[index] = .element(keyPath: path, key: key)
        } else if element[SpecifierAttribute.type.rawValue]?.string.map(
          SpecifierType.init(rawValue:)) == .childPane,
          let child = element[SpecifierAttribute.file.rawValue]?.string,
          pageNames.contains(Self.pageName(child))
        {
          removed[index] = .childPane(keyPath: path, page: child)
        }
      }
      // A debug-only group takes the rows of its section with it.
      for (index, kind) in removed {
        guard case .element(_, let key) = kind,
          elements[index][SpecifierAttribute.type.rawValue]?.string.map(
            SpecifierType.init(rawValue:)) == .group
        else { continue }
        for row in Self.sectionRows(elements, of: index) where removed[row] == nil {
          removed[row] = .sectionRow(keyPath: PlistPath.specifier(row).description, group: key)
        }
      }
      for group in Self.emptiedGroups(elements, removed: Set(removed.keys)) {
        removed[group] = .emptyGroup(keyPath: PlistPath.specifier(group).description)
      }
      guard !removed.isEmpty else { continue }
      removedElements[file] = Set(removed.keys)
      for index in removed.keys.sorted() {
        let line = elements[index].offset.flatMap { document.source?.location(ofOffset: $0).line }
        elementRemovals.append(.init(file: file, line: line, kind: removed[index] ?? .page))
      }
    }
    unmatchedKeys = keys.filter { !matchedKeys.contains($0) }
    for file in newlyUnreachedPages() where !removedFiles.contains(file) {
      removedFiles.insert(file)
      removals.append(.init(file: file, line: nil, kind: .unreachedPage))
    }
    removals += elementRemovals.filter { !removedFiles.contains($0.file) }
    for (file, indices) in removedElements.sorted(by: { $0.key < $1.key })
    where !removedFiles.contains(file) {
      guard let bytes = bundle.contents(ofFile: file) else { continue }
      // From the last, so that the earlier positions still hold.
      let edits = indices.sorted(by: >).map {
        PlistEdit.removeElement(in: PlistPath([.key("PreferenceSpecifiers")]), at: $0)
      }
      files[file] = try FormatKeepingWriter.apply(edits, to: bytes, file: file)
    }
    try planTables()
  }

  /// The rows of the section a group at `start` begins: up to the next group or radio group.
  static func sectionRows(_ elements: [PlistNode], of start: Int) -> Range<Int> {
    var end = start + 1
    while end < elements.count {
      let type = elements[end][SpecifierAttribute.type.rawValue]?.string.map(
        SpecifierType.init(rawValue:))
      if type == .group || type == .radioGroup { break }
      end += 1
    }
    return (start + 1)..<end
  }

  /// The groups (or radio groups) that had rows, all of which go.
  static func emptiedGroups(_ elements: [PlistNode], removed: Set<Int>) -> [Int] {
    let starts = elements.indices.filter { index in
      let type = elements[index][SpecifierAttribute.type.rawValue]?.string.map(
        SpecifierType.init(rawValue:))
      return type == .group || type == .radioGroup
    }
    var result: [Int] = []
    for (position, start) in starts.enumerated() where !removed.contains(start) {
      let end = position + 1 < starts.count ? starts[position + 1] : elements.count
      let rows = (start + 1)..<end
      // A radio group's own values are its rows: it empties only as a plain group does.
      let isGroup =
        elements[start][SpecifierAttribute.type.rawValue]?.string.map(SpecifierType.init(rawValue:))
        == .group
      if isGroup, !rows.isEmpty, rows.allSatisfy(removed.contains) { result.append(start) }
    }
    return result
  }

  /// Pages some reading reached that, without the removed pages and elements,
  /// that reading reaches no more.
  func newlyUnreachedPages() -> [String] {
    var result = Set<String>()
    for reading in readings {
      guard let root = reading.pages.first(where: \.isReached),
        !removedFiles.contains(root.file)
      else { continue }
      let byFile = Dictionary(reading.pages.map { ($0.file, $0) }, uniquingKeysWith: { a, _ in a })
      var reached: Set<String> = [root.file]
      var queue = [root.file]
      while let file = queue.popLast() {
        guard let page = byFile[file] else { continue }
        for specifier in page.specifiers
        where removedElements[file]?.contains(specifier.index) != true {
          guard let child = specifier.childPage, !removedFiles.contains(child),
            reached.insert(child).inserted
          else { continue }
          queue.append(child)
        }
      }
      for page in reading.pages where page.isReached && !reached.contains(page.file) {
        result.insert(page.file)
      }
    }
    return result.sorted()
  }

  /// Whether a string of a page (by its key path) belongs to something that goes.
  func goes(file: String, keyPath: String) -> Bool {
    if removedFiles.contains(file) { return true }
    guard let removed = removedElements[file], keyPath.hasPrefix("PreferenceSpecifiers["),
      let close = keyPath.firstIndex(of: "]"),
      let index = Int(keyPath[keyPath.index(keyPath.startIndex, offsetBy: 21)..<close])
    else { return false }
    return removed.contains(index)
  }
}

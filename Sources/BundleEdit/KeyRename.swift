import Plist
import SettingsSchema

/// A specifier's `Key` renamed on every page file of a bundle that writes it
/// (`Root.plist`, its `~iphone`/`~ipad` variants, InAppSettingsKit's
/// `.inApp.plist`, child pages, a localized page in a `.lproj` folder), with
/// the texts of those specifiers that ARE the key (a `Title` written as the key,
/// which the tables translate) and the tables' entries for those texts.
///
/// Only the bytes that name the key change: each page keeps its format (XML,
/// OpenStep, binary), layout, comments and key order; each table its encoding,
/// comments and order. A table entry whose text another element still shows
/// is kept, and a copy under the new key is added right after it.
///
/// ```swift
/// let readings = try Linter().loadVariants(at: "App/Settings.bundle")
/// let rename = try KeyRename.plan(readings: readings, from: "sound", to: "soundEnabled")
/// rename.files.map(\.path)  // ["Root.plist", "Root~ipad.plist", "en.lproj/Root.strings"]
/// ```
public struct KeyRename: Sendable {
  /// One file's new bytes.
  public struct FileEdit: Sendable, Hashable {
    /// The path inside the bundle.
    public var path: String
    public var bytes: [UInt8]
    public var previous: [UInt8]
  }

  /// One change, for the list a person reads before or after the write.
  public struct Change: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
      /// An element's `Key` (its key path, `PreferenceSpecifiers[3]`).
      case key(keyPath: String)
      /// An attribute of that element written as the key (`PreferenceSpecifiers[3].Title`).
      case text(keyPath: String)
      /// A table's entry renamed.
      case tableKey
      /// A table's entry copied under the new key (its old text is still shown elsewhere).
      case tableKeyCopied
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

  public var oldKey: String
  public var newKey: String
  /// The files to write, in the order of ``changes``.
  public var files: [FileEdit]
  /// Every change, page files first (in bundle order), then tables.
  public var changes: [Change]

  /// The rename over every reading of one bundle (the first one's path is the
  /// bundle's). Refuses when `new` is already a key of an element or of a table
  /// that would receive it, when no element has `old`, and when a file cannot
  /// be changed without touching other bytes.
  public static func plan(readings: [SettingsBundle], from old: String, to new: String)
    throws(KeyRenameError) -> KeyRename
  {
    guard !new.isEmpty else { throw .emptyKey }
    guard !old.isSameKey(as: new) else { throw .sameKey(old) }
    guard let first = readings.first else { throw .keyNotFound(old) }
    var planner = KeyRenamePlanner(readings: readings, bundle: first, old: old, new: new)
    try planner.planPages()
    try planner.planTables()
    return KeyRename(oldKey: old, newKey: new, files: planner.files, changes: planner.changes)
  }
}

/// Why a key cannot be renamed. Whatever the case, nothing was written.
public enum KeyRenameError: Error, Sendable, Hashable {
  case emptyKey
  case sameKey(String)
  /// No element of any page has the key.
  case keyNotFound(String)
  /// The new key is already an element's, at these places.
  case keyExists(String, places: [PagePlace])
  /// The new key is already a key of a table that would receive it.
  case tableKeyExists(String, table: String)
  /// A file that cannot be changed in place without changing other bytes.
  case fileNotEditable(file: String, reason: NotEditableReason)

  public enum NotEditableReason: Sendable, Hashable {
    /// The key holds a character its format cannot carry (XML 1.0).
    case keyNotWritable
    /// The file's text does not encode back to its bytes (it was repaired on reading).
    case encodingNotKept
    /// The file does not read.
    case unreadable(ReadIssue)
    /// The binary writer refused the edited tree.
    case writer(PlistWriteError)
    /// The page's format-keeping edit was refused.
    case edit(BundleEditError)
  }
}

/// The work of one ``KeyRename/plan(readings:from:to:)``.
struct KeyRenamePlanner {
  let readings: [SettingsBundle]
  let bundle: SettingsBundle
  let old: String
  let new: String
  var files: [KeyRename.FileEdit] = []
  var changes: [KeyRename.Change] = []
  /// Texts renamed, by page file: their key paths.
  var renamedTexts: [String: Set<String>] = [:]

  init(readings: [SettingsBundle], bundle: SettingsBundle, old: String, new: String) {
    self.readings = readings
    self.bundle = bundle
    self.old = old
    self.new = new
  }

  static let catalogs: [SchemaCatalog] = Dialect.allCases.compactMap {
    try? SchemaCatalog.load($0)
  }

  /// The attributes of an element of `type` that iOS or InAppSettingsKit looks up in a table.
  static func localizableKeys(of type: SpecifierType?) -> Set<String> {
    guard let type else { return ["Title", "FooterText"] }
    return Set(catalogs.flatMap { $0.localizableKeys(ofType: type) })
  }

  mutating func planPages() throws(KeyRenameError) {
    var existing: [PagePlace] = []
    for file in BundlePageFiles.all(readings) {
      guard let bytes = bundle.contents(ofFile: file) else { continue }
      let document: PlistDocument
      do {
        document = try PropertyListReader.read(bytes)
      } catch {
        // A page that does not read holds no key to rename; lint names it.
        continue
      }
      guard let elements = document.root[PageAttribute.preferenceSpecifiers]?.array else {
        continue
      }
      var targets: [(index: Int, texts: [String])] = []
      for (index, element) in elements.enumerated() {
        guard let key = element[SpecifierAttribute.key.rawValue]?.string else { continue }
        if key.isSameKey(as: new) {
          existing.append(
            PagePlace(
              file: file,
              place: document.place(
                offset: element[SpecifierAttribute.key.rawValue]?.offset,
                keyPath: "PreferenceSpecifiers[\(index)].Key")))
        }
        guard key.isSameKey(as: old) else { continue }
        let localizable = Self.localizableKeys(
          of: element[SpecifierAttribute.type.rawValue]?.string.map(SpecifierType.init(rawValue:)))
        let texts = (element.entries ?? []).filter { entry in
          entry.key != "Key" && localizable.contains(entry.key)
            && entry.value.string?.isSameKey(as: old) == true
        }.map(\.key)
        targets.append((index, texts))
      }
      guard !targets.isEmpty else { continue }
      let edited = try edit(file: file, bytes: bytes, document: document, targets: targets)
      files.append(KeyRename.FileEdit(path: file, bytes: edited, previous: bytes))
    }
    guard existing.isEmpty else { throw .keyExists(new, places: existing) }
    guard !files.isEmpty else { throw .keyNotFound(old) }
  }

  /// One page file with the key (and the texts that are the key) of `targets` renamed.
  mutating func edit(
    file: String, bytes: [UInt8], document: PlistDocument, targets: [(index: Int, texts: [String])]
  ) throws(KeyRenameError) -> [UInt8] {
    guard let elements = document.root[PageAttribute.preferenceSpecifiers]?.array else {
      return bytes
    }
    var nodes: [(index: Int, attribute: String, node: PlistNode)] = []
    for target in targets {
      let element = elements[target.index]
      for entry in element.entries ?? []
      where entry.key == "Key" || target.texts.contains(entry.key) {
        // The last of a repeated key is the one read; only it names the key.
        guard element.entry(forKey: entry.key)?.value == entry.value else { continue }
        nodes.append((target.index, entry.key, entry.value))
      }
    }
    for item in nodes {
      let line = item.node.offset.flatMap { document.source?.location(ofOffset: $0).line }
      let path = PlistPath.specifier(item.index)
      guard item.attribute != "Key" else {
        changes.append(
          KeyRename.Change(file: file, line: line, kind: .key(keyPath: path.description)))
        continue
      }
      let keyPath = path.appending(.key(item.attribute)).description
      changes.append(KeyRename.Change(file: file, line: line, kind: .text(keyPath: keyPath)))
      renamedTexts[file, default: []].insert(keyPath)
    }
    // Each value set where it is written, in the file's format; read back before it is kept.
    let edits = nodes.map { item in
      PlistEdit.setValue(
        in: .specifier(item.index), key: item.attribute, to: PlistNode(.string(new)))
    }
    do {
      return try FormatKeepingWriter.apply(edits, to: bytes, file: file)
    } catch {
      throw .fileNotEditable(file: file, reason: .edit(error))
    }
  }

  /// The bytes a string value's text takes: an XML element's content
  /// (between `<string>` and `</string>`), an OpenStep token with its quotes.
  static func literalRange(of node: PlistNode, in text: [UInt8], format: PlistFormat)
    -> Range<Int>?
  {
    guard let start = node.offset, let end = node.endOffset, start < end, end <= text.count
    else { return nil }
    guard format == .xml else { return start..<end }
    guard let open = text[start..<end].firstIndex(of: UInt8(ascii: ">")),
      text[open - 1] != UInt8(ascii: "/"),
      let close = text[start..<end].lastIndex(of: UInt8(ascii: "<")), close > open
    else { return nil }
    return (open + 1)..<close
  }
}

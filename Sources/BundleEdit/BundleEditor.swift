import Foundation
import Plist
import SettingsSchema

/// One page file of a bundle as an edit leaves it: its bytes before and after.
///
/// ```swift
/// let change = try BundleEditor(bundle: bundle).set("version_preference.DefaultValue", to: "2.1")
/// change.file    // "Root.plist"
/// try BundleFileWriter.write(change, inBundle: bundle.path)
/// ```
public struct FileChange: Sendable, Hashable {
  /// The page file inside the bundle.
  public var file: String
  public var original: [UInt8]
  public var edited: [UInt8]
  /// The element edited (for an added element, the one it follows).
  public var element: ElementCandidate
  /// The format the file is in, and stays in.
  public var format: PlistFormat
  /// For a set: the attribute's value before (nil when it was absent) and
  /// after; for an add, the new element (`value`).
  public var previous: PlistValue? = nil
  public var value: PlistValue? = nil

  /// Whether the edit leaves the file as it was (a value set to itself).
  public var isUnchanged: Bool { original == edited }

  public init(
    file: String, original: [UInt8], edited: [UInt8], element: ElementCandidate,
    format: PlistFormat
  ) {
    self.file = file
    self.original = original
    self.edited = edited
    self.element = element
    self.format = format
  }
}

/// Plans edits of a bundle's pages: finds the element, types the value by
/// the schema, and makes the new bytes of the page with
/// ``FormatKeepingWriter``. Nothing is written: ``BundleFileWriter`` writes
/// a ``FileChange``.
///
/// ```swift
/// let editor = BundleEditor(bundle: try SettingsBundle.load(at: "App/Settings.bundle"))
/// let change = try editor.set("version_preference.DefaultValue", to: "2.1")
/// ```
public struct BundleEditor: Sendable {
  public let bundle: SettingsBundle

  public init(bundle: SettingsBundle) {
    self.bundle = bundle
  }

  /// `NAME.ATTRIBUTE` split at its last dot (attributes have none; keys may).
  ///
  /// ```swift
  /// try BundleEditor.splitKeyPath("com.app.version.DefaultValue")  // ("com.app.version", "DefaultValue")
  /// ```
  public static func splitKeyPath(_ keyPath: String) throws(BundleEditError) -> (
    name: String, attribute: String
  ) {
    guard let dot = keyPath.lastIndex(of: "."), dot != keyPath.startIndex,
      keyPath.index(after: dot) != keyPath.endIndex
    else { throw .noAttribute(keyPath: keyPath) }
    return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
  }

  /// Sets `ATTRIBUTE` of the element `NAME` (`version_preference.DefaultValue`)
  /// to `text`, typed by the schema. A `Key` is not set here: ``KeyRename``
  /// renames it.
  public func set(_ keyPath: String, to text: String, page: String? = nil)
    throws(BundleEditError) -> FileChange
  {
    let (name, attribute) = try Self.splitKeyPath(keyPath)
    let element = try ElementLocator.locate(name, in: bundle, page: page)
    guard attribute != "Key" else { throw .keyNotSet(element: element.candidate) }
    let value = try AttributeValue.typed(
      text, attribute: attribute, of: element.specifier, in: bundle.catalog,
      element: element.candidate)
    var change = try edit(
      element, [.setValue(in: element.path, key: attribute, to: PlistNode(plain: value))])
    change.previous = element.specifier[attribute]?.value
    change.value = FormatKeepingWriter.reading(PlistNode(plain: value), in: change.format).value
    return change
  }

  /// Adds a new element after the element `NAME`, from `ATTRIBUTE=VALUE`
  /// texts (`Type=PSToggleSwitchSpecifier`, `Key=sync`, `DefaultValue=YES`;
  /// an array attribute takes one element per text: `Values=1 Values=2`),
  /// checked against the schema: a known type, known attributes, the
  /// required ones present, each value of its kind, a Key no element has,
  /// as many Titles (and ShortTitles) as Values, a File inside the bundle.
  public func add(after name: String, attributes: [String], page: String? = nil)
    throws(BundleEditError) -> FileChange
  {
    let anchor = try ElementLocator.locate(name, in: bundle, page: page)
    let node = try Self.newElement(attributes, catalog: bundle.catalog)
    if let key = node[SpecifierAttribute.key.rawValue]?.string {
      let used = bundle.pages.flatMap { page in
        page.specifiers.filter { $0.key?.isSameKey(as: key) == true }.map {
          ElementCandidate(page: page, index: $0.index)
        }
      }
      guard used.isEmpty else { throw .keyInUse(key, elements: used) }
    }
    var change = try edit(
      anchor,
      [
        .insertElement(
          in: PlistPath([.key("PreferenceSpecifiers")]), at: anchor.specifier.index + 1, node)
      ])
    change.value = FormatKeepingWriter.reading(node, in: change.format).value
    return change
  }

  /// Removes the element `NAME` from its page.
  public func remove(_ name: String, page: String? = nil) throws(BundleEditError) -> FileChange {
    let element = try ElementLocator.locate(name, in: bundle, page: page)
    return try edit(
      element,
      [.removeElement(in: PlistPath([.key("PreferenceSpecifiers")]), at: element.specifier.index)])
  }

  /// Makes `edits` on the page of `element`: the entry point for other edits
  /// of one page (renaming a key, stripping elements).
  public func edit(_ element: LocatedElement, _ edits: [PlistEdit]) throws(BundleEditError)
    -> FileChange
  {
    let file = element.page.file
    guard let original = bundle.contents(ofFile: file) else {
      throw .pageOutsideBundle(file, reason: "it is not a regular file of the bundle")
    }
    let edited = try FormatKeepingWriter.apply(
      edits, to: original, file: file, limits: bundle.options.limits)
    return FileChange(
      file: file, original: original, edited: edited, element: element.candidate,
      format: element.page.document?.format ?? .xml)
  }

  /// A new element from `ATTRIBUTE=VALUE` texts, `Type` first, the others in
  /// the order given.
  public static func newElement(_ attributes: [String], catalog: SchemaCatalog)
    throws(BundleEditError) -> PlistNode
  {
    var pairs: [(attribute: String, text: String)] = []
    for text in attributes {
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
        throw .badSpecification(text, reason: "expected ATTRIBUTE=VALUE")
      }
      pairs.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
    }
    guard let typeText = pairs.first(where: { $0.attribute == "Type" })?.text else {
      throw .badSpecification(attributes.joined(separator: " "), reason: "the element needs a Type")
    }
    let type = SpecifierType(rawValue: typeText)
    guard catalog.types[type] != nil else {
      throw .valueRefused(
        typeText, attribute: "Type", element: nil,
        reason:
          "the schema has no type \(typeText); it has \(catalog.types.keys.sorted().map(\.rawValue).joined(separator: ", "))"
      )
    }
    var entries = [PlistEntry(key: "Type", value: PlistNode(.string(typeText)))]
    var defaultText: String?
    for (attribute, text) in pairs where attribute != "Type" {
      guard let spec = catalog.key(attribute, ofType: type) else {
        throw .unknownAttribute(
          attribute, type: typeText, element: nil,
          known: AttributeValue.knownAttributes(of: type, in: catalog))
      }
      if attribute == "DefaultValue" {
        defaultText = text
        continue
      }
      func refused(_ reason: String) -> BundleEditError {
        .valueRefused(text, attribute: attribute, element: nil, reason: reason)
      }
      if spec.type == .array {
        let element = try AttributeValue.element(
          text, attribute: attribute, kind: spec.elements, refused: refused)
        if let index = entries.firstIndex(where: { $0.key == attribute }),
          case .array(var items) = entries[index].value.content
        {
          items.append(PlistNode(plain: element))
          entries[index].value = PlistNode(.array(items))
        } else {
          entries.append(
            PlistEntry(key: attribute, value: PlistNode(.array([PlistNode(plain: element)]))))
        }
        continue
      }
      guard !entries.contains(where: { $0.key == attribute }) else {
        throw .badSpecification(attribute + "=" + text, reason: "\(attribute) is given twice")
      }
      let provisional = Specifier(index: 0, node: PlistNode(.dictionary(entries)))
      let value = try AttributeValue.typed(
        text, attribute: attribute, of: provisional, in: catalog)
      entries.append(PlistEntry(key: attribute, value: PlistNode(plain: value)))
    }
    if let defaultText {
      let provisional = Specifier(index: 0, node: PlistNode(.dictionary(entries)))
      let value = try AttributeValue.typed(
        defaultText, attribute: "DefaultValue", of: provisional, in: catalog)
      // Where Xcode's template puts it: after Key when there is one.
      let position = (entries.firstIndex { $0.key == "Key" }).map { $0 + 1 } ?? entries.count
      entries.insert(PlistEntry(key: "DefaultValue", value: PlistNode(plain: value)), at: position)
    }
    let required = (catalog.types[type]?.keys ?? [:]).merging(catalog.commonKeys) { a, _ in a }
      .filter { $0.value.required && !entries.map(\.key).contains($0.key) }.map(\.key).sorted()
    guard required.isEmpty else { throw .missingAttributes(required, type: typeText) }
    let node = PlistNode(.dictionary(entries))
    // Settings pairs Values[i] with Titles[i]: other counts show wrong titles.
    if let values = node[SpecifierAttribute.values.rawValue]?.array {
      for attribute in ["Titles", "ShortTitles"] {
        guard let titles = node[attribute]?.array, titles.count != values.count else { continue }
        throw .valueRefused(
          attributes.filter { $0.hasPrefix(attribute + "=") }.joined(separator: " "),
          attribute: attribute, element: nil,
          reason:
            "\(attribute) has \(titles.count) but Values has \(values.count); each value needs one title"
        )
      }
    }
    // The rule the loader and lint apply: a page is looked up inside the bundle.
    if let file = node[SpecifierAttribute.file.rawValue]?.string,
      let reason = SettingsBundle.unsafeReason(ofPath: file)
    {
      throw .valueRefused(file, attribute: "File", element: nil, reason: reason)
    }
    return node
  }
}

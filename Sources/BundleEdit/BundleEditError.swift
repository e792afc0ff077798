import Plist
import SettingsSchema

/// An element of a page, named in errors: where it is, and what identifies it.
///
/// ```swift
/// let candidate = ElementCandidate(page: page, index: 3)
/// candidate.place.description  // "Root.plist:41:5"
/// ```
public struct ElementCandidate: Sendable, Hashable {
  /// The page file and the element's place in it.
  public var place: PagePlace
  /// The position in the page's `PreferenceSpecifiers`.
  public var index: Int
  public var type: String?
  public var key: String?
  public var title: String?

  public init(place: PagePlace, index: Int, type: String?, key: String?, title: String?) {
    self.place = place
    self.index = index
    self.type = type
    self.key = key
    self.title = title
  }

  /// The element at `index` of `page`.
  public init(page: Page, index: Int) {
    let specifier = page.specifiers.first { $0.index == index }
    self.init(
      place: PagePlace(
        file: page.file,
        place: page.place(of: specifier?.node, keyPath: PlistPath.specifier(index).description)),
      index: index, type: specifier?.type?.rawValue, key: specifier?.key, title: specifier?.title)
  }
}

/// Why an edit of a bundle was not made. Nothing is written when one is thrown.
///
/// ```swift
/// do { _ = try BundleEditor(bundle: bundle).plan(.set(target, attribute: "DefaultValue", text: "2.1")) }
/// catch .ambiguous(let name, let matches) { … }
/// ```
public enum BundleEditError: Error, Sendable, Hashable {
  /// The bundle could not be read as a Settings bundle.
  case bundle(SettingsBundleError)
  /// A key path without the attribute after the element's name (`set` needs `NAME.ATTRIBUTE`).
  case noAttribute(keyPath: String)
  /// A page file asked for that the bundle does not have, with the pages it has.
  case noPage(String, pages: [String])
  /// A page path that would leave the bundle (absolute, `..`, a link out), and why.
  case pageOutsideBundle(String, reason: String)
  /// No element of the pages searched has this `Key` or `Title`.
  case noElement(name: String, pages: [String], candidates: [ElementCandidate])
  /// More than one element has this `Key` (or, when none does, this `Title`).
  case ambiguous(name: String, matches: [ElementCandidate])
  /// The schema knows no such attribute for the type (of the element, when one
  /// exists already): the attributes it knows.
  case unknownAttribute(String, type: String, element: ElementCandidate?, known: [String])
  /// `set` was asked to change an element's `Key`: a Key is changed by
  /// renaming (``KeyRename``), which refuses an empty, multi-line or used Key
  /// and renames the Key's texts with it.
  case keyNotSet(element: ElementCandidate)
  /// A new element's `Key` is already an element's: the two rows would show
  /// and write one stored value.
  case keyInUse(String, elements: [ElementCandidate])
  /// The value does not fit the attribute, and why (the schema's words).
  case valueRefused(String, attribute: String, element: ElementCandidate?, reason: String)
  /// A new element given without `Type`, or the attribute text could not be read.
  case badSpecification(String, reason: String)
  /// The new element lacks attributes its type requires.
  case missingAttributes([String], type: String)
  /// The page file does not read (so it is not edited), with the reader's issue.
  case unreadable(file: String, issue: ReadIssue)
  /// The file is written in a way that cannot be edited in place without
  /// rewriting what the edit does not change (a value inside an array written
  /// on one line with its siblings is fine; a key given twice is not).
  case cannotEditInPlace(file: String, place: IssuePlace?, reason: String)
  /// The edited bytes would not read back as intended: nothing was written.
  case notReadBack(file: String, reason: String)
  /// Writing the file failed (the old file stays as it was).
  case unwritable(file: String, reason: String)
}

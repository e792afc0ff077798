import Foundation
import Plist
import SettingsSchema

/// An element of a bundle found by name: the page it is on and the element.
///
/// ```swift
/// let found = try ElementLocator.locate("version_preference", in: bundle)
/// found.page.file          // "Root.plist"
/// found.specifier.index    // 3
/// found.path               // PreferenceSpecifiers[3]
/// ```
public struct LocatedElement: Sendable {
  /// How the name matched the element.
  public enum Match: Sendable, Hashable {
    case key
    case title
  }

  public var page: Page
  public var specifier: Specifier
  public var match: Match

  /// The element's path in its page.
  public var path: PlistPath { .specifier(specifier.index) }

  /// The element as errors name it.
  public var candidate: ElementCandidate { ElementCandidate(page: page, index: specifier.index) }
}

/// Finds the element a user names: by its `Key`, else by its `Title` as
/// written (before translation), on the pages of the bundle (Root and the
/// pages its child panes reach) or on one page file.
///
/// A name that matches more than one element is refused with every match,
/// never guessed (but a Title that one keyless element shares with keyed
/// ones names the keyless element, which has no other name); a name that matches none is refused with the elements the
/// pages have.
public enum ElementLocator {
  /// The element named `name`; `page` limits the search to one page file of
  /// the bundle (`Root~ipad.plist`, a page no child pane reaches).
  public static func locate(_ name: String, in bundle: SettingsBundle, page: String? = nil)
    throws(BundleEditError) -> LocatedElement
  {
    let pages = try searchedPages(of: bundle, page: page)
    for match in [LocatedElement.Match.key, .title] {
      var found: [LocatedElement] = []
      for page in pages {
        for specifier in page.specifiers {
          let text = match == .key ? specifier.key : specifier.title
          if text?.isSameKey(as: name) == true {
            found.append(LocatedElement(page: page, specifier: specifier, match: match))
          }
        }
      }
      if found.count == 1, let only = found.first { return only }
      // A Title shared by one keyless element (a group) and keyed rows names
      // the keyless one: the rows have their Key to be named by; it has none.
      let keyless = found.filter { $0.specifier.key == nil }
      if match == .title, keyless.count == 1, let only = keyless.first { return only }
      if found.count > 1 { throw .ambiguous(name: name, matches: found.map(\.candidate)) }
    }
    throw .noElement(
      name: name, pages: pages.map(\.file),
      candidates: pages.flatMap { page in
        page.specifiers.filter { $0.key != nil || $0.title != nil }.map {
          ElementCandidate(page: page, index: $0.index)
        }
      })
  }

  /// The pages a name is looked for on: every page the bundle reaches, or
  /// the one file asked for, which must be a page plist inside the bundle.
  public static func searchedPages(of bundle: SettingsBundle, page: String?)
    throws(BundleEditError) -> [Page]
  {
    guard let page else {
      let readable = bundle.pages.filter { $0.document != nil }
      // No page reads: say so when one is a link out of the bundle (the loader
      // does not follow it) rather than finding no element on no page.
      if readable.isEmpty {
        let root = bundle.pages.first?.file ?? "Root.plist"
        if leadsOutThroughLink(root, in: bundle) {
          throw .pageOutsideBundle(root, reason: "it leads out of the bundle through a link")
        }
      }
      return readable
    }
    if let reason = SettingsBundle.unsafeReason(ofPath: page) {
      throw .pageOutsideBundle(page, reason: reason)
    }
    let file = page.hasSuffix(".plist") ? page : page + ".plist"
    if let loaded = bundle.pages.first(where: { $0.file == file }), loaded.document != nil {
      return [loaded]
    }
    guard SettingsBundle.containedPath(file, inBundle: bundle.path) != nil else {
      guard leadsOutThroughLink(file, in: bundle) else {
        throw .noPage(file, pages: bundle.files.filter { $0.hasSuffix(".plist") })
      }
      throw .pageOutsideBundle(file, reason: "it leads out of the bundle through a link")
    }
    guard bundle.files.contains(file) else {
      throw .noPage(file, pages: bundle.files.filter { $0.hasSuffix(".plist") })
    }
    guard let bytes = bundle.contents(ofFile: file) else {
      throw .pageOutsideBundle(file, reason: "it is not a regular file of the bundle")
    }
    let document: PlistDocument
    do {
      document = try PropertyListReader.read(bytes, limits: bundle.options.limits)
    } catch {
      throw .unreadable(file: file, issue: error)
    }
    let specifiers = (document.root[PageAttribute.preferenceSpecifiers]?.array ?? []).enumerated()
      .map {
        Specifier(index: $0.offset, node: $0.element)
      }
    return [
      Page(
        file: file, name: Page.name(ofFile: file), document: document, specifiers: specifiers,
        isReached: false)
    ]
  }

  /// Whether `file` is there in the bundle's folder but the containment rule
  /// does not reach it: a link out of the bundle.
  static func leadsOutThroughLink(_ file: String, in bundle: SettingsBundle) -> Bool {
    var info = stat()
    return SettingsBundle.containedPath(file, inBundle: bundle.path) == nil
      && lstat(bundle.path + "/" + file, &info) == 0
  }
}

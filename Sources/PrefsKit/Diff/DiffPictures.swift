import BundleDiff
import Plist
import SettingsRender
import SettingsSchema

/// How the pictures of a comparison are drawn: in one language, on one
/// device, as one reader sees the bundles (a comparison reads every reading;
/// a picture shows one).
///
/// ```swift
/// var options = DiffOptions(old: "Old/Settings.bundle", new: "New/Settings.bundle")
/// options.pictures = DiffPictureOptions(languages: ["pt-BR"])
/// ```
public struct DiffPictureOptions: Sendable {
  /// The preferred languages, most preferred first, as iOS matches them to
  /// the bundle's `.lproj` folders; empty for the bundle's own texts.
  public var languages: [String]
  /// The device drawn; nil for the first one compared.
  public var idiom: Idiom?
  /// The title over the first page (Settings.app shows the app's name); nil
  /// for the new version's app as `prefs render` names it (its Info.plist's
  /// name, its defaults domain, else the folder the bundle is in).
  public var appTitle: String?

  public init(languages: [String] = [], idiom: Idiom? = nil, appTitle: String? = nil) {
    self.languages = languages
    self.idiom = idiom
    self.appTitle = appTitle
  }
}

/// A page of the bundle as each version shows it, with the rows, sections
/// and page marked as a comparison found them changed.
public struct ComparedPage: Sendable {
  /// The name child panes use (`Root`), by which versions' pages are matched.
  public var name: String
  public var old: LayoutPage?
  public var new: LayoutPage?
  public var oldMarks: PageMarks
  public var newMarks: PageMarks

  /// Whether a change was found on the page.
  public var isChanged: Bool { !oldMarks.isEmpty || !newMarks.isEmpty }
}

/// Both versions of a comparison drawn as the Settings app draws them, page
/// beside page, each change ``DiffOutcome/changes`` names marked on the row
/// (or the group's header and footer, or the page) it is on: what only the
/// new version has as added, what only the old one had as removed, what both
/// have but differs as changed. A change to a keyed element is found by its
/// Key; one to an element without a Key (a group's title, a licence group
/// removed) by the element BundleDiff matched, at the place it reports.
/// Strings added to or removed from the tables mark nothing: the texts they
/// translate are marked where they changed.
///
/// ```swift
/// var options = DiffOptions(old: "Old/Settings.bundle", new: "New/Settings.bundle")
/// options.pictures = DiffPictureOptions()
/// let outcome = try DiffFrontEnd.run(options, environment: environment)
/// outcome.pictures?.changedPages.map(\.name)  // ["Root"]
/// ```
public struct DiffPictures: Sendable {
  public var old: SettingsLayout
  public var new: SettingsLayout
  /// Every page either version reaches (not the lists of choices), the new
  /// version's order first, then pages only the old one has.
  public var pages: [ComparedPage]

  /// The pages with a change on them.
  public var changedPages: [ComparedPage] { pages.filter(\.isChanged) }

  /// Draws both versions as `reading` shows them and marks `changes` on them.
  ///
  /// - Parameters:
  ///   - old, new: each version loaded in the reading drawn.
  ///   - snapshots: the versions as compared, whose elements the changes name.
  public init(
    old: SettingsBundle, new: SettingsBundle, snapshots: (old: BundleSnapshot, new: BundleSnapshot),
    changes: [BundleChange], appTitle: String
  ) {
    self.old = SettingsLayout(bundle: old, appTitle: appTitle)
    self.new = SettingsLayout(bundle: new, appTitle: appTitle)
    let reading = BundleReading(idiom: new.options.idiom, dialect: new.options.dialect)
    var marking = Marking(
      old: Side(layout: self.old, bundle: old, variant: Self.variant(of: snapshots.old, like: old)),
      new: Side(layout: self.new, bundle: new, variant: Self.variant(of: snapshots.new, like: new)))
    for change in changes where change.readings.isEmpty || change.readings.contains(reading) {
      marking.mark(change)
    }
    var pages: [ComparedPage] = []
    let oldPages = self.old.pages.filter { $0.id.choicesOf == nil }
    let newPages = self.new.pages.filter { $0.id.choicesOf == nil }
    for page in newPages {
      let before = oldPages.first { $0.name == page.name }
      pages.append(
        ComparedPage(
          name: page.name, old: before, new: page,
          oldMarks: before.map { marking.old.marks[$0.id] ?? PageMarks() } ?? PageMarks(),
          newMarks: marking.new.marks[page.id] ?? PageMarks()))
    }
    for page in oldPages where !newPages.contains(where: { $0.name == page.name }) {
      pages.append(
        ComparedPage(
          name: page.name, old: page, new: nil,
          oldMarks: marking.old.marks[page.id] ?? PageMarks(), newMarks: PageMarks()))
    }
    self.pages = pages
  }

  /// The reading of a snapshot that a loaded bundle is: its device and reader.
  static func variant(of snapshot: BundleSnapshot, like bundle: SettingsBundle)
    -> BundleSnapshot.Variant?
  {
    snapshot.variants.first {
      $0.idiom == bundle.options.idiom && $0.dialect == bundle.options.dialect
    } ?? snapshot.variants.first { $0.idiom == bundle.options.idiom }
  }

  /// One version: its pages drawn, the marks on them, and what finds the
  /// element a change is on.
  struct Side {
    let layout: SettingsLayout
    let bundle: SettingsBundle
    let variant: BundleSnapshot.Variant?
    var marks: [LayoutPage.ID: PageMarks] = [:]
    /// Per page file: each place BundleDiff reports of an element → the element's index in `PreferenceSpecifiers`.
    var places: [String: [BundlePlace: Int]] = [:]

    init(layout: SettingsLayout, bundle: SettingsBundle, variant: BundleSnapshot.Variant?) {
      self.layout = layout
      self.bundle = bundle
      self.variant = variant
    }

    /// Marks every row showing `key`, and a section its element starts (a radio group).
    mutating func mark(key: String, _ mark: ChangeMark) {
      for page in layout.pages where page.id.choicesOf == nil {
        for section in page.sections {
          for row in section.rows where row.id.key == key {
            marks[page.id, default: PageMarks()].mark(row.id, mark)
            if section.startIndex == row.id.index {
              marks[page.id, default: PageMarks()].mark(section: row.id.index, mark)
            }
          }
        }
      }
    }

    /// Marks the element at `place` (a row, or the section it starts).
    mutating func mark(place: BundlePlace?, _ mark: ChangeMark) {
      guard let place, let index = element(at: place),
        let page = layout.pages.first(where: { $0.id.file == place.file && $0.id.choicesOf == nil })
      else { return }
      for section in page.sections {
        if section.startIndex == index {
          marks[page.id, default: PageMarks()].mark(section: index, mark)
        }
        for row in section.rows where row.id.page == place.file && row.id.index == index {
          marks[page.id, default: PageMarks()].mark(row.id, mark)
        }
      }
    }

    /// Marks a whole page (one only this version reaches).
    mutating func mark(pageFile file: String, _ mark: ChangeMark) {
      for page in layout.pages where page.id.file == file && page.id.choicesOf == nil {
        marks[page.id, default: PageMarks()].page = mark
      }
    }

    /// The index in `PreferenceSpecifiers` of the element BundleDiff reported at `place`.
    mutating func element(at place: BundlePlace) -> Int? {
      if places[place.file] == nil {
        places[place.file] = elementPlaces(file: place.file)
      }
      return places[place.file]?[place]
    }

    /// Each place a change can name of each element of a page (the element,
    /// and each of its texts), as BundleDiff works them out.
    func elementPlaces(file: String) -> [BundlePlace: Int] {
      guard let outline = variant?.pages.first(where: { $0.file == file }),
        let page = bundle.pages.first(where: { $0.file == file })
      else { return [:] }
      // The outline's elements are the page's elements shown on the device, in order.
      let shown = page.specifiers.filter { $0.isShown(on: bundle.options.idiom) }
      guard shown.count == outline.elements.count else { return [:] }
      var result: [BundlePlace: Int] = [:]
      for (element, specifier) in zip(outline.elements, shown) {
        result[outline.place(of: element)] = specifier.index
        for entry in element.texts.keys {
          result[outline.place(of: element, entry: entry)] = specifier.index
        }
      }
      return result
    }
  }

  /// Both sides, and how each kind of change marks them.
  struct Marking {
    var old: Side
    var new: Side

    mutating func mark(_ change: BundleChange) {
      switch change.kind {
      case .pageAdded:
        if let file = change.new { new.mark(pageFile: file, .added) }
      case .pageRemoved:
        if let file = change.old { old.mark(pageFile: file, .removed) }
      case .keyAdded:
        if let key = change.key { new.mark(key: key, .added) }
      case .keyRemoved:
        if let key = change.key { old.mark(key: key, .removed) }
      case .keyRenamed:
        if let key = change.old { old.mark(key: key, .changed) }
        if let key = change.new { new.mark(key: key, .changed) }
      case .typeChanged, .defaultChanged, .valueAdded, .valueRemoved, .rangeChanged,
        .toggleValuesChanged:
        if let key = change.key {
          old.mark(key: key, .changed)
          new.mark(key: key, .changed)
        }
      case .titleChanged, .footerChanged, .orderChanged:
        if let key = change.key {
          old.mark(key: key, .changed)
          new.mark(key: key, .changed)
        } else {
          old.mark(place: change.oldPlace, .changed)
          new.mark(place: change.newPlace, .changed)
        }
      case .elementAdded:
        new.mark(place: change.newPlace, .added)
      case .elementRemoved:
        old.mark(place: change.oldPlace, .removed)
      case .stringsAdded, .translationRemoved:
        break
      }
    }
  }
}

extension DiffFrontEnd {
  /// Both versions loaded again in the one reading the pictures show (the
  /// comparison read only the tables that differ), while a revision's copy
  /// is still there, and drawn with the changes marked.
  static func pictures(
    _ pictures: DiffPictureOptions, of outcome: DiffOutcome,
    sources: (BundleVersion.Source, BundleVersion.Source),
    idioms: [Idiom], dialect: Dialect?, root: String?
  ) throws(DiffError) -> DiffPictures {
    var options = LoadOptions(
      idiom: pictures.idiom ?? idioms.first ?? .phone, dialect: dialect ?? .apple,
      preferredLanguages: pictures.languages, keepsComments: false, tables: .shownLanguages)
    options.rootPage = root
    options.followsBundleReader = dialect == nil
    func load(_ source: BundleVersion.Source) throws(DiffError) -> SettingsBundle {
      do {
        return try source.named.shown { () throws(SettingsBundleError) in
          try SettingsBundle.load(at: source.path, options: options)
        }
      } catch {
        throw .bundle(error)
      }
    }
    let old = try load(sources.0)
    let new = try load(sources.1)
    return DiffPictures(
      old: old, new: new, snapshots: (outcome.old.snapshot, outcome.new.snapshot),
      changes: outcome.changes,
      appTitle: pictures.appTitle
        ?? RenderFrontEnd.appTitle(of: new, named: sources.1.named, domain: nil))
  }
}

import Localization
import Plist
import SettingsSchema

/// The pages of a bundle as the Settings app (or InAppSettingsKit) draws
/// them, in the language, idiom and dialect the bundle was read for: what
/// every picture of a bundle (HTML, SVG, a side-by-side diff) is drawn from.
///
/// Texts are the localized strings as the bundle holds them, never escaped:
/// each writer escapes for its own format. A secure text field's value is
/// already masked here, so no writer can show it.
///
/// ```swift
/// let bundle = try SettingsBundle.load(
///   at: "Examples/Showcase/Settings.bundle", options: LoadOptions(preferredLanguages: ["pt-BR"]))
/// let layout = SettingsLayout(bundle: bundle, appTitle: "Showcase")
/// layout.pages[0].sections[0].title          // "CONTA"
/// layout.pages[0].sections[0].rows[0].control // .textField(...)
/// ```
public struct SettingsLayout: Sendable, Hashable {
  /// The name over the first page: the app's (Settings.app shows its display name).
  public var appTitle: String
  /// The `.lproj` folder the strings come from; nil when the bundle has none.
  public var language: String?
  /// The system language the pages are shown to (the first preferred one), nil when none was given.
  public var systemLanguage: String?
  /// Which way the interface runs: the system language's direction, as iOS mirrors its whole layout.
  public var direction: TextDirection
  public var idiom: Idiom
  public var dialect: Dialect
  /// The pages in the order the bundle reaches them (depth first), the first page first.
  public var pages: [LayoutPage]

  public init(
    appTitle: String, language: String?, systemLanguage: String?, direction: TextDirection,
    idiom: Idiom, dialect: Dialect, pages: [LayoutPage]
  ) {
    self.appTitle = appTitle
    self.language = language
    self.systemLanguage = systemLanguage
    self.direction = direction
    self.idiom = idiom
    self.dialect = dialect
    self.pages = pages
  }

  /// The page with this identity.
  public func page(_ id: LayoutPage.ID) -> LayoutPage? { pages.first { $0.id == id } }
}

/// One page: the first page, a page a child pane opens, or the list of
/// choices a multi value opens.
public struct LayoutPage: Sendable, Hashable, Identifiable {
  /// A page file of the bundle (`Root.plist`, `Advanced~ipad.plist`), or a
  /// multi value's choices (`Root.plist#3`: the element at index 3).
  public struct ID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The page file inside the bundle.
    public var file: String
    /// For the choices of a multi value: its index in the page's `PreferenceSpecifiers`.
    public var choicesOf: Int?

    public init(file: String, choicesOf: Int? = nil) {
      self.file = file
      self.choicesOf = choicesOf
    }

    public var description: String { choicesOf.map { "\(file)#\($0)" } ?? file }

    public static func < (lhs: ID, rhs: ID) -> Bool {
      (lhs.file, lhs.choicesOf ?? -1) < (rhs.file, rhs.choicesOf ?? -1)
    }
  }

  public var id: ID
  /// The page's name (`File` without `.plist` and device suffix); a multi value's choices: its page's.
  public var name: String
  /// The title over the page: the app's for the first page, the child pane's
  /// (or multi value's) Title for the others.
  public var title: String
  /// The page one goes back to; nil for the first page.
  public var parent: ID?
  /// Whether the page file did not read: it opens empty, as in Settings.app.
  public var isUnread: Bool
  public var sections: [LayoutSection]

  public init(
    id: ID, name: String, title: String, parent: ID?, isUnread: Bool = false,
    sections: [LayoutSection]
  ) {
    self.id = id
    self.name = name
    self.title = title
    self.parent = parent
    self.isUnread = isUnread
    self.sections = sections
  }

  /// Every row of the page, section by section.
  public var rows: [LayoutRow] { sections.flatMap(\.rows) }
}

/// A grouped section: a group's (or radio group's, or list group's) title,
/// its rows, and its footer. The rows before a page's first group form a
/// section without title.
public struct LayoutSection: Sendable, Hashable {
  /// The element that starts the section (its index in `PreferenceSpecifiers`); nil for the rows before the first.
  public var startIndex: Int?
  /// The header; nil when none is shown (no Title, or an empty one).
  public var title: String?
  /// The footer (`FooterText`); nil when there is none. Line breaks are kept.
  public var footer: String?
  public var rows: [LayoutRow]

  public init(startIndex: Int?, title: String?, footer: String?, rows: [LayoutRow]) {
    self.startIndex = startIndex
    self.title = title
    self.footer = footer
    self.rows = rows
  }
}

/// Which row this is, stable from one version of a bundle to the next: its
/// element's `Key` when it has one, else its page and position.
///
/// ```swift
/// row.id.matchKey  // "key:dark_mode_preference", "Root.plist#4", "key:theme#option:2"
/// ```
public struct RowID: Sendable, Hashable, CustomStringConvertible {
  /// The page file the element is written in.
  public var page: String
  /// The element's `Key`, when it has a non-empty one.
  public var key: String?
  /// The element's position in `PreferenceSpecifiers`.
  public var index: Int
  /// For a radio group's option or a list group's item: its position.
  public var part: Int?

  public init(page: String, key: String?, index: Int, part: Int? = nil) {
    self.page = page
    self.key = key
    self.index = index
    self.part = part
  }

  /// What pairs a row with the same row of another version of the bundle
  /// (a diff): the Key (with the part) when there is one, else page and position.
  public var matchKey: String {
    let base = key.map { "key:" + $0 } ?? "\(page)#\(index)"
    return part.map { base + "#option:\($0)" } ?? base
  }

  public var description: String { matchKey }
}

/// One row of a section.
public struct LayoutRow: Sendable, Hashable, Identifiable {
  public var id: RowID
  /// The label (localized Title); empty for a row without one (a slider).
  public var title: String
  /// A second line under the title (InAppSettingsKit's `IASKSubtitle`); nil without one.
  public var subtitle: String?
  public var control: RowControl

  public init(id: RowID, title: String, subtitle: String? = nil, control: RowControl) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.control = control
  }
}

/// An image of the bundle shown on a row (a slider's end), with its bytes.
/// Only PNG, JPEG and GIF files are taken, by their first bytes.
public struct BundleImage: Sendable, Hashable {
  /// The file inside the bundle.
  public var file: String
  /// `image/png`, `image/jpeg` or `image/gif`.
  public var mediaType: String
  public var bytes: [UInt8]

  public init(file: String, mediaType: String, bytes: [UInt8]) {
    self.file = file
    self.mediaType = mediaType
    self.bytes = bytes
  }
}

/// One choice of a multi value or radio group, as shown.
public struct LayoutChoice: Sendable, Hashable {
  /// The localized title (else the value's own text).
  public var title: String
  /// Whether the shown value is this one (the check mark).
  public var isChosen: Bool

  public init(title: String, isChosen: Bool) {
    self.title = title
    self.isChosen = isChosen
  }
}

/// What a row shows on its trailing side, and how.
public enum RowControl: Sendable, Hashable {
  /// A switch.
  case toggle(isOn: Bool)
  /// A text field: its text (bullets for a secure one, as iOS masks it), the
  /// placeholder shown when it is empty (InAppSettingsKit's `IASKPlaceholder`),
  /// and the keyboard it asks for.
  case textField(text: String, placeholder: String?, isSecure: Bool, keyboard: String)
  /// A slider at `value` within `minimum`…`maximum` (as UISlider clamps it),
  /// with the images at its ends when the bundle has them.
  case slider(
    value: Double, minimum: Double, maximum: Double, minimumImage: BundleImage?,
    maximumImage: BundleImage?)
  /// A row that opens the list of choices `page`: it shows the chosen
  /// value's (short) title, nil when the value is none of the choices.
  case multiValue(chosen: String?, page: LayoutPage.ID)
  /// A read-only value.
  case titleValue(text: String)
  /// An option of a radio group, with the check mark when chosen.
  case radioOption(isChosen: Bool)
  /// One of a multi value's choices on its list page.
  case choice(isChosen: Bool)
  /// A row that opens a page; nil when its File names no page of the bundle (an empty page).
  case childPane(page: LayoutPage.ID?)
  /// An InAppSettingsKit row that does something in the app.
  case action(LayoutAction)
  /// InAppSettingsKit's date picker: the value as text.
  case date(text: String)
  /// InAppSettingsKit's multi-line text: the text.
  case textView(text: String)
  /// An item of an InAppSettingsKit list group.
  case listItem
  /// The row that adds an item to a list group.
  case listAdd
  /// A cell the app draws itself (InAppSettingsKit's custom view).
  case customView
}

/// What an InAppSettingsKit action row does; a picture only names it.
public enum LayoutAction: Sendable, Hashable {
  case openURL(String)
  case mailCompose(to: [String])
  case button
  /// A child pane that opens the app's own screen: its name.
  case appView(String)
}

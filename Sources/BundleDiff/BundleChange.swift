import Plist
import SettingsSchema

/// What kind of change a bundle went through, with a stable id.
public enum ChangeKind: String, Sendable, Hashable, CaseIterable {
  case keyRemoved = "key-removed"
  case keyAdded = "key-added"
  case keyRenamed = "key-renamed"
  case typeChanged = "type-changed"
  case defaultChanged = "default-changed"
  case valueRemoved = "value-removed"
  case valueAdded = "value-added"
  case rangeChanged = "range-changed"
  case toggleValuesChanged = "toggle-values-changed"
  case titleChanged = "title-changed"
  case footerChanged = "footer-changed"
  case orderChanged = "order-changed"
  case elementAdded = "element-added"
  case elementRemoved = "element-removed"
  case pageAdded = "page-added"
  case pageRemoved = "page-removed"
  case stringsAdded = "strings-added"
  case translationRemoved = "translation-removed"
}

/// What a change does to people who already use the app.
public enum ChangeSeverity: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Values people stored are lost, orphaned or read as something else.
  case breaking
  /// The app behaves differently for people who never changed the setting.
  case behaviour
  /// Only what is shown changes.
  case cosmetic

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }

  /// The compiler-style word for it.
  public var diagnosticSeverity: Severity {
    switch self {
    case .breaking: .error
    case .behaviour: .warning
    case .cosmetic: .note
    }
  }
}

/// A place in one of the two bundles: a page file inside it and, when known,
/// the place in that file.
///
/// ```swift
/// change.newPlace?.description  // "Root.plist:12:5"
/// ```
public typealias BundlePlace = PagePlace

/// One way a bundle is read: on a kind of device, by Settings.app or by
/// InAppSettingsKit (which opens the `.inApp` pages first and knows more types).
public struct BundleReading: Sendable, Hashable {
  public var idiom: Idiom
  public var dialect: Dialect

  public init(idiom: Idiom, dialect: Dialect) {
    self.idiom = idiom
    self.dialect = dialect
  }
}

/// One change between two versions of a bundle.
///
/// ```swift
/// let changes = BundleDiff.compare(old: oldSnapshot, new: newSnapshot)
/// changes.filter { $0.severity == .breaking }.map(\.message)
/// ```
public struct BundleChange: Sendable, Hashable {
  public var kind: ChangeKind
  public var severity: ChangeSeverity
  /// The defaults key (the new key of a rename), or nil for pages and strings.
  public var key: String?
  /// The page file the change is on (in the new bundle when it still has it).
  public var page: String?
  /// The value before and after, as text (`true`, `0...10`, `"Dark"`).
  public var old: String?
  public var new: String?
  public var oldPlace: BundlePlace?
  public var newPlace: BundlePlace?
  public var message: String
  /// The one device variant the change is on (its pages differ from the
  /// other's), or nil when it is on every variant compared.
  public var idiom: Idiom?
  /// The readings that found the change, when not every reading compared
  /// did (`missed` are the others); both empty when every reading found it.
  public var readings: [BundleReading] = []
  public var missed: [BundleReading] = []
  /// For a rename: whether it was confirmed (else only likely, from its evidence).
  public var renameConfirmed = false
  /// For new text (strings-added): the languages other than the source
  /// language whose tables lack it.
  public var lacking: [String] = []
  /// For a value added: the title it is shown with, whose own strings-added
  /// it takes in (one change for the reviewer, not three).
  var shownTitle: String?

  public init(
    kind: ChangeKind, severity: ChangeSeverity, key: String?, page: String?, old: String?,
    new: String?, oldPlace: BundlePlace?, newPlace: BundlePlace?, message: String,
    idiom: Idiom? = nil
  ) {
    self.kind = kind
    self.severity = severity
    self.key = key
    self.page = page
    self.old = old
    self.new = new
    self.oldPlace = oldPlace
    self.newPlace = newPlace
    self.message = message
    self.idiom = idiom
  }
}

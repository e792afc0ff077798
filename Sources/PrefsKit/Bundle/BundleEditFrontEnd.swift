import BundleEdit
import Plist
import ProjectConfiguration
import SettingsSchema
import TextDiff

/// What `prefs bundle set`, `add` and `remove` are asked.
///
/// ```swift
/// let options = BundleEditOptions(
///   bundle: "App/Settings.bundle",
///   operation: .set(keyPath: "version_preference.DefaultValue", value: "2.1"))
/// ```
public struct BundleEditOptions: Sendable {
  public enum Operation: Sendable, Hashable {
    /// `NAME.ATTRIBUTE` and the value as typed.
    case set(keyPath: String, value: String)
    /// A new element after the element `NAME`, from `ATTRIBUTE=VALUE` texts.
    case add(after: String, attributes: [String])
    /// The element `NAME`.
    case remove(name: String)
  }

  public var bundle: String
  public var operation: Operation
  /// The one page file to look in (`Root~ipad.plist`); nil for every page the bundle reaches.
  public var page: String?
  /// Plan the edit and return it without writing.
  public var dryRun: Bool
  /// The device whose pages are searched.
  public var idiom: Idiom
  /// The reader; nil for `dialect:` of `.prefs.yml`, else the one that opens the bundle.
  public var dialect: Dialect?
  /// The page the app opens first; nil for `root:` of `.prefs.yml`, else `Root`.
  public var rootPage: String?

  public init(
    bundle: String, operation: Operation, page: String? = nil, dryRun: Bool = false,
    idiom: Idiom = .phone, dialect: Dialect? = nil, rootPage: String? = nil
  ) {
    self.bundle = bundle
    self.operation = operation
    self.page = page
    self.dryRun = dryRun
    self.idiom = idiom
    self.dialect = dialect
    self.rootPage = rootPage
  }
}

/// What an edit did (or, in a dry run, would do).
public struct BundleEditOutcome: Sendable {
  /// The bundle as given, for messages.
  public var bundle: String
  public var change: FileChange
  /// Whether the file was written (false in a dry run and when nothing changes).
  public var written: Bool

  /// The change as a unified diff of the page's text (`--- a/Settings.bundle/Root.plist`);
  /// nil for a binary page, which has no lines.
  ///
  /// ```swift
  /// print(outcome.patch ?? "")
  /// ```
  public var patch: String? {
    guard change.format != .binary,
      let old = try? TextDecoding.decode(change.original, validateUTF8: false),
      let new = try? TextDecoding.decode(change.edited, validateUTF8: false)
    else { return nil }
    let folder = bundle.hasSuffix("/") ? bundle : bundle + "/"
    return UnifiedDiff.render(
      old: String(decoding: old.utf8, as: UTF8.self),
      new: String(decoding: new.utf8, as: UTF8.self),
      path: folder + change.file,
      escaping: { $0.properties.generalCategory == .control && $0 != "\t" })
  }
}

/// Why a bundle was not edited. Nothing was written.
public enum BundleEditFailure: Error, Sendable {
  case bundle(SettingsBundleError)
  case configuration(ConfigurationError)
  case edit(BundleEditError)
}

/// `prefs bundle set`, `add` and `remove`: one element of one page changed in
/// place, the file keeping its format, layout and every byte the edit does
/// not change, written atomically inside the bundle.
///
/// ```swift
/// let outcome = try BundleEditFrontEnd.run(
///   BundleEditOptions(
///     bundle: "Settings.bundle", operation: .set(keyPath: "version_preference.DefaultValue", value: "2.1")),
///   environment: PrefsEnvironment(workingDirectory: "/work/app"))
/// outcome.change.file  // "Root.plist"
/// ```
public enum BundleEditFrontEnd {
  public static func run(_ options: BundleEditOptions, environment: PrefsEnvironment)
    throws(BundleEditFailure) -> BundleEditOutcome
  {
    let named = NamedBundle(options.bundle, environment: environment)
    let loadOptions: LoadOptions
    do {
      loadOptions = try named.options(
        LoadOptions(idiom: options.idiom, tables: .none), rootPage: options.rootPage,
        dialect: options.dialect)
    } catch {
      throw .configuration(error)
    }
    let bundle: SettingsBundle
    do {
      bundle = try named.load(loadOptions)
    } catch {
      throw .bundle(error)
    }
    let editor = BundleEditor(bundle: bundle)
    let change: FileChange
    do {
      switch options.operation {
      case .set(let keyPath, let value):
        change = try editor.set(keyPath, to: value, page: options.page)
      case .add(let anchor, let attributes):
        change = try editor.add(after: anchor, attributes: attributes, page: options.page)
      case .remove(let name):
        change = try editor.remove(name, page: options.page)
      }
      guard !options.dryRun, !change.isUnchanged else {
        return BundleEditOutcome(bundle: named.given, change: change, written: false)
      }
      try BundleFileWriter.write(change, inBundle: named.resolved)
    } catch {
      throw .edit(error)
    }
    return BundleEditOutcome(bundle: named.given, change: change, written: true)
  }
}

import Foundation
import Localization
import Plist
import Synchronization

/// How to load a bundle: for which device, which reader's rules, which languages.
public struct LoadOptions: Sendable {
  public var idiom: Idiom
  public var dialect: Dialect
  /// Preferred languages, most wanted first (`["pt-BR", "en"]`).
  public var preferredLanguages: [String]
  public var limits: ReadLimits
  /// Keep the comments of strings tables (for writers); checkers and views leave them
  /// out, all but the untranslated marks that ``TranslationCoverage`` reads.
  public var keepsComments: Bool
  /// Which strings tables are read (the others are neither read nor checked).
  public var tables: TableSelection
  /// Also load the page plists nothing reaches, after the reached pages and
  /// marked ``Page/isReached`` false, so that a checker finds their faults too.
  public var includesUnreachedPages: Bool
  /// Page plists to load as unreached pages too: a variant that no reading of
  /// any device and dialect opens (`Root.plist` beside `Root~iphone.plist`).
  public var extraPages: [String] = []
  /// The comments of strings tables kept even without ``keepsComments``: those
  /// whose text, leading white space aside, starts with one of these (lint's
  /// `prefs:` directives).
  public var keptComments: [String]
  /// Bytes to read instead of a file's, by its path inside the bundle: a
  /// change looked at before it is written (`lint --fix` checks its own
  /// edits). Only files the bundle has are replaced; none is added.
  public var replacedFiles: [String: [UInt8]]
  /// The page the app opens first (InAppSettingsKit's `file = "Main"`); nil
  /// for `Root`, or the bundle's one page when it has no Root. Settings.app
  /// opens only `Root`, so a bundle read from another page is InAppSettingsKit's.
  public var rootPage: String? = nil
  /// Read a bundle only InAppSettingsKit opens (``SettingsBundle/onlyInAppSettingsKitOpens``)
  /// as InAppSettingsKit reads it, whatever ``dialect`` says; false keeps ``dialect``.
  public var followsBundleReader = true

  public init(
    idiom: Idiom = .phone, dialect: Dialect = .apple, preferredLanguages: [String] = [],
    limits: ReadLimits = .standard, keepsComments: Bool = true, tables: TableSelection = .all,
    includesUnreachedPages: Bool = false, keptComments: [String] = [],
    replacedFiles: [String: [UInt8]] = [:]
  ) {
    self.idiom = idiom
    self.dialect = dialect
    self.preferredLanguages = preferredLanguages
    self.limits = limits
    self.keepsComments = keepsComments
    self.tables = tables
    self.replacedFiles = replacedFiles
    self.includesUnreachedPages = includesUnreachedPages
    self.keptComments = keptComments
  }

  /// How the loader's strings reader treats comments under these options.
  var commentRetention: CommentRetention {
    if keepsComments { return .all }
    if keptComments.isEmpty { return .startingWith(UntranslatedMark.prefix) }
    return .startingWithAny([UntranslatedMark.prefix] + keptComments)
  }
}

/// Which strings tables a load reads: all of them (checks across languages),
/// those the pages can be shown from in the preferred languages (their search
/// order and the top-level tables: a view in one language, such as generated
/// code's doc comments), none, or those whose bytes differ from the same file
/// of another bundle (a comparison of two versions reads the rest once).
public enum TableSelection: Sendable, Hashable {
  case all
  case shownLanguages
  case none
  /// The tables that differ from the file at the same path in the bundle at this path.
  case differentFrom(bundle: String)
}

/// Why a path is not a bundle at all.
public enum SettingsBundleError: Error, Sendable, Hashable, CustomStringConvertible {
  case notFound(String)
  case notADirectory(String)
  case noRootPlist(String)
  /// The bundle has pages but none is the root page asked for (or `Root`):
  /// the page names it has, for the caller to offer.
  case noRootPage(String, root: String, pages: [String])
  /// The schema embedded in the binary could not be read: a packaging mistake, not the bundle's.
  case schemaUnreadable(String)

  public var description: String {
    switch self {
    case .notFound(let path): "\(path): no such file or directory"
    case .notADirectory(let path): "\(path): not a directory; a Settings bundle is a folder"
    case .noRootPlist(let path): "\(path): not a Settings bundle (it has no Root.plist)"
    case .noRootPage(let path, let root, let pages):
      "\(path): it has no \(root).plist; its pages are \(pages.joined(separator: ", "))"
    case .schemaUnreadable(let reason): "the embedded schema could not be read: \(reason)"
    }
  }
}

/// A `.strings` table loaded from the bundle.
public struct LoadedStrings: Sendable {
  /// The file's path inside the bundle.
  public let file: String
  public let strings: StringsFile
  /// The decoded text, for lines and columns; nil for binary tables.
  public let source: SourceText?
  private let lookupCache = LookupCache()

  public init(file: String, strings: StringsFile, source: SourceText?) {
    self.file = file
    self.strings = strings
    self.source = source
  }

  /// Key → translation as iOS looks it up (the last entry wins). Built on
  /// first use: a checker that walks the entries never needs it. Keys compare
  /// by their exact scalars, as iOS's lookup does (see `PlistKey`).
  public var translations: [PlistKey: String] { lookupCache.value { strings.lookup } }
}

/// A value computed once, on first use, from any thread.
final class LookupCache: Sendable {
  private let stored = Mutex<[PlistKey: String]?>(nil)

  func value(_ make: () -> [PlistKey: String]) -> [PlistKey: String] {
    stored.withLock { stored in
      if let stored { return stored }
      let made = make()
      stored = made
      return made
    }
  }
}

/// A Settings bundle as iOS reads it: the pages reached from `Root.plist`
/// through child panes (device variants such as `Root~ipad.plist` honoured),
/// the `.lproj` strings tables, the language they are shown in, and the files
/// nothing reaches.
///
/// Loading never stops at a broken file: what cannot be read becomes a
/// ``BundleProblem`` and the rest of the bundle is still read.
///
/// ```swift
/// let bundle = try SettingsBundle.load(
///   at: "Examples/Conversor/Settings.bundle", options: LoadOptions(preferredLanguages: ["pt"]))
/// let root = bundle.pages[0]
/// bundle.localized(root.specifiers[0].title!, on: root)  // "Celsius Primeiro"
/// ```
public struct SettingsBundle: Sendable {
  /// The bundle path as given.
  public var path: String
  public var options: LoadOptions
  /// The schema of the dialect the bundle was loaded for: what each specifier type means.
  public var catalog: SchemaCatalog
  /// Pages in the order they are reached from Root (depth first), each once;
  /// then, when ``LoadOptions/includesUnreachedPages`` is set, the unreached ones.
  public var pages: [Page]
  /// Every regular file inside the bundle, relative and sorted.
  public var files: [String]
  /// Page plists that no child pane reaches (device variants of reached pages excepted).
  public var unreachedFiles: [String]
  /// Which tables the top level and each `.lproj` folder hold.
  public var inventory: TableInventory
  /// The `.lproj` folders in the order iOS searches them for the preferred languages.
  public var searchOrder: [String]
  /// Every strings table that could be read, by its path inside the bundle.
  public var strings: [String: LoadedStrings]
  public var problems: [BundleProblem]
  /// Whether only InAppSettingsKit opens the bundle (a folder not named
  /// `Settings.bundle`, such as `InAppSettings.bundle`; a bundle of `.inApp`
  /// pages only; a root other than `Root`): it was then
  /// read as InAppSettingsKit reads it, unless the options kept their dialect.
  public var onlyInAppSettingsKitOpens = false
  /// The files as this load read them: a reading made again from this one
  /// (``load(at:options:readingAgain:)``) uses them instead of reading them again.
  var read: BundleRead? = nil

  /// Whether this reading and `other` were made from one read of the
  /// bundle's files (``load(at:options:readingAgain:)``): they have the same
  /// files, page documents and strings tables, the same values, so what
  /// depends only on those is the same for both.
  ///
  /// ```swift
  /// let pad = try SettingsBundle.load(at: phone.path, options: padOptions, readingAgain: phone)
  /// pad.sharesFiles(with: phone)  // true
  /// ```
  public func sharesFiles(with other: SettingsBundle) -> Bool {
    guard let read, let otherRead = other.read else { return false }
    return read === otherRead
  }

  /// The `.lproj` folder names (without `.lproj`), sorted.
  public var languages: [String] { inventory.folders }

  /// The folder the bundle is shown in; nil when the bundle has none.
  public var language: String? { searchOrder.first }

  /// The bundle folder a path lies in, as written: the path up to its last
  /// component that ends in `.bundle` (the path itself when it is one), or nil
  /// when no component does. Read from the path alone, so a file already
  /// deleted still names its bundle.
  ///
  /// ```swift
  /// SettingsBundle.enclosingFolder(of: "App/Settings.bundle/en.lproj/Root.strings")
  /// // "App/Settings.bundle"
  /// ```
  public static func enclosingFolder(of path: String) -> String? {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    guard
      let last = components.lastIndex(where: {
        $0.count > ".bundle".count && $0.lowercased().hasSuffix(".bundle")
      })
    else { return nil }
    return components[...last].joined(separator: "/")
  }

  /// Whether `path` is a Settings bundle (a folder with a Root page),
  /// read from its top level only: what ``load(at:options:)`` refuses, it
  /// throws, without loading anything.
  ///
  /// ```swift
  /// try SettingsBundle.check(at: "App/Resources.bundle")  // throws .noRootPlist
  /// ```
  public static func check(at path: String, options: LoadOptions = LoadOptions())
    throws(SettingsBundleError)
  {
    _ = try topLevel(at: path, options: options, walkLimits: .standard, visit: { _ in })
  }

  /// The path with every link resolved (`realpath(3)`), or nil when it leads
  /// nowhere: two spellings of one folder (`a.bundle`, `./x/../a.bundle/`) give one path.
  ///
  /// ```swift
  /// SettingsBundle.realPath("./Settings.bundle/")  // "/work/app/Settings.bundle"
  /// ```
  public static func realPath(_ path: String) -> String? {
    BundleFileSystem.realPath(path)
  }

  /// The bundle's top level, read; a folder without a Root page is refused
  /// before anything below it is read: `prefs lint .` in a repository must
  /// not walk the repository.
  private static func topLevel(
    at path: String, options: LoadOptions, walkLimits: WalkLimits, visit: (String) -> Void
  ) throws(SettingsBundleError) -> BundleFileSystem {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .notFound(path)
    }
    guard isDirectory.boolValue else { throw .notADirectory(path) }
    var fileSystem = BundleFileSystem(
      root: URL(fileURLWithPath: path), limits: options.limits, walkLimits: walkLimits)
    fileSystem.replacedFiles = options.replacedFiles
    visit("")
    if BundleLoader(path: path, options: options, fileSystem: fileSystem).rootFile() != nil {
      return fileSystem
    }
    // A localized root (en.lproj/Root.plist) is found inside the language folders:
    // read them only when the top level has some.
    if fileSystem.hasLanguageFolders {
      fileSystem.readSubfolders(visit: visit)
      if BundleLoader(path: path, options: options, fileSystem: fileSystem).rootFile() != nil {
        return fileSystem
      }
    }
    let loader = BundleLoader(path: path, options: options, fileSystem: fileSystem)
    // What makes a folder a bundle, for every command: a Root page, or a page
    // (a plist with PreferenceSpecifiers) at its top. Anything else (a
    // repository with a stray plist) is no bundle, whatever its name.
    let pages = Array(Set(loader.topLevelPages().map(Page.name(ofFile:)))).sorted()
    if pages.isEmpty { throw .noRootPlist(path) }
    throw .noRootPage(path, root: loader.rootName(), pages: pages)
  }

  /// The options a bundle is read with: InAppSettingsKit's dialect for a
  /// bundle only it opens, when the options follow the bundle's reader.
  static func readingOptions(
    _ options: LoadOptions, path: String, fileSystem: BundleFileSystem
  ) throws(SettingsBundleError) -> (options: LoadOptions, onlyIASK: Bool) {
    let apple: SchemaCatalog
    do {
      apple = try SchemaCatalog.load(.apple)
    } catch {
      throw .schemaUnreadable("\(error)")
    }
    let onlyIASK = BundleLoader(path: path, options: options, fileSystem: fileSystem)
      .onlyInAppSettingsKitOpens(apple: apple)
    var options = options
    if onlyIASK, options.followsBundleReader { options.dialect = .iask }
    return (options, onlyIASK)
  }

  public static func load(at path: String, options: LoadOptions = LoadOptions())
    throws(SettingsBundleError)
    -> SettingsBundle
  {
    try load(at: path, options: options, visit: { _ in })
  }

  /// Another reading of a loaded bundle (another device or dialect, more
  /// pages): the files, page documents and strings tables are the ones
  /// `other` read, since a file does not depend on who reads it; only the
  /// pages are made again (which files, which child panes lead where).
  /// `options` must keep the tables and comments `other` was loaded with;
  /// with other limits or replaced files, the files are read again.
  ///
  /// ```swift
  /// var pad = phone.options
  /// pad.idiom = .pad
  /// let padReading = try SettingsBundle.load(at: phone.path, options: pad, readingAgain: phone)
  /// ```
  public static func load(at path: String, options: LoadOptions, readingAgain other: SettingsBundle)
    throws(SettingsBundleError) -> SettingsBundle
  {
    let tableProblems = other.problems.filter {
      $0.origin == .reader && BundleLoader.tableLocation(of: $0.file) != nil
    }
    if let read = other.read, path == other.path, read.limits == options.limits,
      read.fileSystem.replacedFiles == options.replacedFiles
    {
      let (options, onlyIASK) = try readingOptions(
        options, path: path, fileSystem: read.fileSystem)
      let catalog: SchemaCatalog
      do {
        catalog = try SchemaCatalog.load(options.dialect)
      } catch {
        throw .schemaUnreadable("\(error)")
      }
      var loader = BundleLoader(path: path, options: options, fileSystem: read.fileSystem)
      loader.reusedTables = (other.strings, tableProblems)
      loader.reusedRead = read
      var bundle = loader.load(catalog: catalog)
      bundle.onlyInAppSettingsKitOpens = onlyIASK
      return bundle
    }
    return try load(
      at: path, options: options, visit: { _ in }, reusedTables: (other.strings, tableProblems))
  }

  /// `visit` is told each folder the walk reads (`""` for the top level): tests count them.
  static func load(
    at path: String, options: LoadOptions, walkLimits: WalkLimits = .standard,
    visit: (String) -> Void,
    reusedTables: (strings: [String: LoadedStrings], problems: [BundleProblem])? = nil
  ) throws(SettingsBundleError) -> SettingsBundle {
    var fileSystem = try topLevel(
      at: path, options: options, walkLimits: walkLimits, visit: visit)
    fileSystem.readSubfolders(visit: visit)
    let (options, onlyIASK) = try readingOptions(options, path: path, fileSystem: fileSystem)
    let catalog: SchemaCatalog
    do {
      catalog = try SchemaCatalog.load(options.dialect)
    } catch {
      throw .schemaUnreadable("\(error)")
    }
    var loader = BundleLoader(path: path, options: options, fileSystem: fileSystem)
    loader.reusedTables = reusedTables
    var bundle = loader.load(catalog: catalog)
    bundle.onlyInAppSettingsKitOpens = onlyIASK
    return bundle
  }

  /// A strings table of the bundle (`de.lproj/Root.strings`): the one loaded,
  /// else read now by the same containment rules and limits (for a table the
  /// load's ``TableSelection`` left out). Nil when it cannot be read.
  public func stringsTable(_ file: String) -> LoadedStrings? {
    if let loaded = strings[file] { return loaded }
    guard BundleLoader.tableLocation(of: file) != nil, let bytes = contents(ofFile: file),
      let read = try? StringsReader.read(
        bytes, limits: options.limits, comments: options.keepsComments ? .all : .none)
    else { return nil }
    return LoadedStrings(file: file, strings: read.file, source: read.source)
  }

  /// A page plist of the bundle: the reached page's document, else the file
  /// read now by the same containment rules and limits (a page nothing
  /// reaches). Nil when it cannot be read.
  ///
  /// ```swift
  /// bundle.pageDocument("Advanced.plist")?.comments  // also for an unreached page
  /// ```
  public func pageDocument(_ file: String) -> PlistDocument? {
    if let page = pages.first(where: { $0.file == file }) { return page.document }
    guard file.hasSuffix(".plist"), let real = Self.containedPath(file, inBundle: path),
      let bytes = try? BoundedInput.read(
        path: real, limit: options.limits.maximumBytes, regularFileOnly: true)
    else { return nil }
    return try? PropertyListReader.read(bytes, limits: options.limits)
  }

  /// The bytes of a file of the bundle as a load reads them: the
  /// replacement ``LoadOptions/replacedFiles`` gives, else the file on disk,
  /// by the loader's containment rule and within its size limit; nil when it
  /// cannot be read.
  ///
  /// ```swift
  /// let bytes = bundle.contents(ofFile: "de.lproj/Root.strings")
  /// ```
  public func contents(ofFile file: String) -> [UInt8]? {
    if let replaced = options.replacedFiles[file], files.contains(file) { return replaced }
    guard let real = Self.containedPath(file, inBundle: path) else { return nil }
    return try? BoundedInput.read(
      path: real, limit: options.limits.maximumBytes, regularFileOnly: true)
  }

  /// The loaded table that serves `page`, if the page is localized and a table exists.
  public func table(for page: Page) -> LoadedStrings? {
    guard let table = page.stringsTable,
      let source = inventory.source(ofTable: table, searchOrder: searchOrder)
    else { return nil }
    return strings[Self.stringsPath(table: table, source: source)]
  }

  /// A string of `page` as iOS shows it: its translation in the page's table,
  /// or the string itself when the page is not localized or the key is missing.
  public func localized(_ raw: String, on page: Page) -> String {
    table(for: page)?.translations[PlistKey(raw)] ?? raw
  }

  /// Why a path written in a plist (a child pane's `File`) may not be
  /// followed: absolute, with `..` or a backslash; nil when it stays inside.
  public static func unsafeReason(ofPath path: String) -> String? {
    BundleFileSystem.unsafeReason(path)
  }

  /// Where a file of the bundle really is, by the rule the loader reads by:
  /// nil when the path is absolute, has `..`, or passes through a symbolic
  /// link that leaves the bundle. Whatever writes into a bundle asks this first.
  ///
  /// ```swift
  /// SettingsBundle.containedPath("de.lproj/Root.strings", inBundle: "Settings.bundle")
  /// // "/abs/Settings.bundle/de.lproj/Root.strings", or nil if de.lproj links elsewhere
  /// ```
  public static func containedPath(_ path: String, inBundle bundle: String) -> String? {
    guard let root = BundleFileSystem.realPath(bundle) else { return nil }
    return BundleFileSystem.containedRealPath(path, realRoot: root)
  }

  static func stringsPath(table: String, source: TableSource) -> String {
    switch source {
    case .topLevel: "\(table).strings"
    case .language(let folder): "\(folder).lproj/\(table).strings"
    }
  }
}

/// A bundle's files as one load read them: the walk and every page plist
/// parsed. Shared, never changed, by the readings made from that load; its
/// identity says two readings saw the same bytes.
final class BundleRead: Sendable {
  let fileSystem: BundleFileSystem
  let limits: ReadLimits
  let documents: [String: Result<PlistDocument, ReadIssue>]

  init(
    fileSystem: BundleFileSystem, limits: ReadLimits,
    documents: [String: Result<PlistDocument, ReadIssue>]
  ) {
    self.fileSystem = fileSystem
    self.limits = limits
    self.documents = documents
  }
}

import Foundation
import Localization
import Parallel
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

  public init(
    idiom: Idiom = .phone, dialect: Dialect = .apple, preferredLanguages: [String] = [],
    limits: ReadLimits = .standard, keepsComments: Bool = true
  ) {
    self.idiom = idiom
    self.dialect = dialect
    self.preferredLanguages = preferredLanguages
    self.limits = limits
    self.keepsComments = keepsComments
  }
}

/// Why a path is not a bundle at all.
public enum SettingsBundleError: Error, Sendable, Hashable, CustomStringConvertible {
  case notFound(String)
  case notADirectory(String)
  case noRootPlist(String)
  /// The schema embedded in the binary could not be read: a packaging mistake, not the bundle's.
  case schemaUnreadable(String)

  public var description: String {
    switch self {
    case .notFound(let path): "\(path): no such file or directory"
    case .notADirectory(let path): "\(path): not a directory; a Settings bundle is a folder"
    case .noRootPlist(let path): "\(path): not a Settings bundle (it has no Root.plist)"
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
  /// first use: a checker that walks the entries never needs it.
  public var translations: [String: String] { lookupCache.value { strings.lookup } }
}

/// A value computed once, on first use, from any thread.
final class LookupCache: Sendable {
  private let stored = Mutex<[String: String]?>(nil)

  func value(_ make: () -> [String: String]) -> [String: String] {
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
  /// Pages in the order they are reached from Root (depth first), each once.
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

  /// The `.lproj` folder names (without `.lproj`), sorted.
  public var languages: [String] { inventory.folders }

  /// The folder the bundle is shown in; nil when the bundle has none.
  public var language: String? { searchOrder.first }

  public static func load(at path: String, options: LoadOptions = LoadOptions())
    throws(SettingsBundleError)
    -> SettingsBundle
  {
    try load(at: path, options: options, visit: { _ in })
  }

  /// `visit` is told each folder the walk reads (`""` for the top level): tests count them.
  static func load(
    at path: String, options: LoadOptions, walkLimits: WalkLimits = .standard,
    visit: (String) -> Void
  ) throws(SettingsBundleError) -> SettingsBundle {
    let catalog: SchemaCatalog
    do {
      catalog = try SchemaCatalog.load(options.dialect)
    } catch {
      throw .schemaUnreadable("\(error)")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .notFound(path)
    }
    guard isDirectory.boolValue else { throw .notADirectory(path) }
    var fileSystem = BundleFileSystem(
      root: URL(fileURLWithPath: path), limits: options.limits, walkLimits: walkLimits)
    visit("")
    // A folder without a Root page is refused before anything below its top level is read:
    // `prefs lint .` in a repository must not walk the repository.
    guard BundleLoader(path: path, options: options, fileSystem: fileSystem).rootFile() != nil
    else { throw .noRootPlist(path) }
    fileSystem.readSubfolders(visit: visit)
    var loader = BundleLoader(path: path, options: options, fileSystem: fileSystem)
    return loader.load(catalog: catalog)
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
    table(for: page)?.translations[raw] ?? raw
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

/// The steps of loading, kept apart from the public model.
struct BundleLoader {
  let path: String
  let options: LoadOptions
  let fileSystem: BundleFileSystem
  let fileSet: Set<String>
  var problems: [BundleProblem]

  init(path: String, options: LoadOptions, fileSystem: BundleFileSystem) {
    self.path = path
    self.options = options
    self.fileSystem = fileSystem
    self.fileSet = Set(fileSystem.files)
    self.problems = fileSystem.problems
  }

  /// The candidate file names for a page name, most specific first.
  func candidates(forPage name: String) -> [String] {
    let device = name + options.idiom.fileSuffix
    var result: [String] = []
    if options.dialect == .iask { result += [device + ".inApp.plist", name + ".inApp.plist"] }
    result += [device + ".plist", name + ".plist"]
    return result
  }

  func pageFile(named name: String) -> String? {
    candidates(forPage: name).first { fileSet.contains($0) }
  }

  /// `Root.plist` as the idiom and dialect find it, or else any variant of it
  /// (a bundle made for InAppSettingsKit may hold only `Root.inApp.plist`).
  func rootFile() -> String? {
    if let file = pageFile(named: "Root") { return file }
    let variants = Idiom.allCases.flatMap {
      ["Root\($0.fileSuffix).inApp.plist", "Root\($0.fileSuffix).plist"]
    }
    return (["Root.inApp.plist"] + variants).first { fileSet.contains($0) }
  }

  mutating func load(catalog: SchemaCatalog) -> SettingsBundle {
    let (documents, strings, tableProblems) = readFiles()
    var pages: [Page] = []
    var visited = Set<String>()
    if pageFile(named: "Root") == nil, let fallback = rootFile() {
      problems.append(
        BundleProblem(
          file: fallback,
          issue: ReadIssue(
            .suspicious, .warning,
            "the bundle has no \(candidates(forPage: "Root").last ?? "Root.plist") for this device and dialect; "
              + "\(fallback) is shown instead (Settings.app would show nothing)"),
          origin: .rootFallback))
    }
    // Depth first, in the order the child panes appear; each page once.
    var pending: [(name: String, file: String)] = rootFile().map { [("Root", $0)] } ?? []
    while let (name, file) = pending.popLast() {
      guard visited.insert(file).inserted else { continue }
      let page = loadPage(file: file, name: name, read: documents[file])
      pages.append(page)
      let children = page.specifiers.compactMap { specifier in
        specifier.childPage.flatMap { file in specifier.file.map { (name: $0, file: file) } }
      }
      pending += children.reversed()
    }
    let inventory = makeInventory()
    let searchOrder = LanguageNegotiation.searchOrder(
      available: inventory.folders, preferred: options.preferredLanguages)
    problems += tableProblems
    return SettingsBundle(
      path: path, options: options, catalog: catalog, pages: pages, files: fileSystem.files,
      unreachedFiles: unreached(pages: pages), inventory: inventory, searchOrder: searchOrder,
      strings: strings, problems: problems)
  }

  /// `Child~iphone.inApp` → `Child`: the name a page is asked for by.
  func stripVariant(_ name: String) -> String {
    var result = name
    if result.hasSuffix(".inApp") { result.removeLast(".inApp".count) }
    for idiom in Idiom.allCases where result.hasSuffix(idiom.fileSuffix) {
      result.removeLast(idiom.fileSuffix.count)
    }
    return result
  }

  mutating func loadPage(file: String, name: String, read: Result<PlistDocument, ReadIssue>?)
    -> Page
  {
    let document: PlistDocument
    switch read {
    case .success(let parsed)?:
      document = parsed
    case .failure(let error)?:
      problems.append(BundleProblem(file: file, issue: error))
      return Page(file: file, name: name, document: nil, specifiers: [])
    case nil:
      // A page the up-front read left out (inside an .lproj folder): read it now.
      do {
        document = try PropertyListReader.read(try fileSystem.read(file), limits: options.limits)
      } catch {
        problems.append(BundleProblem(file: file, issue: error))
        return Page(file: file, name: name, document: nil, specifiers: [])
      }
    }
    problems += document.issues.map { BundleProblem(file: file, issue: $0) }
    let elements = document.root["PreferenceSpecifiers"]?.array ?? []
    var specifiers: [Specifier] = []
    specifiers.reserveCapacity(elements.count)
    for (index, node) in elements.enumerated() {
      var specifier = Specifier(index: index, node: node)
      if specifier.type == .childPane, let target = specifier.file, !target.isEmpty {
        if let reason = BundleFileSystem.unsafeReason(target) {
          let place = document.place(
            offset: specifier["File"]?.offset, keyPath: specifier.keyPath + ".File")
          problems.append(
            BundleProblem(
              file: file,
              issue: ReadIssue(
                .unsafeMarkup, .error,
                "the child pane File \"\(target)\" is \(reason), which would leave the bundle; it is never followed",
                place: place),
              origin: .childPanePath))
        } else {
          specifier.childPage = pageFile(named: target)
        }
      }
      specifiers.append(specifier)
    }
    return Page(file: file, name: name, document: document, specifiers: specifiers)
  }

  /// Where a file serves as a strings table: the top level (folder nil) or
  /// directly inside a `.lproj` folder; nil for any other file.
  static func tableLocation(of file: String) -> (folder: String?, table: String)? {
    guard file.hasSuffix(".strings") else { return nil }
    let parts = file.split(separator: "/")
    guard let name = parts.last else { return nil }
    let table = String(name.dropLast(".strings".count))
    if parts.count == 1 { return (nil, table) }
    if parts.count == 2, parts[0].hasSuffix(".lproj") {
      return (String(parts[0].dropLast(".lproj".count)), table)
    }
    return nil
  }

  func makeInventory() -> TableInventory {
    var topLevel = Set<String>()
    var byFolder: [String: Set<String>] = [:]
    for file in fileSystem.files {
      // Every .lproj folder is a language, even one without tables.
      let first = file.prefix { $0 != "/" }
      if first.count < file.count, first.hasSuffix(".lproj") {
        byFolder[String(first.dropLast(".lproj".count)), default: []].formUnion([])
      }
      guard let location = Self.tableLocation(of: file) else { continue }
      if let folder = location.folder {
        byFolder[folder, default: []].insert(location.table)
      } else {
        topLevel.insert(location.table)
      }
    }
    return TableInventory(topLevelTables: topLevel, tablesByFolder: byFolder)
  }

  /// Every page plist and strings table of the bundle, read and parsed on
  /// every core: files are independent, and a big bundle is mostly tables.
  /// Problems come back in file order, so output does not depend on timing.
  func readFiles() -> (
    documents: [String: Result<PlistDocument, ReadIssue>], strings: [String: LoadedStrings],
    tableProblems: [BundleProblem]
  ) {
    enum Parsed: Sendable {
      case page(Result<PlistDocument, ReadIssue>)
      case table(Result<(LoadedStrings, [ReadIssue]), ReadIssue>)
    }
    let files = fileSystem.files.filter {
      Self.tableLocation(of: $0) != nil || ($0.hasSuffix(".plist") && !$0.contains(".lproj/"))
    }
    let fileSystem = fileSystem
    let limits = options.limits
    let comments: CommentRetention =
      options.keepsComments ? .all : .startingWith(UntranslatedMark.prefix)
    let outcomes = files.concurrentMap { file -> Parsed in
      if file.hasSuffix(".plist") {
        return .page(
          Result { () throws(ReadIssue) in
            try PropertyListReader.read(try fileSystem.read(file), limits: limits)
          })
      }
      return .table(
        Result { () throws(ReadIssue) in
          let read = try StringsReader.read(
            try fileSystem.read(file), limits: limits, comments: comments)
          return (LoadedStrings(file: file, strings: read.file, source: read.source), read.issues)
        })
    }
    var documents: [String: Result<PlistDocument, ReadIssue>] = [:]
    var strings: [String: LoadedStrings] = [:]
    var problems: [BundleProblem] = []
    for (file, outcome) in zip(files, outcomes) {
      switch outcome {
      case .page(let result):
        documents[file] = result
      case .table(.success(let (loaded, issues))):
        problems += issues.map { BundleProblem(file: file, issue: $0) }
        strings[file] = loaded
      case .table(.failure(let error)):
        problems.append(BundleProblem(file: file, issue: error))
      }
    }
    return (documents, strings, problems)
  }

  func unreached(pages: [Page]) -> [String] {
    let reachedNames = Set(pages.map(\.name))
    let reachedFiles = Set(pages.map(\.file))
    return fileSystem.files.filter { file in
      guard file.hasSuffix(".plist"), !reachedFiles.contains(file), !file.contains(".lproj/") else {
        return false
      }
      let name = stripVariant(String(file.dropLast(".plist".count)))
      return !reachedNames.contains(name)
    }
  }
}

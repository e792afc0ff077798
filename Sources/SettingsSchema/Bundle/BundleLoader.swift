import Foundation
import Localization
import Parallel
import Plist

/// The steps of loading, kept apart from the public model.
struct BundleLoader {
  let path: String
  let options: LoadOptions
  let fileSystem: BundleFileSystem
  let fileSet: Set<String>
  var problems: [BundleProblem]
  /// The tables of another reading of the bundle, used instead of reading them again.
  var reusedTables: (strings: [String: LoadedStrings], problems: [BundleProblem])?
  /// The files and page documents of another reading, used instead of reading them again.
  var reusedRead: BundleRead?

  /// The `.lproj` folders in the order CFBundle searches them for the preferred languages.
  let searchOrder: [String]
  let inventory: TableInventory

  init(path: String, options: LoadOptions, fileSystem: BundleFileSystem) {
    self.path = path
    self.options = options
    self.fileSystem = fileSystem
    // A name that does not read (a link out of the bundle, a FIFO) is still found where
    // a reader looks for it, and reading it says why: never "there is no Root.plist".
    self.fileSet = Set(fileSystem.files).union(fileSystem.unreadable.keys)
    self.problems = fileSystem.problems
    self.inventory = Self.makeInventory(fileSystem.files + fileSystem.unreadable.keys)
    self.searchOrder = LanguageNegotiation.searchOrder(
      available: inventory.folders, preferred: options.preferredLanguages)
  }

  /// The candidate file names for a page name, most specific first.
  func candidates(forPage name: String) -> [String] {
    candidates(forPage: name, dialect: options.dialect)
  }

  func candidates(forPage name: String, dialect: Dialect) -> [String] {
    let device = name + options.idiom.fileSuffix
    var result: [String] = []
    if dialect == .iask { result += [device + ".inApp.plist", name + ".inApp.plist"] }
    result += [device + ".plist", name + ".plist"]
    return result
  }

  func pageFile(named name: String) -> String? {
    pageFile(named: name, dialect: options.dialect)
  }

  /// The file a page name opens, as the dialect's reader finds it. Settings.app
  /// asks CFBundle, which takes a file at the top level first, then in each
  /// `.lproj` folder of the search order (a localized page). InAppSettingsKit's
  /// `locateSettingsFile:` tries each name in `<first preferred language>.lproj`
  /// before the top level.
  func pageFile(named name: String, dialect: Dialect) -> String? {
    let names = candidates(forPage: name, dialect: dialect)
    switch dialect {
    case .apple:
      if let file = names.first(where: fileSet.contains) { return file }
      for folder in searchOrder {
        if let file = names.lazy.map({ "\(folder).lproj/\($0)" }).first(where: fileSet.contains) {
          return file
        }
      }
      return nil
    case .iask:
      let folder = (options.preferredLanguages.first ?? "en") + ".lproj/"
      return names.lazy.flatMap { [folder + $0, $0] }.first(where: fileSet.contains)
    }
  }

  /// The name of the page the reader opens first: ``LoadOptions/rootPage``,
  /// else `Root`, else the bundle's one page when it has no Root (an app that
  /// opens `Main.plist` with InAppSettingsKit).
  func rootName() -> String {
    if let rootPage = options.rootPage { return rootPage }
    if pageFile(named: "Root", dialect: .apple) != nil
      || pageFile(named: "Root", dialect: .iask) != nil || rootVariant(named: "Root") != nil
    {
      return "Root"
    }
    let names = Set(topLevelPages().map(Page.name(ofFile:)))
    return names.count == 1 ? names.first ?? "Root" : "Root"
  }

  /// The plists at the top level that are pages: a dictionary with a
  /// `PreferenceSpecifiers` array, as Settings.app and InAppSettingsKit read
  /// one. A repository's stray plists (`GoogleService-Info.plist`, an empty
  /// `Acknowledgements.plist`, an export template) are no pages, so they make
  /// no folder a bundle and are never offered as its root. Read only when the
  /// folder has no Root page.
  func topLevelPages() -> [String] {
    fileSystem.files.filter { file in
      guard file.hasSuffix(".plist"), !file.contains("/"), file != "Info.plist",
        let bytes = try? fileSystem.read(file),
        let document = try? PropertyListReader.read(bytes, limits: options.limits)
      else { return false }
      return document.root["PreferenceSpecifiers"]?.array != nil
    }
  }

  /// Whether only InAppSettingsKit opens the bundle: its folder has a name
  /// Settings.app never opens (it opens the app's `Settings.bundle` alone, so
  /// an `InAppSettings.bundle`, or any folder given by another name, is read
  /// in the app), or Settings.app would find no page to open (only `.inApp`
  /// pages, a root other than `Root`) where InAppSettingsKit finds one.
  func onlyInAppSettingsKitOpens(apple: SchemaCatalog) -> Bool {
    let folderName = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
    if !apple.bundleNames.contains(folderName) { return true }
    let root = rootName()
    let settingsAppOpens = root == "Root" && pageFile(named: root, dialect: .apple) != nil
    return !settingsAppOpens && pageFile(named: root, dialect: .iask) != nil
  }

  /// The root page as the idiom and dialect find it, or else any variant of it
  /// (a bundle made for InAppSettingsKit may hold only `Root.inApp.plist`).
  func rootFile() -> String? {
    let name = rootName()
    if let file = pageFile(named: name) { return file }
    return rootVariant(named: name)
  }

  /// A device or dialect variant of the page at the top level.
  func rootVariant(named name: String) -> String? {
    let variants = Idiom.allCases.flatMap {
      ["\(name)\($0.fileSuffix).inApp.plist", "\(name)\($0.fileSuffix).plist"]
    }
    return (["\(name).inApp.plist"] + variants).first { fileSet.contains($0) }
  }

  mutating func load(catalog: SchemaCatalog) -> SettingsBundle {
    var (documents, strings, tableProblems) =
      if let reusedRead {
        (reusedRead.documents, [String: LoadedStrings](), [BundleProblem]())
      } else {
        readFiles(
          tables: reusedTables == nil ? options.tables : TableSelection.none,
          shownFolders: Set(searchOrder))
      }
    if let reusedTables {
      strings = reusedTables.strings
      tableProblems = reusedTables.problems
    }
    var pages: [Page] = []
    var visited = Set<String>()
    let root = rootName()
    if pageFile(named: root) == nil, let fallback = rootFile() {
      let reader = options.dialect == .iask ? "InAppSettingsKit" : "Settings.app"
      problems.append(
        BundleProblem(
          file: fallback,
          issue: ReadIssue(
            .suspicious, .warning,
            "the bundle has no \(candidates(forPage: root).last ?? "\(root).plist") for this device and dialect; "
              + "\(fallback) is shown instead (\(reader) would show nothing)"),
          origin: .rootFallback))
    }
    // Depth first, in the order the child panes appear; each page once.
    var pending: [(name: String, file: String)] = rootFile().map { [(root, $0)] } ?? []
    while let (name, file) = pending.popLast() {
      guard visited.insert(file).inserted else { continue }
      let page = loadPage(file: file, name: name, read: documents[file], catalog: catalog)
      pages.append(page)
      let children = page.specifiers.compactMap { specifier in
        specifier.childPage.flatMap { file in specifier.file.map { (name: $0, file: file) } }
      }
      pending += children.reversed()
    }
    let unreachedFiles = unreached(pages: pages)
    let loaded = Set(pages.map(\.file))
    let unreachedToLoad = options.includesUnreachedPages ? unreachedFiles : []
    let extra = options.extraPages.filter { !loaded.contains($0) && !unreachedToLoad.contains($0) }
    do {
      for file in unreachedToLoad + extra where documents[file] != nil {
        var page = loadPage(
          file: file, name: Page.name(ofFile: file),
          read: documents[file], catalog: catalog)
        page.isReached = false
        pages.append(page)
      }
    }
    problems += tableProblems
    // A name the walk refused is reported once, as the walk found it, not again by each read.
    let refused = Set(
      problems.filter { $0.origin == .layout }.map { [$0.file, $0.issue.message] })
    problems.removeAll {
      $0.origin == .reader && refused.contains([$0.file, $0.issue.message])
    }
    return SettingsBundle(
      path: path, options: options, catalog: catalog, pages: pages, files: fileSystem.files,
      unreachedFiles: unreachedFiles, inventory: inventory, searchOrder: searchOrder,
      strings: strings, problems: problems,
      read: reusedRead
        ?? BundleRead(fileSystem: fileSystem, limits: options.limits, documents: documents))
  }

  mutating func loadPage(
    file: String, name: String, read: Result<PlistDocument, ReadIssue>?, catalog: SchemaCatalog
  ) -> Page {
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
      // A child pane (or an InAppSettingsKit custom view with File) opens a page; one
      // that opens the app's own view hands File to it: not a page to follow.
      if catalog.opensPage(specifier), let target = specifier.file, !target.isEmpty {
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
    var page = Page(file: file, name: name, document: document, specifiers: specifiers)
    if page.stringsTable == nil, document.root.entries != nil,
      let implicit = implicitTable(ofPageFile: file, catalog: catalog)
    {
      page.stringsTable = implicit
      page.stringsTableIsImplicit = true
    }
    return page
  }

  /// The table a page without `StringsTable` is shown from, as the reader
  /// picks it: InAppSettingsKit's `initWithFile:` takes the file's name
  /// without its folder, `.plist`, `.inApp` and the device's suffix when the
  /// bundle has that table, else `Root`. A table the bundle does not have
  /// at all localizes nothing: nil.
  func implicitTable(ofPageFile file: String, catalog: SchemaCatalog) -> String? {
    for fallback in catalog.stringsTablesWhenAbsent {
      let table: String
      switch fallback {
      case .pageName:
        let base = NSString(string: NSString(string: file).deletingPathExtension)
          .deletingPathExtension
        table = NSString(string: base).lastPathComponent.replacingOccurrences(
          of: options.idiom.fileSuffix, with: "")
      case .named(let name):
        table = name
      }
      if inventory.source(ofTable: table, searchOrder: searchOrder) != nil { return table }
    }
    return nil
  }

  /// Whether two files hold the same bytes, compared in place (`==` on two
  /// `[UInt8]` went a byte at a time: 14% of a diff of two large bundles).
  static func sameBytes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    guard left.count == right.count else { return false }
    return left.withUnsafeBytes { left in
      right.withUnsafeBytes { right in
        guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else {
          return true
        }
        return memcmp(leftStart, rightStart, left.count) == 0
      }
    }
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

  static func makeInventory(_ files: [String]) -> TableInventory {
    var topLevel = Set<String>()
    var byFolder: [String: Set<String>] = [:]
    for file in files {
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
  /// Only the tables `tables` selects are read; `shownFolders` are the
  /// `.lproj` folders of the search order.
  func readFiles(tables: TableSelection = .all, shownFolders: Set<String> = []) -> (
    documents: [String: Result<PlistDocument, ReadIssue>], strings: [String: LoadedStrings],
    tableProblems: [BundleProblem]
  ) {
    enum Parsed: Sendable {
      case page(Result<PlistDocument, ReadIssue>)
      case table(Result<(LoadedStrings, [ReadIssue]), ReadIssue>)
      /// A table the selection leaves out (the same bytes as the other bundle's).
      case skipped
    }
    let otherRoot: String? =
      if case .differentFrom(let other) = tables { BundleFileSystem.realPath(other) } else { nil }
    let files = (fileSystem.files + fileSystem.unreadable.keys.sorted()).filter { file in
      if let location = Self.tableLocation(of: file) {
        switch tables {
        case .all: return true
        case .none: return false
        case .differentFrom: return true
        case .shownLanguages: return location.folder.map(shownFolders.contains) ?? true
        }
      }
      return file.hasSuffix(".plist") && !file.contains(".lproj/")
    }
    let fileSystem = fileSystem
    let limits = options.limits
    let comments = options.commentRetention
    let outcomes = files.concurrentMap { file -> Parsed in
      if file.hasSuffix(".plist") {
        return .page(
          Result { () throws(ReadIssue) in
            try PropertyListReader.read(try fileSystem.read(file), limits: limits)
          })
      }
      let bytes: [UInt8]
      do throws(ReadIssue) {
        bytes = try fileSystem.read(file)
      } catch {
        return .table(.failure(error))
      }
      if let otherRoot, let other = BundleFileSystem.containedRealPath(file, realRoot: otherRoot),
        let otherBytes = try? BoundedInput.read(
          path: other, limit: limits.maximumBytes, regularFileOnly: true),
        Self.sameBytes(otherBytes, bytes)
      {
        return .skipped
      }
      return .table(
        Result { () throws(ReadIssue) in
          let read = try StringsReader.read(bytes, limits: limits, comments: comments)
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
      case .skipped: break
      }
    }
    return (documents, strings, problems)
  }

  func unreached(pages: [Page]) -> [String] {
    let reachedNames = Set(pages.map(\.name))
    let reachedFiles = Set(pages.map(\.file))
    return fileSystem.files.filter { file in
      // A bundle's Info.plist describes the bundle; it is not a page.
      guard file.hasSuffix(".plist"), file != "Info.plist", !reachedFiles.contains(file),
        !file.contains(".lproj/")
      else {
        return false
      }
      let name = Page.name(ofFile: file)
      return !reachedNames.contains(name)
    }
  }
}

import Foundation
import Plist
import ProjectConfiguration
import SettingsLint
import SettingsSchema
import StringsWorkflow

/// What every `prefs strings` workflow is asked: the bundle, its source
/// language, and how to read it.
///
/// ```swift
/// let options = StringsOptions(bundle: "App/Settings.bundle", sourceLanguage: "en")
/// ```
public struct StringsOptions: Sendable {
  public var bundle: String
  /// The language the pages are written in.
  public var sourceLanguage: String
  /// The configuration to use instead of the nearest `.prefs.yml`.
  public var configurationFile: String?
  /// The page the app opens first; nil for `root:` of the configuration, else `Root`.
  public var rootPage: String?

  public init(
    bundle: String, sourceLanguage: String = "en", configurationFile: String? = nil,
    rootPage: String? = nil
  ) {
    self.bundle = bundle
    self.sourceLanguage = sourceLanguage
    self.configurationFile = configurationFile
    self.rootPage = rootPage
  }
}

/// The files a strings workflow wrote into the bundle (or, in a dry run,
/// would write), all or none.
public struct StringsChanges: Sendable {
  /// The bundle, as given.
  public var bundle: String
  public var files: [FileChange]
  /// Whether nothing was written (a dry run).
  public var isDryRun: Bool
}

/// A bundle's translations opened for the `prefs strings` workflows: every
/// reading lint checks (pad, InAppSettingsKit's `.inApp` pages), leaving out
/// the pages `strings: exclude:` names, so that what these workflows list,
/// export and fill is what lint's missing-translation asks.
///
/// ```swift
/// let strings = try StringsFrontEnd(
///   StringsOptions(bundle: "Examples/Showcase/Settings.bundle"),
///   environment: PrefsEnvironment(workingDirectory: "/work/prefs"))
/// let changes = try strings.sync(prune: false, dryRun: true)
/// changes.files.map(\.path)  // the tables that would change
/// ```
public struct StringsFrontEnd: Sendable {
  /// The translations, read from where the bundle is (its path resolved:
  /// the workflows read its tables again through it).
  public let model: TranslationModel
  let named: NamedBundle
  let environment: PrefsEnvironment

  public init(_ options: StringsOptions, environment: PrefsEnvironment) throws {
    self.environment = environment
    let named = NamedBundle(options.bundle, environment: environment)
    self.named = named
    let configuration = try named.configuration(
      file: options.configurationFile, environment: environment)
    var loadOptions = LoadOptions()
    loadOptions.rootPage =
      options.rootPage.flatMap(PageName.init)?.name ?? configuration.rootPage
    if let dialect = configuration.dialect {
      loadOptions.dialect = dialect
      loadOptions.followsBundleReader = false
    }
    let linter = Linter(
      configuration: LintConfiguration(configuration), loadOptions: loadOptions, idioms: nil,
      dialects: configuration.dialect.map { [$0] })
    let variants = try named.shown { () throws(SettingsBundleError) in
      try linter.loadVariants(at: named.resolved)
    }
    guard !variants.isEmpty else { throw SettingsBundleError.noRootPlist(named.given) }
    if let unread = PagesDoNotRead(bundle: named.given, readings: variants) { throw unread }
    var policy = CoveragePolicy.standard
    policy.excludedPages = Set(variants.flatMap { configuration.stringsExcludedPages(of: $0) })
    // Each language's copy of a localized page is translated by that language, as lint reads it.
    model = try TranslationModel(
      variants: variants, sourceLanguage: options.sourceLanguage, policy: policy)
  }

  /// Writes `files` into the bundle, all or none; a dry run writes nothing.
  public func apply(_ files: [FileChange], dryRun: Bool) throws(WriteError) -> StringsChanges {
    if !dryRun { try write(ChangeSet(bundle: named.resolved, files: files)) }
    return StringsChanges(bundle: named.given, files: files, isDryRun: dryRun)
  }

  /// A new `<language>.lproj` with every table, each key marked untranslated.
  public func addLanguage(_ language: String) throws -> StringsChanges {
    try apply(model.addLanguage(language), dryRun: false)
  }

  /// Every language's tables given the keys they lack (and, with `prune`,
  /// without the ones no page shows).
  public func sync(prune: Bool, dryRun: Bool) throws -> StringsChanges {
    try apply(model.sync(prune: prune), dryRun: dryRun)
  }

  /// What `format` finds.
  public enum FormatOutcome: Sendable {
    /// Every table is in the layout already.
    case alreadyFormatted
    /// Checking only: the tables (paths in the bundle as given) that are not.
    case notFormatted([String])
    case changed(StringsChanges)
  }

  /// Every table in one layout; `checkOnly` writes nothing and lists the tables that differ.
  public func format(encoding: TextEncoding?, sort: Bool, dryRun: Bool, checkOnly: Bool)
    throws -> FormatOutcome
  {
    let changes = try model.format(encoding: encoding, sort: sort)
    guard !changes.isEmpty else { return .alreadyFormatted }
    if checkOnly { return .notFormatted(changes.map { named.given + "/" + $0.path }) }
    return .changed(try apply(changes, dryRun: dryRun))
  }

  /// The exchange formats.
  public enum ExchangeFormat: String, Sendable, CaseIterable {
    case xliff, xcstrings, xcloc
  }

  /// What an export made.
  public enum ExportOutcome: Sendable, Equatable {
    /// No file was named: the bytes, for the caller to print.
    case bytes(Data)
    /// Written to `file` (as given): `units` XLIFF units (one per key of
    /// each table) or `strings` catalog strings (a key several tables use, once).
    case wrote(file: String, units: Int?, strings: Int?)
  }

  /// Why an export was refused before anything was written.
  public enum ExportError: Error, Sendable, Equatable {
    /// XLIFF and xcloc are for one target language.
    case needsLanguage(ExchangeFormat)
    /// An xcloc is a folder; it cannot go to a stream.
    case xclocNeedsAFolder
  }

  /// The bundle in XLIFF 1.2 for a language, a String Catalog of every
  /// language, or an Xcode localization catalog folder; to `outputFile`
  /// (safely, see ``OutputFile``) or handed back.
  public func export(
    _ format: ExchangeFormat, language: String?, outputFile: String?, toolVersion: String
  ) throws -> ExportOutcome {
    if format != .xcstrings, language == nil { throw ExportError.needsLanguage(format) }
    if format == .xcloc {
      guard let outputFile, let language else { throw ExportError.xclocNeedsAFolder }
      let folder = environment.absolutePath(outputFile)
      let files = try XCLoc.export(model, language: language, toolVersion: toolVersion)
      do {
        try OutputFile.createFolder(folder + "/" + XCLoc.notes, for: folder)
      } catch {
        throw error.naming(outputFile)
      }
      try write(ChangeSet(bundle: folder, files: files))
      return .wrote(file: outputFile, units: unitCount(language), strings: nil)
    }
    let data: Data =
      format == .xliff
      ? Data(try XLIFF.export(model, language: language ?? "", toolVersion: toolVersion).utf8)
      : try StringCatalog.export(model)
    guard let outputFile else { return .bytes(data) }
    do {
      try OutputFile.write(data, to: environment.absolutePath(outputFile))
    } catch {
      throw error.naming(outputFile)
    }
    return format == .xliff
      ? .wrote(file: outputFile, units: unitCount(language ?? ""), strings: nil)
      : .wrote(file: outputFile, units: nil, strings: stringCount)
  }

  /// An XLIFF carries one unit per key of each table of the pages the language is shown.
  func unitCount(_ language: String) -> Int {
    let shown = model.pages(for: language)
    return shown.tables.reduce(0) { $0 + (shown.keys[$1]?.count ?? 0) }
  }

  /// A catalog carries a key several tables (or copies of a page) use once.
  var stringCount: Int {
    Set(
      model.shownPages.flatMap { shown in shown.tables.flatMap { shown.keys[$0] ?? [] } }.map(
        \.text)
    ).count
  }

  /// What an import did.
  public struct ImportOutcome: Sendable {
    /// Translations that differ from the bundle's, a line each, in the order found.
    public var conflicts: [String]
    public var changes: StringsChanges
  }

  /// Why an import was refused; nothing was written.
  public enum ImportError: Error, Sendable, Equatable {
    /// The file could not be read (or is over the readers' limit).
    case unreadable(file: String, reason: String)
    /// A catalog that translates none of the bundle's languages.
    case translatesNoLanguage(file: String, languages: [String])
  }

  /// Translations from XLIFF, a String Catalog (`.xcstrings`; without a
  /// language, every language of the bundle it translates) or an `.xcloc`
  /// folder; every language's changes written at once, or none.
  public func importing(_ file: String, language: String?, dryRun: Bool) throws -> ImportOutcome {
    let path = environment.absolutePath(file)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      let translations: TranslationImport
      do {
        translations = try XCLoc.importing(folder: path, model: model, language: language)
      } catch let error as WorkflowError {
        throw error.naming(file, for: path)
      }
      return try importing([translations], dryRun: dryRun)
    }
    // Never more than the readers take: a huge file is refused at the limit, not read whole.
    let data: Data
    do throws(BoundedInput.Failure) {
      data = Data(try BoundedInput.read(path: path, limit: ReadLimits.standard.maximumBytes))
    } catch {
      throw ImportError.unreadable(file: file, reason: "\(error)")
    }
    if file.hasSuffix(".xcstrings") {
      let languages =
        try language.map { [$0] } ?? StringCatalog.languages(in: data, name: file, model: model)
      guard !languages.isEmpty else {
        throw ImportError.translatesNoLanguage(file: file, languages: model.languages)
      }
      return try importing(
        languages.map { try StringCatalog.importing(data, name: file, model: model, language: $0) },
        dryRun: dryRun)
    }
    return try importing(
      [try TranslationImport.xliff(data, name: file, model: model, language: language)],
      dryRun: dryRun)
  }

  private func importing(_ imports: [TranslationImport], dryRun: Bool) throws -> ImportOutcome {
    var changes: [FileChange] = []
    var conflicts: [String] = []
    for translations in imports {
      let (found, conflicting) = try translations.changes(for: model)
      conflicts += conflicting
      changes += found
    }
    return ImportOutcome(conflicts: conflicts, changes: try apply(changes, dryRun: dryRun))
  }

  /// The strings a language does not translate, as JSON: `{"language", "missing"}`.
  public func missingJSON(in language: String) -> JSONValue {
    .object([
      ("language", .string(language)), ("missing", Self.json(model.missing(in: language))),
    ])
  }

  /// The strings every language but the source's does not translate, as
  /// JSON: each language by its tag and its folder.
  public func missingJSON() -> JSONValue {
    let languages = model.missingByLanguage().map { language, missing in
      JSONValue.object([
        ("language", .string(model.tag(of: language) ?? language)),
        ("folder", .string(language + ".lproj")), ("missing", Self.json(missing)),
      ])
    }
    return .object([("languages", .array(languages))])
  }

  static func json(_ missing: [MissingTranslation]) -> JSONValue {
    .array(
      missing.map {
        .object([
          ("page", .string($0.page)), ("table", .string($0.table)), ("key", .string($0.key)),
          ("source", .string($0.source)),
        ])
      })
  }
}

extension WorkflowError {
  /// The same error, naming `given` where it names the file at `resolved`.
  func naming(_ given: String, for resolved: String) -> WorkflowError {
    func shown(_ file: String) -> String {
      if file == resolved { return given }
      if file.hasPrefix(resolved + "/") { return given + file.dropFirst(resolved.count) }
      return file
    }
    switch self {
    case .invalidExchangeFile(var place, let problem):
      place.file = shown(place.file)
      return .invalidExchangeFile(place, problem: problem)
    case .languageMismatch(let file, let found, let expected):
      return .languageMismatch(file: shown(file), found: found, expected: expected)
    case .unknownTable(let file, let table): return .unknownTable(file: shown(file), table: table)
    case .unknownKey(let file, let table, let key):
      return .unknownKey(file: shown(file), table: table, key: key)
    case .languageExists, .tableDoesNotParse: return self
    }
  }
}

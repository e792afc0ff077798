import ArgumentParser
import Foundation
import Plist
import SettingsLint
import SettingsSchema
import StringsWorkflow

/// `prefs strings ...`: the localization workflow.
struct Strings: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strings",
    abstract:
      "See what is missing, add languages, and exchange translations (XLIFF, String Catalogs).",
    discussion: """
      Exit status: 0 done, 1 refused (a file that does not parse, a malformed or mismatched \
      XLIFF or catalog; nothing is written then), 2 usage error or a path that is not a bundle.
      """,
    subcommands: [
      Status.self, Missing.self, AddLanguage.self, Sync.self, Export.self, Import.self, Format.self,
    ])
}

/// The bundle argument and what every `prefs strings` command shares.
struct StringsBundleOptions: ParsableArguments {
  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @Option(help: "The source language (default: en).") var source: String = "en"
  @Option(help: "The configuration file to use instead of the nearest .prefs.yml.")
  var config: String?
  @OptionGroup var reading: RootPageOption

  func validate() throws { try LanguageOptions.checkOne(source, argument: "--source") }

  /// The bundle's translations, leaving out the pages `strings: exclude:` names.
  func model() throws -> TranslationModel {
    var configuration = LintConfiguration()
    if let config {
      configuration = try LintConfiguration.load(file: config)
    } else if let found = LintConfiguration.find(forBundle: bundle) {
      configuration = try LintConfiguration.load(file: found)
    }
    // The root page and the reader as --root and `root:`/`dialect:` of the configuration say.
    var options = LoadOptions()
    options.rootPage = reading.root.flatMap(PageName.init)?.name ?? configuration.rootPage
    if let dialect = configuration.dialect {
      options.dialect = dialect
      options.followsBundleReader = false
    }
    // Every reading lint checks (pad, InAppSettingsKit's .inApp pages): the strings its
    // missing-translation asks are the ones these commands list and export.
    let linter = Linter(
      configuration: configuration, loadOptions: options, idioms: nil,
      dialects: configuration.dialect.map { [$0] })
    let variants = try linter.loadVariants(at: bundle)
    guard let base = variants.first else { throw SettingsBundleError.noRootPlist(bundle) }
    var policy = CoveragePolicy.standard
    policy.excludedPages = Set(variants.flatMap { configuration.stringsExcludedPages(of: $0) })
    return try TranslationModel(
      readings: TranslatedReadings(base: base, others: Array(variants.dropFirst())),
      sourceLanguage: source, policy: policy)
  }
}

/// Writes the changes, all or none (or with `dryRun` prints them), returning the exit status.
func apply(
  _ changes: [FileChange], in bundle: String, dryRun: Bool, report: DoneReport,
  output: inout some TextOutputStream, errors: inout some TextOutputStream
) throws(WriteError) -> Int32 {
  let changes = ChangeSet(bundle: bundle, files: changes)
  if changes.files.isEmpty { report.say("nothing to change", to: &errors) }
  // What changed is said once it has: a refused write lists nothing as done.
  if !dryRun { try write(changes) }
  // --quiet leaves out the list of what was written; a dry run's list is the output.
  for file in changes.files where dryRun || !report.quiet {
    if dryRun { print("would write \(file.path)".escapingControlCharacters, to: &output) }
    for line in file.summary { print(line.escapingControlCharacters, to: &output) }
  }
  if dryRun {
    for file in changes.files {
      output.write(
        UnifiedDiff.render(
          old: file.previous.map(Lint.text) ?? "", new: Lint.text(file.bytes),
          path: bundle + "/" + file.path))
    }
  }
  return ExitStatus.success
}

extension Strings {
  struct Status: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract: "A table: language × page → translated, missing, stale, empty, % done.")
    @OptionGroup var options: StringsBundleOptions

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { _ in
        // Folder and file names come from the file system: escaped before they are measured.
        let rows = try options.model().status().map { row in
          var row = row
          row.language = row.language.escapingControlCharacters
          row.page = row.page.escapingControlCharacters
          return row
        }
        let pageWidth = max(4, rows.map { $0.page.count }.max() ?? 4)
        let languageWidth = max(8, rows.map { $0.language.count }.max() ?? 8)
        func pad(_ text: String, _ width: Int) -> String {
          text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
        }
        func right(_ value: Int, _ width: Int) -> String {
          String(repeating: " ", count: max(0, width - String(value).count)) + String(value)
        }
        print(
          pad("language", languageWidth) + "  " + pad("page", pageWidth)
            + "  translated  missing  stale  empty  done", to: &output)
        for row in rows {
          // A folder no device selects shows nobody its translations: not "100%".
          let done =
            row.unselected.map { unselected in
              "  never shown: no device selects \(row.language).lproj"
                + (unselected.intendedTag.map { "; rename it \($0).lproj" } ?? "")
            } ?? "  " + right(row.percentDone, 3) + "%"
          print(
            pad(row.language, languageWidth) + "  " + pad(row.page, pageWidth) + "  "
              + right(row.translated, 10) + "  " + right(row.missing, 7) + "  "
              + right(row.stale, 5)
              + "  " + right(row.empty, 5) + done.escapingControlCharacters, to: &output)
        }
        return ExitStatus.success
      }
    }
  }

  struct Missing: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "missing",
      abstract:
        "The strings a language does not translate (every language but the source's without --lang)."
    )
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }
    @OptionGroup var options: StringsBundleOptions
    @Option(
      name: .customLong("lang"),
      help:
        "The language: a tag (de, pt-BR) or a .lproj folder name (German); default: every language."
    )
    var language: String?
    @Option(help: "Output format: text or json.") var format: Format = .text

    mutating func run() throws { try runOnStandardStreams() }

    func validate() throws {
      if let language { try LanguageOptions.checkOne(language, argument: "--lang") }
    }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { _ in
        let model = try options.model()
        func entries(_ missing: [MissingTranslation]) -> JSONValue {
          .array(
            missing.map {
              .object([
                ("page", .string($0.page)), ("table", .string($0.table)),
                ("key", .string($0.key)),
                ("source", .string($0.source)),
              ])
            })
        }
        // A key may be a whole licence: the line quotes one line of it (the JSON has it whole).
        func line(_ entry: MissingTranslation) -> String {
          MessageText.bounded(
            "\(entry.page) (\(entry.table)): \(StringsWriter.quoted(entry.key, forTerminal: true))")
        }
        if let language {
          let missing = model.missing(in: language)
          switch format {
          case .json:
            print(
              JSONValue.object([("language", .string(language)), ("missing", entries(missing))])
                .rendered(), to: &output)
          case .text:
            for entry in missing { print(line(entry).escapingControlCharacters, to: &output) }
          }
          return ExitStatus.success
        }
        // Every language, each named by its folder and its tag.
        let all = model.missingByLanguage()
        switch format {
        case .json:
          let languages = all.map { language, missing in
            JSONValue.object([
              ("language", .string(model.tag(of: language) ?? language)),
              ("folder", .string(language + ".lproj")), ("missing", entries(missing)),
            ])
          }
          print(JSONValue.object([("languages", .array(languages))]).rendered(), to: &output)
        case .text:
          for (language, missing) in all {
            for entry in missing {
              print("\(language).lproj: \(line(entry))".escapingControlCharacters, to: &output)
            }
          }
        }
        return ExitStatus.success
      }
    }
  }

  struct AddLanguage: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "add-language",
      abstract: "Create <lang>.lproj with every table, each key present and marked untranslated.")
    @OptionGroup var options: StringsBundleOptions
    @Argument(
      help:
        "The language code (de, pt-BR); refused when the bundle has it, under any name (German.lproj for de)."
    ) var language: String
    @OptionGroup var report: DoneReport

    mutating func run() throws { try runOnStandardStreams() }

    func validate() throws {
      try LanguageOptions.checkOne(language, argument: "the language", newFolder: true)
    }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        try apply(
          try options.model().addLanguage(language), in: options.bundle, dryRun: false,
          report: report, output: &output, errors: &errors)
      }
    }
  }

  struct Sync: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Add missing keys to every language; --prune removes stale ones.")
    @OptionGroup var options: StringsBundleOptions
    @Flag(help: "Remove the entries no page shows.") var prune = false
    @Flag(help: "Show what would change; write nothing.") var dryRun = false
    @OptionGroup var report: DoneReport

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        try apply(
          try options.model().sync(prune: prune), in: options.bundle, dryRun: dryRun,
          report: report, output: &output, errors: &errors)
      }
    }
  }

  struct Export: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write XLIFF 1.2 for a language, or a String Catalog of every language.")
    enum Format: String, ExpressibleByArgument, CaseIterable { case xliff, xcstrings, xcloc }
    @OptionGroup var options: StringsBundleOptions
    @Option(help: "xliff, xcstrings or xcloc (an Xcode localization catalog folder).")
    var format: Format = .xliff
    @Option(
      name: .customLong("lang"),
      help:
        "The target language (XLIFF, xcloc): a tag (de) or a .lproj folder name (German); the file names it by its BCP 47 tag."
    )
    var language: String?
    @Option(
      name: .shortAndLong,
      help: "The file to write; - or none for standard output (xcloc: the folder, required).")
    var output: String?
    @OptionGroup var report: DoneReport

    mutating func run() throws { try runOnStandardStreams() }

    func validate() throws {
      if let language { try LanguageOptions.checkOne(language, argument: "--lang") }
      if format != .xcstrings, language == nil {
        throw ValidationError("\(format.rawValue) needs --lang, the target language")
      }
      if format == .xcloc, output == nil || output == "-" {
        throw ValidationError("an xcloc is a folder: give -o de.xcloc")
      }
    }

    func execute(output stream: inout some TextOutputStream, errors: inout some TextOutputStream)
      -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let model = try options.model()
        if format == .xcloc, let output, let language {
          let files = try XCLoc.export(
            model, language: language, toolVersion: PrefsVersion.current)
          try OutputFile.createFolder(output + "/" + XCLoc.notes, for: output)
          try write(ChangeSet(bundle: output, files: files))
          report.say("wrote \(units(of: model)) to \(output)", to: &errors)
          return ExitStatus.success
        }
        let data: Data =
          switch format {
          case .xliff:
            Data(
              try XLIFF.export(
                model, language: language ?? "", toolVersion: PrefsVersion.current
              ).utf8)
          case .xcstrings, .xcloc: try StringCatalog.export(model)
          }
        if let output, output != "-" {
          try OutputFile.write(data, to: output)
          report.say(
            "wrote \(format == .xliff ? units(of: model) : strings(of: model)) to \(output)",
            to: &errors)
        } else {
          stream.write(String(decoding: data, as: UTF8.self))
        }
        return ExitStatus.success
      }
    }

    /// "27 units": an XLIFF carries one unit per key of each table.
    func units(of model: TranslationModel) -> String {
      DoneReport.count(model.tables.reduce(0) { $0 + (model.keys[$1]?.count ?? 0) }, "unit")
    }

    /// "20 strings": a catalog carries a key several tables use once.
    func strings(of model: TranslationModel) -> String {
      DoneReport.count(
        Set(model.tables.flatMap { model.keys[$0] ?? [] }.map(\.text)).count, "string")
    }
  }

  struct Import: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract:
        "Import translations from XLIFF, a String Catalog (.xcstrings) or an Xcode localization catalog (.xcloc); nothing is written unless all of it fits."
    )
    @OptionGroup var options: StringsBundleOptions
    @Argument(help: "The .xliff or .xcstrings file, or an .xcloc folder.") var file: String
    @Option(
      name: .customLong("lang"),
      help:
        "The language (a catalog: only this one, else every language of the bundle; checked for XLIFF and xcloc)."
    )
    var language: String?
    @Flag(help: "Show what would change; write nothing.") var dryRun = false
    @OptionGroup var report: DoneReport

    mutating func run() throws { try runOnStandardStreams() }

    func validate() throws {
      if let language { try LanguageOptions.checkOne(language, argument: "--lang") }
    }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let model = try options.model()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue
        {
          let translations = try XCLoc.importing(folder: file, model: model, language: language)
          return try importing([translations], model: model, output: &output, errors: &errors)
        }
        // Never more than the readers take: a huge file is refused at the limit, not read whole.
        let data: Data
        do throws(BoundedInput.Failure) {
          data = Data(try BoundedInput.read(path: file, limit: ReadLimits.standard.maximumBytes))
        } catch {
          throw CommandFailure.failure("\(file): \(error); nothing was written")
        }
        if file.hasSuffix(".xcstrings") {
          // Without --lang, every language of the bundle the catalog translates.
          let languages =
            try language.map { [$0] } ?? StringCatalog.languages(in: data, name: file, model: model)
          guard !languages.isEmpty else {
            throw CommandFailure.failure(
              "\(file): translates none of the bundle's languages (\(model.languages.joined(separator: ", "))); nothing was written"
            )
          }
          return try importing(
            languages.map {
              try StringCatalog.importing(data, name: file, model: model, language: $0)
            }, model: model, output: &output, errors: &errors)
        }
        return try importing(
          [try TranslationImport.xliff(data, name: file, model: model, language: language)],
          model: model, output: &output, errors: &errors)
      }
    }

    /// Writes every language's changes at once (or none), conflicts listed first.
    func importing(
      _ imports: [TranslationImport], model: TranslationModel,
      output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) throws -> Int32 {
      var changes: [FileChange] = []
      for translations in imports {
        let (found, conflicts) = try translations.changes(for: model)
        for conflict in conflicts {
          print("conflict: \(conflict)".escapingControlCharacters, to: &output)
        }
        changes += found
      }
      return try apply(
        changes, in: options.bundle, dryRun: dryRun, report: report, output: &output,
        errors: &errors)
    }
  }

  struct Format: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "format",
      abstract: "Rewrite every table in one layout (idempotent); comments and pairs kept.")
    enum Encoding: String, ExpressibleByArgument, CaseIterable { case utf8, utf16 }
    @OptionGroup var options: StringsBundleOptions
    @Option(help: "utf8 or utf16 (with a byte order mark); default: each file's own.") var encoding:
      Encoding?
    @Flag(help: "Sort the entries by key.") var sort = false
    @OptionGroup var report: DoneReport
    @Flag(help: "Show what would change; write nothing.") var dryRun = false
    @Flag(help: "Write nothing; exit 1 listing the tables that are not formatted (for CI).")
    var check = false

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let target: TextEncoding? = encoding.map { $0 == .utf8 ? .utf8 : .utf16LittleEndianWithBOM }
        let changes = try options.model().format(encoding: target, sort: sort)
        guard !changes.isEmpty else {
          report.say("already formatted", to: &output)
          return ExitStatus.success
        }
        if check {
          for change in changes {
            print((options.bundle + "/" + change.path).escapingControlCharacters, to: &output)
          }
          print(
            "\(changes.count) table\(changes.count == 1 ? " is" : "s are") not formatted; run prefs strings format",
            to: &errors)
          return ExitStatus.failure
        }
        return try apply(
          changes, in: options.bundle, dryRun: dryRun, report: report, output: &output,
          errors: &errors)
      }
    }
  }
}

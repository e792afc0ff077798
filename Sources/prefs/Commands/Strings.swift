import ArgumentParser
import Foundation
import Plist
import PrefsKit
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

  mutating func validate() throws {
    source = try LanguageOptions.checkOne(source, argument: "--source")
  }

  /// The bundle's translations opened for the strings workflows.
  func frontEnd(_ environment: PrefsEnvironment) throws -> StringsFrontEnd {
    try StringsFrontEnd(
      StringsOptions(
        bundle: bundle, sourceLanguage: source, configurationFile: config, rootPage: reading.root),
      environment: environment)
  }
}

/// Names each table the bundle has but never read (a link out of the bundle,
/// a FIFO, a folder named like a table) as lint and dump name it; true when
/// there is one. Counts, lists and exports made without it would show a
/// language that is not there, so the command then exits 1.
func reportUnreadTables(
  _ strings: StringsFrontEnd, bundle: String, errors: inout some TextOutputStream
) -> Bool {
  let unread = strings.model.bundle.unreadTables
  ProblemPrinter.print(unread, bundle: bundle, to: &errors)
  return !unread.isEmpty
}

/// Refuses a workflow that writes tables when one of them never read: it
/// would write over or beside what the bundle holds under that name.
func refuseUnreadTables(
  _ strings: StringsFrontEnd, bundle: String, errors: inout some TextOutputStream
) throws {
  guard reportUnreadTables(strings, bundle: bundle, errors: &errors) else { return }
  throw CommandFailure.failure(
    "\(bundle.escapingControlCharacters): a strings table does not read, so nothing was written")
}

/// Says what a strings workflow wrote (or with a dry run would write, and how).
func reportChanges(
  _ changes: StringsChanges, report: DoneReport, output: inout some TextOutputStream,
  errors: inout some TextOutputStream
) -> Int32 {
  if changes.files.isEmpty { report.say("nothing to change", to: &errors) }
  // --quiet leaves out the list of what was written; a dry run's list is the output.
  for file in changes.files where changes.isDryRun || !report.quiet {
    if changes.isDryRun {
      print("would write \(file.path)".escapingControlCharacters, to: &output)
    }
    for line in file.summary { print(line.escapingControlCharacters, to: &output) }
  }
  if changes.isDryRun { output.write(changes.patch) }
  return ExitStatus.success
}

extension Strings {
  struct Status: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract: "A table: language × page → translated, missing, stale, empty, % done.")
    @OptionGroup var options: StringsBundleOptions

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let strings = try options.frontEnd(environment)
        output.write(strings.statusText())
        let unread = reportUnreadTables(strings, bundle: options.bundle, errors: &errors)
        return unread ? ExitStatus.failure : ExitStatus.success
      }
    }
  }

  struct Missing: StreamingCommand {
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

    mutating func validate() throws {
      if let given = language { language = try LanguageOptions.checkOne(given, argument: "--lang") }
    }

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let strings = try options.frontEnd(environment)
        // Without --lang, every language, each named by its folder and its tag.
        switch (format, language) {
        case (.json, let language?):
          print(strings.missingJSON(in: language).rendered(), to: &output)
        case (.json, nil): print(strings.missingJSON().rendered(), to: &output)
        case (.text, let language?): output.write(strings.missingText(in: language))
        case (.text, nil): output.write(strings.missingText())
        }
        let unread = reportUnreadTables(strings, bundle: options.bundle, errors: &errors)
        return unread ? ExitStatus.failure : ExitStatus.success
      }
    }
  }

  struct AddLanguage: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "add-language",
      abstract: "Create <lang>.lproj with every table, each key present and marked untranslated.")
    @OptionGroup var options: StringsBundleOptions
    @Argument(
      help:
        "The language code (de, pt-BR); refused when the bundle has it, under any name (German.lproj for de)."
    ) var language: String
    @OptionGroup var report: DoneReport

    mutating func validate() throws {
      language = try LanguageOptions.checkOne(language, argument: "the language", newFolder: true)
    }

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        reportChanges(
          try options.frontEnd(environment).addLanguage(language), report: report,
          output: &output, errors: &errors)
      }
    }
  }

  struct Sync: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Add missing keys to every language; --prune removes stale ones.")
    @OptionGroup var options: StringsBundleOptions
    @Flag(help: "Remove the entries no page shows.") var prune = false
    @Flag(help: "Show what would change; write nothing.") var dryRun = false
    @OptionGroup var report: DoneReport

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let strings = try options.frontEnd(environment)
        try refuseUnreadTables(strings, bundle: options.bundle, errors: &errors)
        return reportChanges(
          try strings.sync(prune: prune, dryRun: dryRun), report: report,
          output: &output, errors: &errors)
      }
    }
  }

  struct Export: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write XLIFF 1.2 for a language, or a String Catalog of every language.")
    @OptionGroup var options: StringsBundleOptions
    @Option(help: "xliff, xcstrings or xcloc (an Xcode localization catalog folder).")
    var format: StringsFrontEnd.ExchangeFormat = .xliff
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

    mutating func validate() throws {
      if let given = language { language = try LanguageOptions.checkOne(given, argument: "--lang") }
      if format != .xcstrings, language == nil {
        throw ValidationError("\(format.rawValue) needs --lang, the target language")
      }
      if format == .xcloc, output == nil || output == "-" {
        throw ValidationError("an xcloc is a folder: give -o de.xcloc")
      }
    }

    func execute(
      environment: PrefsEnvironment, output stream: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let strings = try options.frontEnd(environment)
        try refuseUnreadTables(strings, bundle: options.bundle, errors: &errors)
        let outcome = try strings.export(
          format, language: language, outputFile: output == "-" ? nil : output,
          toolVersion: PrefsVersion.current)
        switch outcome {
        case .bytes(let data): stream.write(String(decoding: data, as: UTF8.self))
        case .wrote(let file, let units, let strings):
          // "27 units": an XLIFF carries one unit per key of each table; "20 strings": a
          // catalog carries a key several tables use once.
          let count =
            units.map { DoneReport.count($0, "unit") } ?? DoneReport.count(strings ?? 0, "string")
          report.say("wrote \(count) to \(file)", to: &errors)
        }
        return ExitStatus.success
      }
    }
  }

  struct Import: StreamingCommand {
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

    mutating func validate() throws {
      if let given = language { language = try LanguageOptions.checkOne(given, argument: "--lang") }
    }

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let strings = try options.frontEnd(environment)
        try refuseUnreadTables(strings, bundle: options.bundle, errors: &errors)
        let outcome: StringsFrontEnd.ImportOutcome
        do {
          outcome = try strings.importing(
            file, language: language, dryRun: dryRun)
        } catch StringsFrontEnd.ImportError.unreadable(let file, let reason) {
          throw CommandFailure.failure("\(file): \(reason); nothing was written")
        } catch StringsFrontEnd.ImportError.translatesNoLanguage(let file, let languages) {
          throw CommandFailure.failure(
            "\(file): translates none of the bundle's languages (\(languages.joined(separator: ", "))); nothing was written"
          )
        }
        for conflict in outcome.conflicts {
          print("conflict: \(conflict)".escapingControlCharacters, to: &output)
        }
        return reportChanges(outcome.changes, report: report, output: &output, errors: &errors)
      }
    }
  }

  struct Format: StreamingCommand {
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

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let target: TextEncoding? = encoding.map { $0 == .utf8 ? .utf8 : .utf16LittleEndianWithBOM }
        switch try options.frontEnd(environment).format(
          encoding: target, sort: sort, dryRun: dryRun, checkOnly: check)
        {
        case .alreadyFormatted:
          report.say("already formatted", to: &output)
          return ExitStatus.success
        case .notFormatted(let tables):
          for table in tables { print(table.escapingControlCharacters, to: &output) }
          print(
            "\(tables.count) table\(tables.count == 1 ? " is" : "s are") not formatted; run prefs strings format",
            to: &errors)
          return ExitStatus.failure
        case .changed(let changes):
          return reportChanges(changes, report: report, output: &output, errors: &errors)
        }
      }
    }
  }
}

extension StringsFrontEnd.ExchangeFormat: ExpressibleByArgument {}

import ArgumentParser
import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsSchema
import SharedDefaults

/// `prefs defaults ...`: persistent defaults domains, as Foundation's
/// `UserDefaults` keeps them on Linux.
struct Defaults: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "defaults",
    abstract: "Read, write and watch defaults domains (one plist per domain).",
    discussion: """
      Domains live in --defaults-dir, else $XDG_CONFIG_HOME, else ~/.config: where \
      UserDefaults(suiteName:) keeps them on Linux; with --store (or $PREFS_STORE) on a \
      PostgreSQL server that many machines share. Exit status: 0 done, 1 refused or failed \
      (the domain is then unchanged), 2 usage error.
      """,
    subcommands: [
      Write.self, Read.self, ReadType.self, Rename.self, Delete.self, Domains.self, Find.self,
      Export.self, Import.self, Watch.self, Register.self, Describe.self, RangeCommand.self,
      Migrate.self,
      Sync.self,
    ]
  )
}

extension Defaults {
  /// Says where `--force` moved what did not parse (a file, or the rows of a
  /// shared store), whichever command moved it.
  static func reportMovedAside(
    _ outcome: DefaultsStore.WriteOutcome, to errors: inout some TextOutputStream
  ) {
    guard let moved = outcome.movedAside else { return }
    print("prefs: what did not parse was moved to \(moved.escapingControlCharacters)", to: &errors)
  }
}

/// `--defaults-dir` and `--store`, shared by every `prefs defaults` command
/// and `prefs edit`.
struct DefaultsDirectoryOption: ParsableArguments {
  @Option(
    name: .customLong("defaults-dir"),
    help: "The folder of the domain files (default: $XDG_CONFIG_HOME, else ~/.config).")
  var directory: String?

  @Option(
    name: .customLong("store"),
    help: ArgumentHelp(
      "A shared store instead of the folder: postgres://user@host:port/database (default: $PREFS_STORE).",
      discussion:
        "The password may be left out of the URL and given as $PGPASSWORD; prefs never prints it.",
      valueName: "url"))
  var storeURL: String?

  /// What the flags say, for ``StoreLocation`` to decide from.
  var options: StoreOptions { StoreOptions(folder: directory, storeURL: storeURL) }

  /// The `defaults` verbs over where the domains are, decided once from the
  /// flags and the environment (a refusal is worded by ``CommandErrors``).
  func frontEnd(_ environment: PrefsEnvironment) throws(StoreLocation.Failure) -> DefaultsFrontEnd {
    DefaultsFrontEnd(
      location: try StoreLocation(options, environment: environment), environment: environment)
  }
}

extension DefaultsFrontEnd.ExchangeFormat: ExpressibleByArgument {}

extension Defaults {
  struct Write: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "write",
      abstract: "Store a value under a key.",
      discussion: """
        prefs defaults write com.example.app celsiusPref -bool true
        prefs defaults write com.example.app speed -int 3
        prefs defaults write com.example.app recent -array-add a b
        prefs defaults write com.example.app level 0.7 --bundle Settings.bundle

        With --bundle, a multi value takes a value of its Values or a title; numbers \
        match by value (1.0 is 1). When several Values are spelled alike (the integer 1 \
        and the string '1'), the first is taken; a type flag picks another (-string 1).

        """ + "\n" + ValueTypeFlag.help)

    @Argument(help: "The domain (com.example.app).") var domain: String
    @Argument(help: "The key.") var key: String
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp(
        "The value, after a type flag (-int, -array-add, ...: the type flags above); several for containers.",
        valueName: "value"))
    var values: [String] = []
    @Option(help: "Check and convert the value by the key's specifier in this Settings.bundle.")
    var bundle: String?
    @Option(help: DialectHelp.bundle) var dialect: Dialect?
    @OptionGroup var reading: RootPageOption
    @OptionGroup var languageOptions: LanguageOptions
    @Flag(help: "Move a domain file that does not parse aside first, then write.")
    var force = false
    @OptionGroup var location: DefaultsDirectoryOption
    @OptionGroup var report: DoneReport

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let outcome = try location.frontEnd(environment).write(
          domain: domain, key: key, words: values, checkedBy: checkingBundle(environment),
          force: force)
        Defaults.reportMovedAside(outcome, to: &errors)
        report.say(
          outcome.changes.isEmpty
            ? "nothing to change: \(MessageText.key(key)) of \(domain) already holds that value"
            : "wrote \(MessageText.key(key)) to \(domain)", to: &errors)
        return ExitStatus.success
      }
    }

    /// The bundle `--bundle` names, whose element checks and converts the value.
    func checkingBundle(_ environment: PrefsEnvironment) -> KeyBundle? {
      bundle.map {
        KeyBundle(
          $0, rootPage: reading.root, dialect: dialect,
          preferredLanguages: languageOptions.preferredLanguages(environment: environment.variables)
        )
      }
    }
  }

  struct Read: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "read",
      abstract: "Print a key's value, or the whole domain.",
      discussion: """
        A scalar prints bare (42, true, text); containers as plist text; --json as JSON. \
        Data holding an NSKeyedArchiver archive prints as the tree it holds (classes, \
        values, references; nothing is loaded or run); --raw prints its bytes.
        """
    )

    @Argument(help: "The domain.") var domain: String
    @Argument(help: "The key; none prints every value.") var key: String?
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Print archived values (NSKeyedArchiver data) as their bytes, not as a tree.")
    var raw = false
    @OptionGroup var location: DefaultsDirectoryOption

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        let shown = try location.frontEnd(environment).read(domain: domain, key: key)
        let archives: ArchiveDisplay = raw ? .raw : .tree
        // A terminal must get no control character.
        print(
          json
            ? shown.readJSON(archives: archives).rendered()
            : shown.readText(
              forTerminal: environment.terminal.standardOutputIsTerminal, archives: archives),
          to: &output)
        return ExitStatus.success
      }
    }
  }

  struct Delete: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Remove a key, or every value of the domain.")

    @Argument(help: "The domain.") var domain: String
    @Argument(help: "The key; none removes every value.") var key: String?
    @Flag(
      help:
        "Move what does not parse (a domain file, a shared store's value) aside first; a key that is not there is then no error, as with rm -f."
    ) var force = false
    @OptionGroup var location: DefaultsDirectoryOption
    @OptionGroup var report: DoneReport

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let outcome = try location.frontEnd(environment).delete(
          domain: domain, key: key, force: force)
        Defaults.reportMovedAside(outcome, to: &errors)
        if let key {
          report.say(
            outcome.changes.isEmpty
              ? "nothing to change: \(domain) has no key \(MessageText.key(key))"
              : "deleted \(MessageText.key(key)) from \(domain)",
            to: &errors)
        } else {
          report.say(
            outcome.changes.isEmpty
              ? "nothing to change: \(domain) holds no values"
              : "deleted \(DoneReport.count(outcome.changes.count, "value")) of \(domain)",
            to: &errors)
        }
        return ExitStatus.success
      }
    }
  }

  struct Domains: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "domains", abstract: "List the domains in the folder (or the shared store).")
    @OptionGroup var location: DefaultsDirectoryOption

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        for domain in try location.frontEnd(environment).domains() {
          print(domain.escapingControlCharacters, to: &output)
        }
        return ExitStatus.success
      }
    }
  }

  struct Export: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract:
        "Write the domain's values as an XML plist (or JSON) to a file, or - for standard output.",
      discussion: """
        --format json writes dates as {"$date": "2026-11-22T10:00:00Z"}, data as \
        {"$data": "<base64>"} and reals always with a fraction (1.0), so that import reads \
        every value back as it was; a value JSON cannot carry back is refused, naming its key. \
        Data holding an NSKeyedArchiver archive also gets its tree as "$archive" beside \
        "$data" (import reads the bytes); --raw leaves it out.
        """)
    @Argument(help: "The domain.") var domain: String
    @Argument(help: "The file, or - for standard output.") var file: String
    @Option(help: "plist (XML, the default) or json.")
    var format: DefaultsFrontEnd.ExchangeFormat = .plist
    @Flag(help: "In JSON, write archived values (NSKeyedArchiver data) as their bytes alone.")
    var raw = false
    @OptionGroup var location: DefaultsDirectoryOption
    @OptionGroup var report: DoneReport

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        let defaults = try location.frontEnd(environment)
        if file == "-" {
          let (bytes, _) = try defaults.export(
            domain: domain, format: format, archives: raw ? .raw : .tree)
          output.write(String(decoding: bytes, as: UTF8.self))
        } else {
          let count = try defaults.export(
            domain: domain, format: format, toFile: file, archives: raw ? .raw : .tree)
          report.say(
            "wrote \(DoneReport.count(count, "value")) of \(domain) to \(file)", to: &errors)
        }
        return ExitStatus.success
      }
    }
  }

  struct Import: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract:
        "Replace the domain's values with a plist's (XML, binary or OpenStep) or JSON's, or - for standard input.",
      discussion:
        "JSON as export --format json writes it; without --format, a file that parses as a JSON object is JSON."
    )
    @Argument(help: "The domain.") var domain: String
    @Argument(help: "The plist or JSON file, or - for standard input.") var file: String
    @Option(help: "plist or json (default: json when the input parses as a JSON object).")
    var format: DefaultsFrontEnd.ExchangeFormat?
    @Flag(help: "Move a domain file that does not parse aside first.") var force = false
    @OptionGroup var location: DefaultsDirectoryOption
    @OptionGroup var report: DoneReport

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let source: DefaultsFrontEnd.ImportSource =
          file == "-" ? .descriptor(STDIN_FILENO, name: "<stdin>") : .file(file)
        let outcome = try location.frontEnd(environment).importValues(
          domain: domain, from: source, format: format, force: force)
        Defaults.reportMovedAside(outcome, to: &errors)
        report.say(
          outcome.changes.isEmpty
            ? "nothing to change: \(domain) already holds those values"
            : "imported \(domain): \(DoneReport.count(outcome.changes.count, "value")) changed",
          to: &errors)
        return ExitStatus.success
      }
    }
  }

  struct Watch: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "watch",
      abstract: "Print a line per change of the domain as it happens, from any process.",
      discussion: "--json prints one object per line: {\"key\", \"old\", \"new\"}.")
    @Argument(help: "The domain.") var domain: String
    @Argument(help: "Only these keys.") var keys: [String] = []
    @Flag(help: "One JSON object per line.") var json = false
    @OptionGroup var location: DefaultsDirectoryOption

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let json = json
        let watch = try location.frontEnd(environment).watch(
          domain: domain, keys: keys.isEmpty ? nil : Set(keys.map { PlistKey($0) })
        ) { event in
          // Changes arrive on the store's threads: they go straight to the streams.
          if case .changes(let changes) = event {
            var output = StandardOutput()
            output.write(
              changes.map { (json ? $0.json.renderedCompact() : $0.text) + "\n" }.joined())
          } else {
            var errors = StandardError()
            print(Self.line(event), to: &errors)
          }
        }
        // Until interrupted (SIGINT and SIGTERM end the process) or stopped for good.
        guard case .failed(let name, let reason) = watch.wait() else {
          return ExitStatus.success
        }
        throw CommandFailure.failure("\(name): the watch stopped: \(reason)")
      }
    }

    /// What became of the watch, said on standard error; it resumes when the folder or server is back.
    static func line(_ event: DefaultsWatch.Event) -> String {
      switch event {
      case .changes: ""
      case .folderGone(let folder):
        "prefs: the defaults folder \(folder.escapingControlCharacters) is gone (removed, moved or not made yet); waiting for it"
      case .reconnecting(let name, let reason):
        "prefs: \(name.escapingControlCharacters) is out of reach (\(reason.escapingControlCharacters)); reconnecting"
      case .storeBack(let path):
        "prefs: \(path.escapingControlCharacters) is back; watching it again"
      case .folderBack(let folder):
        "prefs: the defaults folder \(folder.escapingControlCharacters) is back; watching it again"
      }
    }
  }

  struct Register: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "register",
      abstract: "Show the bundle's DefaultValues for keys not yet stored; --apply writes them.")
    @Argument(help: "The domain.") var domain: String
    @Option(help: "The Settings.bundle whose DefaultValues to register.") var bundle: String
    @Flag(help: "Write them into the domain file.") var apply = false
    @OptionGroup var reading: RootPageOption
    @OptionGroup var location: DefaultsDirectoryOption
    @OptionGroup var report: DoneReport

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        let outcome = try location.frontEnd(environment).register(
          domain: domain, bundle: KeyBundle(bundle, rootPage: reading.root), apply: apply)
        if let write = outcome.write {
          report.say(
            write.changes.isEmpty
              ? "nothing to change: \(domain) holds every default already"
              : "registered \(DoneReport.count(write.changes.count, "value")) in \(domain)",
            to: &errors)
        }
        print(PlistValue.dictionary(outcome.missing).readText, to: &output)
        return ExitStatus.success
      }
    }
  }
}

extension Defaults {
  /// `prefs defaults sync DOMAIN --store URL`: the local domain file and the shared domain, in step.
  struct Sync: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Keep the local domain file and the shared store's domain in step, both ways.",
      discussion: """
        Runs until interrupted, printing a line per key carried: → to the store, ← into the \
        file. Conflicts are settled per key: the last write to the store wins. At start, a key \
        only one side has is copied to the other; where both differ, the store's value wins \
        (a ≠ line shows the local one). \
        A local save that puts back a key's value from before the sync pulled the store's \
        change into the file (an editor that saved an older copy without the lock) does not \
        undo that change: the store's value stays and is written again, and a ≠ line shows \
        both; saving the value once more makes it stick.
        """)
    @Argument(help: "The domain.") var domain: String
    @Option(
      name: .customLong("store"),
      help: ArgumentHelp(
        "The shared store: postgres://user@host:port/database (default: $PREFS_STORE).",
        valueName: "url"))
    var storeURL: String?
    @Option(
      name: .customLong("defaults-dir"),
      help: "The folder of the local domain file (default: $XDG_CONFIG_HOME, else ~/.config).")
    var directory: String?

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let run = try DefaultsFrontEnd.sync(
          domain: domain, options: StoreOptions(folder: directory, storeURL: storeURL),
          environment: environment
        ) { event in
          switch event {
          case .sync(let event):
            var output = StandardOutput()
            output.write(event.text + "\n")
          case .reconnecting(let name, let reason):
            var errors = StandardError()
            print(
              "prefs: \(name.escapingControlCharacters) is out of reach (\(reason.escapingControlCharacters)); reconnecting",
              to: &errors)
          }
        }
        // Until interrupted (SIGINT and SIGTERM end the process) or stopped for good.
        guard case .failed(let name, let reason) = run.wait() else { return ExitStatus.success }
        throw CommandFailure.failure("\(name): the sync stopped: \(reason)")
      }
    }
  }
}

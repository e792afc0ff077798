import ArgumentParser
import DefaultsStore
import Dispatch
import Foundation
import Plist
import PrefsKit
import SettingsSchema
import SharedDefaults
import Synchronization

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

  /// Where the domains are, decided once from the flags and the environment.
  func location(_ environment: PrefsEnvironment = .current()) throws(CommandFailure)
    -> StoreLocation
  {
    do throws(StoreLocation.Failure) {
      return try StoreLocation(options, environment: environment)
    } catch {
      throw CommandFailure(error)
    }
  }

  /// The domain's store and the values it holds, refused before anything is
  /// shown as every command refuses them: a `--defaults-dir` that does not
  /// exist is a usage error, a corrupt domain file an error. `edit` (form and
  /// plain) and `render` share it.
  func storeWithValues(_ domain: String) throws -> (
    store: DefaultsStore, values: [PlistKey: PlistValue]
  ) {
    try location().storeWithValues(domain: domain)
  }

  /// The domain's store: shared, or a file whose folder is made when missing
  /// only if it is the default one.
  func store(_ domain: String) throws -> DefaultsStore {
    try location().store(domain: domain)
  }
}

extension CommandFailure {
  /// A store location that could not be decided, in the flags' words.
  init(_ failure: StoreLocation.Failure) {
    switch failure {
    case .folderAndServer: self = .usage("give --store or --defaults-dir, not both")
    case .invalidServer(let reason): self = .usage(reason.description)
    case .noServer:
      self = .usage("give --store URL (or set PREFS_STORE): the store to sync with")
    }
  }
}

extension Defaults {
  struct Write: ParsableCommand, StreamingCommand {
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

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let request = try self.request()
        let store = try location.store(domain)
        let outcome: DefaultsStore.WriteOutcome
        switch request {
        case .set(let value, _):
          outcome = try store.set(value, forKey: key, force: force)
        case .arrayAdd, .dictAdd:
          var refusal: String?
          outcome = try store.update(force: force) { values in
            refusal = nil
            switch ContainerAddition.apply(request, to: values[PlistKey(key)]) {
            case .success(let merged): values[PlistKey(key)] = merged
            case .failure(let reason): refusal = reason.message(key: key, domain: domain)
            }
          }
          if let refusal { throw CommandFailure.failure(refusal) }
        }
        Defaults.reportMovedAside(outcome, to: &errors)
        report.say(
          outcome.changes.isEmpty
            ? "nothing to change: \(key) of \(domain) already holds that value"
            : "wrote \(key) to \(domain)", to: &errors)
        return ExitStatus.success
      }
    }

    func request() throws -> WriteRequest {
      let request = try WriteRequest.parse(values)
      guard let bundle else { return request }
      guard case .set(let value, let type) = request else {
        throw CommandFailure.usage(
          "-array-add and -dict-add do not go with --bundle: a specifier stores one value")
      }
      let loaded = try SettingsBundle.load(
        at: bundle, options: reading.options(forBundle: bundle, LoadOptions(), dialect: dialect))
      let specifier: Specifier
      switch loaded.storingSpecifier(forKey: key) {
      case .success(let found): specifier = found.specifier
      case .failure(let refusal): throw refusal
      }
      if type != nil {
        return .set(try SpecifierValue.check(value, for: specifier, in: loaded.catalog), type: type)
      }
      guard case .string(let text) = value else { return request }
      let stored = try BundleTitles.convert(
        text, key: key, bundle: bundle, loaded: loaded,
        languages: languageOptions.preferredLanguages(
          environment: ProcessInfo.processInfo.environment))
      return .set(stored, type: nil)
    }
  }

  struct Read: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "read",
      abstract: "Print a key's value, or the whole domain.",
      discussion: "A scalar prints bare (42, true, text); containers as plist text; --json as JSON."
    )

    @Argument(help: "The domain.") var domain: String
    @Argument(help: "The key; none prints every value.") var key: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var location: DefaultsDirectoryOption
    /// Whether the text goes to a terminal, which must get no control character.
    var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        let store = try location.store(domain)
        let values = try store.persistentValues()
        let shown: PlistValue
        if let key {
          guard let value = values[PlistKey(key)] else {
            throw DefaultsError.missingKey(domain: domain, key: key)
          }
          shown = value
        } else {
          // A shared domain exists while it holds a value; a file, while it is there.
          guard try store.exists() else { throw CommandFailure.noDomain(domain, in: store) }
          shown = .dictionary(values)
        }
        print(
          json ? JSONValue(shown).rendered() : shown.readText(forTerminal: outputIsTerminal),
          to: &output)
        return ExitStatus.success
      }
    }
  }

  struct Delete: ParsableCommand, StreamingCommand {
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

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let store = try location.store(domain)
        if let key {
          // With --force a domain that does not parse is not read first: it is moved aside.
          if !force, try store.persistentValues()[PlistKey(key)] == nil {
            throw DefaultsError.missingKey(domain: domain, key: key)
          }
          let outcome = try store.removeValue(forKey: key, force: force)
          Defaults.reportMovedAside(outcome, to: &errors)
          report.say(
            outcome.changes.isEmpty
              ? "nothing to change: \(domain) has no key \(key)" : "deleted \(key) from \(domain)",
            to: &errors)
        } else {
          let outcome = try store.removeAll(force: force)
          Defaults.reportMovedAside(outcome, to: &errors)
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

  struct Domains: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "domains", abstract: "List the domains in the folder (or the shared store).")
    @OptionGroup var location: DefaultsDirectoryOption

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        for domain in try location.location().domains() {
          print(domain.escapingControlCharacters, to: &output)
        }
        return ExitStatus.success
      }
    }
  }

  /// The formats of `export` and `import`.
  enum ExchangeFormat: String, ExpressibleByArgument, CaseIterable {
    case plist, json
  }

  struct Export: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract:
        "Write the domain's values as an XML plist (or JSON) to a file, or - for standard output.",
      discussion: """
        --format json writes dates as {"$date": "2026-11-22T10:00:00Z"}, data as \
        {"$data": "<base64>"} and reals always with a fraction (1.0), so that import reads \
        every value back as it was; a value JSON cannot carry back is refused, naming its key.
        """)
    @Argument(help: "The domain.") var domain: String
    @Argument(help: "The file, or - for standard output.") var file: String
    @Option(help: "plist (XML, the default) or json.") var format: ExchangeFormat = .plist
    @OptionGroup var location: DefaultsDirectoryOption
    @OptionGroup var report: DoneReport

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        let values = try location.existingValues(of: domain)
        let bytes: [UInt8]
        switch format {
        case .plist:
          do throws(PlistWriteError) {
            bytes = try XMLPlistWriter.write(.dictionary(values))
          } catch {
            throw CommandFailure.failure(
              "\(domain): \(error.description); nothing was exported (--format json carries it)")
          }
        case .json:
          do throws(DefaultsJSON.Failure) {
            bytes = Array(try DefaultsJSON.encode(values).utf8)
          } catch {
            throw CommandFailure.failure("\(domain): \(error.description); nothing was exported")
          }
        }
        if file == "-" {
          output.write(String(decoding: bytes, as: UTF8.self))
        } else {
          try OutputFile.write(Data(bytes), to: file)
          report.say(
            "wrote \(DoneReport.count(values.count, "value")) of \(domain) to \(file)", to: &errors)
        }
        return ExitStatus.success
      }
    }
  }

  struct Import: ParsableCommand, StreamingCommand {
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
    var format: ExchangeFormat?
    @Flag(help: "Move a domain file that does not parse aside first.") var force = false
    @OptionGroup var location: DefaultsDirectoryOption
    @OptionGroup var report: DoneReport

    mutating func run() throws { try runOnStandardStreams() }

    /// Says how many values the import changed.
    func reportImport(_ outcome: DefaultsStore.WriteOutcome, errors: inout some TextOutputStream) {
      report.say(
        outcome.changes.isEmpty
          ? "nothing to change: \(domain) already holds those values"
          : "imported \(domain): \(DoneReport.count(outcome.changes.count, "value")) changed",
        to: &errors)
    }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        // Never more than the reader takes: a 2 GB input is refused at its first 64 MiB.
        let limit = ReadLimits.standard.maximumBytes
        let shownName = file == "-" ? "<stdin>" : file
        let data: [UInt8]
        do throws(BoundedInput.Failure) {
          data =
            file == "-"
            ? try BoundedInput.read(descriptor: STDIN_FILENO, limit: limit)
            : try BoundedInput.read(path: file, limit: limit)
        } catch {
          throw CommandFailure.failure("\(shownName): \(error); nothing was imported")
        }
        if format == .json || (format == nil && JSONPlistReader.looksLikeJSON(data)) {
          let values: [PlistKey: PlistValue]?
          do throws(DefaultsJSON.Failure) {
            values = try DefaultsJSON.decode(data)
          } catch {
            // An OpenStep plist starts as JSON does: without --format it is read
            // as one, unless a key is followed by `:`, which only JSON has.
            guard format != .json, !JSONPlistReader.isSurelyJSON(data) else {
              throw CommandFailure.failure(
                "\(shownName): \(error.description); nothing was imported")
            }
            values = nil
          }
          if let values {
            let outcome = try location.store(domain).replaceAll(with: values, force: force)
            Defaults.reportMovedAside(outcome, to: &errors)
            reportImport(outcome, errors: &errors)
            return ExitStatus.success
          }
        }
        let document: PlistDocument
        do throws(ReadIssue) {
          document = try PropertyListReader.read(data)
        } catch {
          print(
            CompilerStyleFormatter.format(
              file: shownName, severity: .error, message: error.message,
              place: error.place),
            to: &errors)
          return ExitStatus.failure
        }
        guard case .dictionary(let values) = document.root.value else {
          throw CommandFailure.failure(
            "\(shownName): the plist is \(document.root.typeNameWithArticle), not a dictionary")
        }
        let outcome = try location.store(domain).replaceAll(with: values, force: force)
        Defaults.reportMovedAside(outcome, to: &errors)
        reportImport(outcome, errors: &errors)
        return ExitStatus.success
      }
    }
  }

  struct Watch: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "watch",
      abstract: "Print a line per change of the domain as it happens, from any process.",
      discussion: "--json prints one object per line: {\"key\", \"old\", \"new\"}.")
    @Argument(help: "The domain.") var domain: String
    @Argument(help: "Only these keys.") var keys: [String] = []
    @Flag(help: "One JSON object per line.") var json = false
    @OptionGroup var location: DefaultsDirectoryOption

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let store = try location.store(domain)
        let shared = if case .folder = store.storage { false } else { true }
        // A server out of reach, a refused login: said now, with exit 1.
        if shared { _ = try store.persistentValues() }
        let json = json
        let token = store.observe(keys: keys.isEmpty ? nil : Set(keys.map { PlistKey($0) })) {
          changes in
          var text = ""
          for change in changes {
            if json {
              text +=
                JSONValue.object([
                  ("key", .string(change.key.string)),
                  ("old", change.old.map(JSONValue.init) ?? .null),
                  ("new", change.new.map(JSONValue.init) ?? .null),
                ]).renderedCompact() + "\n"
            } else {
              let old = change.old.map { $0.scalarText.escapingControlCharacters } ?? "(none)"
              let new = change.new.map { $0.scalarText.escapingControlCharacters } ?? "(none)"
              text += "\(change.key.string.escapingControlCharacters): \(old) → \(new)\n"
            }
          }
          // Ends the process quietly once the reader has gone.
          var output = StandardOutput()
          output.write(text)
        }
        // The folder gone (removed, moved) or the server out of reach is said
        // on standard error; the watch resumes when it is back.
        let folder = store.directory.escapingControlCharacters
        let wasWaiting = Mutex(false)
        let stateToken = store.observeWatchState(scheduler: ImmediateScheduler()) { state in
          var errors = StandardError()
          switch state {
          case .waitingForFolder:
            wasWaiting.withLock { $0 = true }
            print(
              "prefs: the defaults folder \(folder) is gone (removed, moved or not made yet); waiting for it",
              to: &errors)
          case .reconnecting(let name, let reason):
            wasWaiting.withLock { $0 = true }
            print(
              "prefs: \(name.escapingControlCharacters) is out of reach (\(reason.escapingControlCharacters)); reconnecting",
              to: &errors)
          case .watching:
            guard wasWaiting.withLock({ $0 }) else { return }
            if shared {
              print(
                "prefs: \(store.path.escapingControlCharacters) is back; watching it again",
                to: &errors)
            } else {
              print(
                "prefs: the defaults folder \(folder) is back; watching it again", to: &errors)
            }
          case .failed(let name, let reason):
            print(
              CommandErrors.prefix
                + "\(name.escapingControlCharacters): the watch stopped: \(reason.escapingControlCharacters)",
              to: &errors)
            Foundation.exit(ExitStatus.failure)
          case .notWatching: break
          }
        }
        guard store.watchesOtherProcesses else {
          throw CommandFailure.failure(
            "cannot watch \(store.path): the system refused a file watch (on Linux, the limits "
              + "fs.inotify.max_user_instances and max_user_watches)")
        }
        withExtendedLifetime((store, token, stateToken)) {
          // Until interrupted: SIGINT and SIGTERM end the process.
          dispatchMain()
        }
      }
    }
  }

  struct Register: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "register",
      abstract: "Show the bundle's DefaultValues for keys not yet stored; --apply writes them.")
    @Argument(help: "The domain.") var domain: String
    @Option(help: "The Settings.bundle whose DefaultValues to register.") var bundle: String
    @Flag(help: "Write them into the domain file.") var apply = false
    @OptionGroup var reading: RootPageOption
    @OptionGroup var location: DefaultsDirectoryOption
    @OptionGroup var report: DoneReport

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors, writes: false) { errors in
        let defaults = try SettingsBundle.load(
          at: bundle, options: reading.options(forBundle: bundle, LoadOptions())
        ).defaultValues
        let store = try location.store(domain)
        let stored = try store.persistentValues()
        let missing = defaults.filter { stored[$0.key] == nil }
        if apply {
          let outcome = try store.update { values in
            for (key, value) in missing where values[key] == nil { values[key] = value }
          }
          report.say(
            outcome.changes.isEmpty
              ? "nothing to change: \(domain) holds every default already"
              : "registered \(DoneReport.count(outcome.changes.count, "value")) in \(domain)",
            to: &errors)
        }
        print(PlistValue.dictionary(missing).readText, to: &output)
        return ExitStatus.success
      }
    }
  }
}

extension Defaults {
  /// `prefs defaults sync DOMAIN --store URL`: the local domain file and the shared domain, in step.
  struct Sync: ParsableCommand, StreamingCommand {
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

    mutating func run() throws { try runOnStandardStreams() }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let environment = PrefsEnvironment.current()
        let options = StoreOptions(folder: directory, storeURL: storeURL)
        let shared: SharedStoreLocation
        do throws(StoreLocation.Failure) {
          shared = try StoreLocation.requiredServer(options, environment: environment)
        } catch {
          throw CommandFailure(error)
        }
        let sharedStore = try StoreLocation.server(shared).store(domain: domain)
        let localStore = try StoreLocation.folder(options, environment: environment)
          .store(domain: domain)
        _ = try sharedStore.persistentValues()
        let sync = DomainSync(local: localStore, shared: sharedStore) { event in
          var output = StandardOutput()
          output.write(Self.line(event) + "\n")
        }
        try sync.start()
        let stateToken = sharedStore.observeWatchState(scheduler: ImmediateScheduler()) { state in
          var errors = StandardError()
          switch state {
          case .reconnecting(let name, let reason):
            print(
              "prefs: \(name.escapingControlCharacters) is out of reach (\(reason.escapingControlCharacters)); reconnecting",
              to: &errors)
          case .failed(let name, let reason):
            print(
              CommandErrors.prefix
                + "\(name.escapingControlCharacters): the sync stopped: \(reason.escapingControlCharacters)",
              to: &errors)
            Foundation.exit(ExitStatus.failure)
          default: break
          }
        }
        withExtendedLifetime((sync, sharedStore, stateToken)) {
          // Until interrupted: SIGINT and SIGTERM end the process.
          dispatchMain()
        }
      }
    }
  }
}

extension Defaults.Sync {
  /// `→ key = value` (pushed), `← key = value` (pulled), as `watch` prints values.
  static func line(_ event: DomainSync.Event) -> String {
    func text(_ value: PlistValue?) -> String {
      value.map { $0.scalarText.escapingControlCharacters } ?? "(none)"
    }
    return switch event {
    case .pushed(let key, let value): "→ \(key.string.escapingControlCharacters) = \(text(value))"
    case .pulled(let key, let value): "← \(key.string.escapingControlCharacters) = \(text(value))"
    case .keptLocal(let key):
      "→ \(key.string.escapingControlCharacters) (a local edit newer than the store's change)"
    case .failed(let key, let error):
      "! \(key.string.escapingControlCharacters): \(error.description)"
    case .conflict(let key, let kept, let local):
      "≠ \(key.string.escapingControlCharacters) = \(text(kept)) (the store's, kept; a local save "
        + "from an older copy had \(text(local)); save it again to keep it)"
    }
  }
}

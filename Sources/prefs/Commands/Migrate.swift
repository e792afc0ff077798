import ArgumentParser
import BundleDiff
import DefaultsStore
import Foundation
import Plist
import SettingsSchema

extension Defaults {
  /// `prefs defaults migrate DOMAIN --from OLD --to NEW`: carries stored values over a bundle change.
  struct Migrate: ParsableCommand, StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "migrate",
      abstract: "Carry a domain's stored values over a change of the bundle, in one locked write.",
      discussion: """
        Moves the values of confirmed renames (--rename old=new, or diff: renames: in \
        .prefs.yml), converts values whose type changed when nothing is lost, resets values \
        no longer among Values or outside the new range to the new default, and drops values \
        of removed keys only with --drop-removed. Every change is printed. A value that \
        cannot be carried over without loss stops the migration (exit 1, the file unchanged) \
        unless --force, which resets it. OLD and NEW are folders or REV:PATH.
        """)

    @Argument(help: "The domain.") var domain: String
    @Option(help: "The bundle the values were stored with: a folder, or REV:PATH.")
    var from: String
    @Option(help: "The bundle they are migrated to: a folder, or REV:PATH.") var to: String
    @Option(parsing: .singleValue, help: "A confirmed rename, old=new (repeatable).")
    var rename: [String] = []
    @Flag(help: "Remove the values of keys the new bundle no longer has.") var dropRemoved = false
    @Flag(help: "Print what would change; write nothing.") var dryRun = false
    @Flag(help: "Reset what cannot be converted without loss instead of refusing.")
    var force = false
    @Option(help: "The configuration file (default: the nearest .prefs.yml above the new bundle).")
    var config: String?
    @OptionGroup var reading: RootPageOption
    @OptionGroup var location: DefaultsDirectoryOption

    mutating func run() throws { try runOnStandardStreams() }

    func renames(_ configured: [String: String]) throws -> [String: String] {
      try DiffInput.renames(rename, configured: configured)
    }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let fromSource = try DiffInput.materialize(from)
        defer { fromSource.revision?.remove() }
        let toSource = try DiffInput.materialize(to)
        defer { toSource.revision?.remove() }
        let configuration = try DiffInput.configuration(
          config, argument: to, revision: toSource.revision)
        // Both versions open at the page the app opens first, as prefs diff reads them.
        let root = reading.root.flatMap(PageName.init)?.name ?? configuration.rootPage
        let before = try DiffInput(
          from, source: fromSource, idioms: Idiom.allCases, root: root, tables: .none)
        let after = try DiffInput(
          to, source: toSource, idioms: Idiom.allCases, root: root, tables: .none)
        let renames = try renames(configuration.diffRenames)
        let store = try location.store(domain)
        // Renames prefs diff finds likely but nobody confirmed: their values stay orphans.
        let likely = Dictionary(
          BundleDiff.compare(old: before.snapshot, new: after.snapshot, renames: renames)
            .filter { $0.kind == .keyRenamed && !$0.renameConfirmed }
            .compactMap { change in change.old.flatMap { old in change.new.map { (old, $0) } } },
          uniquingKeysWith: { first, _ in first })
        return try Self.migrate(
          store: store, dryRun: dryRun, force: force, likelyRenames: likely, output: &output
        ) {
          MigrationPlan(
            old: before.snapshot, new: after.snapshot, stored: $0, renames: renames,
            dropRemoved: dropRemoved)
        }
      }
    }

    /// Plans against the stored values, prints the plan, and applies it in
    /// one locked write, planned again under the lock: when another writer
    /// changed the domain meanwhile and the plan differs, what was really
    /// applied is printed too. `beforeWriting` runs between the two (where a
    /// test changes the domain as another process would).
    static func migrate(
      store: DefaultsStore, dryRun: Bool, force: Bool, likelyRenames: [String: String] = [:],
      output: inout some TextOutputStream,
      beforeWriting: () throws -> Void = {},
      plan: ([PlistKey: PlistValue]) -> MigrationPlan
    ) throws -> Int32 {
      let planned = plan(try store.persistentValues())
      let verb = dryRun ? "would " : ""
      for line in describe(planned, verb: verb, force: force, likelyRenames: likelyRenames) {
        print(line, to: &output)
      }
      if !planned.refusals.isEmpty, !force {
        throw CommandFailure.failure(
          "\(planned.refusals.count) stored value(s) cannot be carried over without loss; nothing was written (--force resets them to the new default)"
        )
      }
      guard planned.changesValues(force: force) else {
        print("no stored value needs to change; nothing was written", to: &output)
        return ExitStatus.success
      }
      guard !dryRun else { return ExitStatus.success }
      try beforeWriting()
      var applied: MigrationPlan?
      try store.update { current in
        // Planned again under the lock: another writer may have changed the domain.
        let fresh = plan(current)
        guard fresh.refusals.isEmpty || force else { return }
        current = fresh.apply(to: current, force: force)
        applied = fresh
      }
      guard let applied else {
        throw CommandFailure.failure(
          "the domain changed while migrating and a value can no longer be carried over; nothing was written"
        )
      }
      if applied.steps != planned.steps || applied.refusals != planned.refusals {
        print("the domain changed while migrating; what was applied instead:", to: &output)
        let lines = describe(applied, verb: "", force: force, likelyRenames: likelyRenames)
        for line in lines.isEmpty ? ["nothing"] : lines { print(line, to: &output) }
      }
      return ExitStatus.success
    }

    /// A line for each step and refusal of a plan (what `force` does instead of a refusal).
    static func describe(
      _ plan: MigrationPlan, verb: String, force: Bool, likelyRenames: [String: String] = [:]
    ) -> [String] {
      plan.steps.map { describe($0, verb: verb, likelyRenames: likelyRenames) }
        + plan.refusals.map { refusal in
          force
            ? describe(refusal.forced, verb: verb) + " (forced: \(refusal.reason))"
            : "refused \(quoted(refusal.key)): \(refusal.reason)".escapingControlCharacters
        }
    }

    static func quoted(_ key: String) -> String { "\"\(key)\"" }

    static func describe(
      _ step: MigrationPlan.Step, verb: String, likelyRenames: [String: String] = [:]
    ) -> String {
      /// What prefs diff found of a key the bundle no longer has, and how to confirm it.
      func rename(of key: String) -> String {
        guard let target = likelyRenames[key] else { return "" }
        return
          "; prefs diff finds it likely renamed \(quoted(target)): --rename \(DiffInput.shellWord(key))=\(DiffInput.shellWord(target)) moves its value"
      }
      let text: String
      switch step {
      case .move(let from, let to, let value):
        text = "\(verb)move \(quoted(from)) to \(quoted(to)): \(SpecifierValue.text(of: value))"
      case .convert(let key, let from, let to, let reason):
        text =
          "\(verb)convert \(quoted(key)): \(SpecifierValue.text(of: from)) → \(SpecifierValue.text(of: to)) (\(reason))"
      case .reset(let key, let from, let to, let reason):
        let fresh =
          to.map { "the new default \(SpecifierValue.text(of: $0))" } ?? "nothing (no default)"
        text =
          "\(verb)reset \(quoted(key)): \(SpecifierValue.text(of: from)) → \(fresh) (\(reason))"
      case .drop(let key, let value):
        text =
          "\(verb)drop \(quoted(key)): \(SpecifierValue.text(of: value)) (the bundle no longer has it\(rename(of: key)))"
      case .keepOrphan(let key):
        text =
          "keep \(quoted(key)): the bundle no longer has it\(rename(of: key)) (--drop-removed removes it)"
      }
      return text.escapingControlCharacters
    }
  }
}

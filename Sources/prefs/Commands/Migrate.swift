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
    @OptionGroup var location: DefaultsDirectoryOption

    mutating func run() throws { try runOnStandardStreams() }

    func renames(_ configured: [String: String]) throws -> [String: String] {
      var result = configured
      for pair in rename {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
          throw CommandFailure.usage("--rename takes old=new, not \"\(pair)\"")
        }
        result[parts[0]] = parts[1]
      }
      return result
    }

    func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
    {
      CommandErrors.run(errors: &errors) { errors in
        let before = try DiffInput(from, idioms: Idiom.allCases)
        defer { before.remove() }
        let after = try DiffInput(to, idioms: Idiom.allCases)
        defer { after.remove() }
        let renames = try renames(try DiffInput.configuration(config, near: after).diffRenames)
        let store = try location.store(domain)
        func plan(_ stored: [PlistKey: PlistValue]) -> MigrationPlan {
          MigrationPlan(
            old: before.snapshot, new: after.snapshot, stored: stored, renames: renames,
            dropRemoved: dropRemoved)
        }
        let planned = plan(try store.persistentValues())
        let verb = dryRun ? "would " : ""
        for step in planned.steps { print(Self.describe(step, verb: verb), to: &output) }
        for refusal in planned.refusals {
          print(
            "\(force ? verb + "reset" : "refused") \(Self.quoted(refusal.key)): \(refusal.reason)"
              .escapingControlCharacters, to: &output)
        }
        if !planned.refusals.isEmpty, !force {
          throw CommandFailure.failure(
            "\(planned.refusals.count) stored value(s) cannot be carried over without loss; nothing was written (--force resets them to the new default)"
          )
        }
        let changing = planned.steps.contains {
          if case .keepOrphan = $0 { false } else { true }
        }
        guard !dryRun, changing || !planned.refusals.isEmpty else { return ExitStatus.success }
        var changedMeanwhile = false
        try store.update { current in
          // Planned again under the lock: another writer may have changed the domain.
          let fresh = plan(current)
          guard fresh.refusals.isEmpty || force else {
            changedMeanwhile = true
            return
          }
          current = fresh.apply(to: current, force: force)
        }
        if changedMeanwhile {
          throw CommandFailure.failure(
            "the domain changed while migrating and a value can no longer be carried over; nothing was written"
          )
        }
        return ExitStatus.success
      }
    }

    static func quoted(_ key: String) -> String { "\"\(key)\"" }

    static func describe(_ step: MigrationPlan.Step, verb: String) -> String {
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
          "\(verb)drop \(quoted(key)): \(SpecifierValue.text(of: value)) (the bundle no longer has it)"
      case .keepOrphan(let key):
        text = "keep \(quoted(key)): the bundle no longer has it (--drop-removed removes it)"
      }
      return text.escapingControlCharacters
    }
  }
}

import ArgumentParser
import BundleDiff
import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsSchema

extension Defaults {
  /// `prefs defaults migrate DOMAIN --from OLD --to NEW`: carries stored values over a bundle change.
  struct Migrate: StreamingCommand {
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

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let options = MigrateOptions(
          renames: try RenameArguments.pairs(rename), dropRemoved: dropRemoved, dryRun: dryRun,
          force: force)
        let bundles = MigrationBundles(
          old: from, new: to, configurationFile: config, rootPage: reading.root)
        let defaults = try location.frontEnd(environment)
        let outcome: MigrationOutcome
        do throws(MigrateFailure) {
          outcome = try MigrateFrontEnd.migrate(
            domain: domain, bundles: bundles, options: options, defaults: defaults)
        } catch .versions(let error) {
          throw Diff.reported(error, to: &errors)
        } catch .defaults(let failure) {
          throw failure
        }
        return try Self.report(outcome, options: options, output: &output)
      }
    }

    /// Prints the plan, then what became of it: what was really applied
    /// when another writer changed the domain meanwhile and the plan differs.
    static func report(
      _ outcome: MigrationOutcome, options: MigrateOptions, output: inout some TextOutputStream
    ) throws -> Int32 {
      let planned = outcome.planned
      let likely = outcome.likelyRenames
      let verb = options.dryRun ? "would " : ""
      for line in describe(planned, verb: verb, force: options.force, likelyRenames: likely) {
        print(line, to: &output)
      }
      switch outcome.result {
      case .refused:
        throw CommandFailure.failure(
          "\(planned.refusals.count) stored value(s) cannot be carried over without loss; nothing was written (--force resets them to the new default)"
        )
      case .nothingToChange:
        print("no stored value needs to change; nothing was written", to: &output)
      case .dryRun: break
      case .failed(let error): throw error
      case .noLongerPossible:
        throw CommandFailure.failure(
          "the domain changed while migrating and a value can no longer be carried over; nothing was written"
        )
      case .applied(let applied):
        if applied.steps != planned.steps || applied.refusals != planned.refusals {
          print("the domain changed while migrating; what was applied instead:", to: &output)
          let lines = describe(applied, verb: "", force: options.force, likelyRenames: likely)
          for line in lines.isEmpty ? ["nothing"] : lines { print(line, to: &output) }
        }
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
          "; prefs diff finds it likely renamed \(quoted(target)): --rename \(RenameArguments.shellWord(key))=\(RenameArguments.shellWord(target)) moves its value"
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

import ArgumentParser
import Plist
import PrefsKit
import SettingsLint

/// `prefs rules [--format json]` and `prefs rules explain ID`.
struct Rules: StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "List the lint rules: id, default severity, summary.",
    subcommands: [Explain.self]
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Option(help: "Output format: text or json.")
  var format: Format = .text

  func execute(
    environment _: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    switch format {
    case .json: print(RuleDocumentation.json(of: RuleRegistry.all).rendered(), to: &output)
    case .text: print(RuleDocumentation.listing(of: RuleRegistry.all), terminator: "", to: &output)
    }
    return ExitStatus.success
  }

  /// `prefs rules explain ID`: the rule's rationale and examples.
  struct Explain: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "explain",
      abstract: "Explain a rule: why it matters, a bundle it reports and one it accepts.")

    @Argument(help: "The rule id, as prefs rules lists it.")
    var id: String

    func execute(
      environment _: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      guard let rule = RuleRegistry.rule(id) else {
        var message = "unknown rule \"\(id)\""
        if let suggestion = RuleRegistry.closestID(to: id) {
          message += "; did you mean \(suggestion)?"
        }
        return CommandErrors.report(CommandFailure.usage(message), to: &errors)
      }
      print(RuleDocumentation.text(of: rule), terminator: "", to: &output)
      return ExitStatus.success
    }
  }
}

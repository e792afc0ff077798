import ArgumentParser
import Plist

/// What to say when a command line names no subcommand where one belongs:
/// `prefs lnt` (did you mean `prefs lint`?), `strings stauts`, `defaults
/// wirte`, and `prefs generate BUNDLE`, which needs what to generate first.
/// Asked only once the parse failed, so a line that parses is never second-guessed.
///
/// ```swift
/// SubcommandSuggestion.message(for: ["lnt", "App/Settings.bundle"])
/// // "unknown subcommand 'lnt'; did you mean 'prefs lint'?"
/// ```
enum SubcommandSuggestion {
  static func message(
    for arguments: [String], root: any ParsableCommand.Type = Prefs.self
  ) -> String? {
    var command = root
    var typed = name(of: root)
    for (position, argument) in arguments.enumerated() {
      let subcommands = command.configuration.subcommands
      // Options, and the words of a command without subcommands, are the parser's to judge.
      guard !argument.hasPrefix("-"), !subcommands.isEmpty, argument != "help" else {
        return nil
      }
      if let next = subcommands.first(where: { name(of: $0) == argument }) {
        command = next
        typed += " " + argument
        continue
      }
      let names = subcommands.map(name(of:))
      if let close = Suggestion.closest(to: argument, among: names) {
        return "unknown subcommand '\(argument)' of \(typed); did you mean '\(typed) \(close)'?"
      }
      // A word for the default subcommand (a bundle) is that one's to judge.
      guard command.configuration.defaultSubcommand == nil else { return nil }
      if names.count == 1 {
        let rest = arguments[position...].joined(separator: " ")
        return "\(typed) needs what to make first: \(typed) \(names[0]) \(rest)"
      }
      return "unknown subcommand '\(argument)' of \(typed); it has \(names.joined(separator: ", "))"
    }
    return nil
  }

  static func name(of command: any ParsableCommand.Type) -> String {
    command.configuration.commandName ?? command._commandName
  }
}

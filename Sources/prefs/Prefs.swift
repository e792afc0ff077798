import ArgumentParser
import Foundation
import Platform
import PrefsKit
import SharedDefaults

/// The `prefs` command: wiring only. Each subcommand lives in `Commands/`.
@main
struct Prefs: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prefs",
    abstract: "iOS Settings bundles on the command line: read, check, edit and localize them.",
    version: PrefsVersion.current,
    subcommands: [
      Dump.self, Lint.self, Rules.self, Defaults.self, Edit.self, Render.self, Strings.self,
      Generate.self, Diff.self, BundleCommand.self,
    ]
  )

  /// Runs a command line and returns the exit code, writing to the given streams.
  /// Usage errors exit with 2 (swift-argument-parser's own code is 64).
  static func run(
    arguments: [String], output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let environment = PrefsEnvironment.current()
    // Any message may quote an argument, and a store URL may stand where a
    // path or a domain belongs: no password of one reaches either stream.
    let redaction = StoreURLRedaction(
      arguments: arguments + [environment.variables["PREFS_STORE"] ?? ""])
    var redactedOutput = RedactingStream(base: output, redaction: redaction)
    var redactedErrors = RedactingStream(base: errors, redaction: redaction)
    defer {
      output = redactedOutput.base
      errors = redactedErrors.base
    }
    return run(
      arguments: arguments, environment: environment, redaction: redaction,
      output: &redactedOutput, errors: &redactedErrors)
  }

  private static func run(
    arguments: [String], environment: PrefsEnvironment, redaction: StoreURLRedaction,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    do {
      var command = try parseAsRoot(arguments)
      if let command = command as? StreamingCommand {
        return command.execute(environment: environment, output: &output, errors: &errors)
      }
      try command.run()
      return 0
    } catch {
      // A word where a subcommand belongs: say which one was meant.
      if let suggestion = SubcommandSuggestion.message(for: arguments) {
        return CommandErrors.report(CommandFailure.usage(redaction.apply(suggestion)), to: &errors)
      }
      let code = exitCode(for: error)
      // A parse error quotes the argument it did not expect, a store URL's password included.
      let message = redaction.apply(fullMessage(for: error))
      if code == .success {
        if !message.isEmpty { print(message, to: &output) }
        return 0
      }
      if !message.isEmpty { print(message, to: &errors) }
      return code == .validationFailure ? ExitStatus.usage : code.rawValue
    }
  }

  static func main() {
    // `prefs --version` alone needs no parser: swift-argument-parser's first parse
    // builds every argument set of the command tree and looks up protocol
    // conformances across the whole binary, about 70% of this command's
    // instructions (Documentation/performance.md). What it prints is the same.
    if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "--version" {
      print(PrefsVersion.current)
      Foundation.exit(ExitStatus.success)
    }
    TerminationSignals.unblock()
    var output = StandardOutput()
    var errors = StandardError()
    if let invalid = RawArguments.firstInvalid(RawArguments.current()) {
      Foundation.exit(CommandErrors.report(CommandFailure.usage(invalid.description), to: &errors))
    }
    let code = run(
      arguments: Array(CommandLine.arguments.dropFirst()), output: &output, errors: &errors)
    Foundation.exit(code)
  }
}

/// A command that writes to the streams it is given and returns its exit
/// code, so `Prefs.run` can keep store passwords out of both streams; its
/// `run()` runs it on the process's own streams and environment.
protocol StreamingCommand: ParsableCommand {
  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32
}

extension StreamingCommand {
  mutating func run() throws {
    var output = StandardOutput()
    var errors = StandardError()
    let code = execute(environment: .current(), output: &output, errors: &errors)
    if code != 0 { throw ExitCode(code) }
  }
}

/// The exit codes prefs documents (Documentation/, each command family).
enum ExitStatus {
  static let success: Int32 = 0
  /// Findings that fail, or a file that could not be read.
  static let failure: Int32 = 1
  /// A usage error, or a path that is missing or not a bundle.
  static let usage: Int32 = 2
}

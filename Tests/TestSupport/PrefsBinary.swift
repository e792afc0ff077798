import Foundation

/// The built `prefs` binary, run as a user runs it: the tests of the
/// command line's words, exit codes and output drive it instead of calling
/// into the executable's module, so that it keeps no API for them.
public enum PrefsBinary {
  /// Where `swift build` put it: beside the test bundle.
  public static var url: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("prefs")
  }

  /// What a run printed and its exit status.
  public struct Run: Sendable {
    public var code: Int32
    public var output: String
    public var errors: String

    public init(code: Int32, output: String, errors: String) {
      self.code = code
      self.output = output
      self.errors = errors
    }
  }

  /// Runs prefs with `arguments` in `directory` (relative paths are taken
  /// from there; the test's own working directory never changes), with the
  /// test's environment variables or `variables` instead, and nothing on
  /// standard input. A binary that cannot be started is a run that failed
  /// with -1, saying why.
  public static func run(
    _ arguments: [String], in directory: URL = Paths.repository,
    variables: [String: String]? = nil
  ) -> Run {
    do {
      let result = try ChildProcess.run(
        url, arguments, environment: variables, in: directory, input: FileHandle.nullDevice)
      return Run(code: result.status, output: result.output, errors: result.errors)
    } catch {
      return Run(code: -1, output: "", errors: "\(url.path): \(error)")
    }
  }
}

import ArgumentParser

/// `--quiet` and the one line a command that changes files prints on success
/// (`wrote 27 units to de.xliff`, `nothing to change`): a command that writes
/// says what it did, so that a silent success is never mistaken for a no-op.
/// The line about a file written with `-o` goes to standard error, so that
/// `-o /dev/stdout` carries the file alone.
struct DoneReport: ParsableArguments {
  @Flag(name: .long, help: "Print nothing on success.") var quiet = false

  /// Prints `line` unless `--quiet`, with control characters escaped.
  func say(_ line: String, to output: inout some TextOutputStream) {
    guard !quiet else { return }
    print(line.escapingControlCharacters, to: &output)
  }

  /// "1 value", "3 values".
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}

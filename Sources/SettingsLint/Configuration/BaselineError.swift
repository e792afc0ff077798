import Plist

/// A baseline file that cannot be used, with the place in the file when the
/// JSON is broken.
///
/// ```swift
/// do { _ = try LintBaseline.load(file: "prefs-baseline.json") } catch { print(error) }
/// // prefs-baseline.json:3:1: error: not a prefs baseline (not valid JSON)
/// ```
public struct BaselineError: Error, Sendable, CustomStringConvertible {
  public var file: String
  public var location: TextLocation?
  public var message: String

  init(file: String, location: TextLocation? = nil, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  public var description: String {
    let place = location.map { ":\($0.line):\($0.column)" } ?? ""
    return "\(file)\(place): error: \(message)"
  }
}

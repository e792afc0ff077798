import Foundation
import Plist

extension PlistNode {
  /// A one-line rendering for terminals: strings quoted and escaped, dates
  /// in ISO 8601, data in hex, containers in OpenStep style.
  var displayText: String {
    switch content {
    case .string(let value):
      return "\"" + value.escapingControlCharacters.replacingOccurrences(of: "\"", with: "\\\"")
        + "\""
    case .integer(let value): return String(value)
    case .real(let value): return String(value)
    case .bool(let value): return value ? "true" : "false"
    case .date(let value): return ProlepticGregorian.iso8601(value)
    case .data(let value): return "<" + value.map { String(format: "%02x", $0) }.joined() + ">"
    case .array(let items): return "(" + items.map(\.displayText).joined(separator: ", ") + ")"
    case .dictionary(let entries):
      return "{"
        + entries.map { "\($0.key.escapingControlCharacters) = \($0.value.displayText);" }.joined(
          separator: " ") + "}"
    }
  }
}

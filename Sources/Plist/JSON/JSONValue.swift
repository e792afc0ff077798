import Foundation

/// A JSON document with its object keys in the order they were given, so
/// output is stable and reads in a sensible order.
///
/// ```swift
/// JSONValue.object([("key", .string("celsiusPref")), ("on", .bool(true))]).rendered()
/// ```
public indirect enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
  public static func optional(_ number: Int?) -> JSONValue {
    number.map { .integer(Int64($0)) } ?? .null
  }

  /// A plist value as JSON: dates as ISO 8601 text, data as base64 text;
  /// dictionary keys in file order (the last of a repeated key wins).
  public init(_ node: PlistNode) {
    switch node.content {
    case .array(let items): self = .array(items.map(JSONValue.init))
    case .dictionary(let entries):
      var seen = Set<PlistKey>()
      let unique = entries.reversed().filter { seen.insert(PlistKey($0.key)).inserted }.reversed()
      self = .object(unique.map { ($0.key, JSONValue($0.value)) })
    default:
      self.init(node.value)
    }
  }

  /// A stored value as JSON: dates as ISO 8601 text, data as base64 text,
  /// dictionary keys sorted.
  public init(_ value: PlistValue) {
    switch value {
    case .string(let text): self = .string(text)
    case .integer(let number): self = .integer(number)
    case .real(let number): self = number.isFinite ? .number(number) : .string(String(number))
    case .bool(let flag): self = .bool(flag)
    case .date(let date): self = .string(ProlepticGregorian.iso8601(date))
    case .data(let data): self = .string(data.base64EncodedString())
    case .array(let items): self = .array(items.map(JSONValue.init))
    case .dictionary(let entries):
      self = .object(
        entries.sorted { $0.key < $1.key }.map { ($0.key.string, JSONValue($0.value)) })
    }
  }

  /// The document on one line, for formats with one object per line.
  public func renderedCompact() -> String {
    var output = ""
    writeCompact(to: &output)
    return output
  }

  private func writeCompact(to output: inout String) {
    switch self {
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += "," }
        item.writeCompact(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        Self.quote(key, into: &output)
        output += ":"
        value.writeCompact(to: &output)
      }
      output += "}"
    default:
      write(to: &output, indent: 0)
    }
  }

  /// The document as text, indented by two spaces.
  public func rendered() -> String {
    var output = ""
    write(to: &output, indent: 0)
    return output
  }

  /// Appends to one buffer, so nesting costs nothing extra.
  private func write(to output: inout String, indent: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value):
      output +=
        value == value.rounded() && abs(value) < 1e15 ? String(format: "%.1f", value) : "\(value)"
    case .string(let value): Self.quote(value, into: &output)
    case .array(let items):
      guard !items.isEmpty else {
        output += "[]"
        return
      }
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += String(repeating: "  ", count: indent + 1)
        item.write(to: &output, indent: indent + 1)
        output += index + 1 < items.count ? ",\n" : "\n"
      }
      output += String(repeating: "  ", count: indent) + "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{\n"
      for (index, (key, value)) in members.enumerated() {
        output += String(repeating: "  ", count: indent + 1)
        Self.quote(key, into: &output)
        output += ": "
        value.write(to: &output, indent: indent + 1)
        output += index + 1 < members.count ? ",\n" : "\n"
      }
      output += String(repeating: "  ", count: indent) + "}"
    }
  }

  public static func quote(_ text: String) -> String {
    var output = ""
    quote(text, into: &output)
    return output
  }

  public static func quote(_ text: String, into result: inout String) {
    // Valid JSON either way; escaped, it can never drive the terminal it is shown on.
    QuotedLiteral.quote(text, into: &result, escaping: \.needsEscapingForTerminal) {
      String(format: "\\u%04X", $0.value)
    }
  }
}

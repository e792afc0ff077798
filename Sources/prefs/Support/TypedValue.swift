import ArgumentParser
import Foundation
import Plist

/// The type flags of `prefs defaults write`, as macOS `defaults` spells them.
enum ValueTypeFlag: String, EnumerableFlag, CaseIterable {
  case bool, int, float, string, date, data, array, dict

  static func name(for value: ValueTypeFlag) -> NameSpecification {
    [.customLong(value.rawValue, withSingleDash: true), .customLong(value.rawValue)]
  }

  static func help(for value: ValueTypeFlag) -> ArgumentHelp? {
    switch value {
    case .bool: "The value is a boolean: true/false, yes/no, 1/0."
    case .int: "The value is an integer."
    case .float: "The value is a real number."
    case .string: "The value is a string."
    case .date: "The value is a date: 2026-11-22T10:00:00Z (ISO 8601), or a day 2026-11-22."
    case .data: "The value is data, written in hex: 0fbd77."
    case .array: "The values are the strings of an array."
    case .dict: "The values are keys and strings, alternately, of a dictionary."
    }
  }
}

/// Text typed on the command line turned into a property-list value.
enum TypedValue {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func parse(_ texts: [String], as type: ValueTypeFlag) throws(Failure) -> PlistValue {
    switch type {
    case .array:
      return .array(texts.map(PlistValue.string))
    case .dict:
      guard texts.count % 2 == 0 else {
        throw Failure(
          description: "-dict takes keys and values in pairs; \(texts.count) were given")
      }
      var result: [PlistKey: PlistValue] = [:]
      for index in stride(from: 0, to: texts.count, by: 2) {
        result[PlistKey(texts[index])] = .string(texts[index + 1])
      }
      return .dictionary(result)
    default:
      guard texts.count == 1 else {
        throw Failure(description: "-\(type.rawValue) takes one value; \(texts.count) were given")
      }
      return try scalar(texts[0], as: type)
    }
  }

  static func scalar(_ text: String, as type: ValueTypeFlag) throws(Failure) -> PlistValue {
    let shown = "\"\(text.escapingControlCharacters)\""
    switch type {
    case .bool:
      switch text.lowercased() {
      case "true", "yes", "1", "on": return .bool(true)
      case "false", "no", "0", "off": return .bool(false)
      default: throw Failure(description: "\(shown) is not a boolean (true/false, yes/no, 1/0)")
      }
    case .int:
      guard let number = Int64(text.trimmingCharacters(in: .whitespaces)) else {
        throw Failure(description: "\(shown) is not an integer (or does not fit in 64 bits)")
      }
      return .integer(number)
    case .float:
      guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
        throw Failure(description: "\(shown) is not a finite real number")
      }
      return .real(number)
    case .string:
      return .string(text)
    case .date:
      switch CalendarDate.parse(text) {
      case .success(let date): return .date(date)
      case .failure(let problem):
        throw Failure(
          description:
            "\(shown) is not a date (\(problem)); write 2026-11-22T10:00:00Z or 2026-11-22")
      }
    case .data:
      // ASCII hex only: `Character.isHexDigit` also holds for fullwidth digits (００).
      let digits = text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Self.hexValue)
      let nibbles = digits.compactMap { $0 }
      guard nibbles.count == digits.count, nibbles.count % 2 == 0 else {
        throw Failure(description: "\(shown) is not hex data (pairs of 0-9, a-f)")
      }
      let bytes = stride(from: 0, to: nibbles.count, by: 2).map {
        nibbles[$0] << 4 | nibbles[$0 + 1]
      }
      return .data(Data(bytes))
    case .array, .dict:
      return try parse([text], as: type)
    }
  }

  private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
    switch scalar {
    case "0"..."9": UInt8(scalar.value - 0x30)
    case "a"..."f": UInt8(scalar.value - 0x61 + 10)
    case "A"..."F": UInt8(scalar.value - 0x41 + 10)
    default: nil
    }
  }
}

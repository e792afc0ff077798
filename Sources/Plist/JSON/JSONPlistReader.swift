import Foundation

/// JSON (RFC 8259, strictly: no comments, no trailing commas, no duplicate
/// keys, no lone surrogates, integers within 64 bits) read as property-list
/// values: an object is a dictionary, an integer an integer, a number with a
/// fraction or an exponent a real; `null`, which a property list has no form
/// for, is refused. A failure names the line and column. A caller that gives
/// some objects a meaning of their own (`{"$date": …}`) reads them with an
/// ``ObjectReading``.
///
/// ```swift
/// try JSONPlistReader.read(Array(#"{"n": 1.0, "on": true}"#.utf8))
/// // .dictionary(["n": .real(1), "on": .bool(true)])
/// ```
public enum JSONPlistReader {
  /// Why the bytes are not such JSON, and where.
  public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based; the column counts characters (UTF-8 sequences), not bytes.
    public var location: TextLocation
    public var message: String

    public init(line: Int, column: Int, message: String) {
      (self.location, self.message) = (TextLocation(line: line, column: column), message)
    }

    public var line: Int { location.line }
    public var column: Int { location.column }

    public var description: String { "line \(line), column \(column): \(message)" }
  }

  /// Why an object cannot stand for the value its reader gives it; the
  /// reader places the message at the object's `{`.
  public struct ObjectRefusal: Error, Sendable, Hashable {
    public var message: String
    public init(message: String) { self.message = message }
  }

  /// What an object read whole stands for: a dictionary, unless the caller
  /// maps some objects to other values.
  public protocol ObjectReading {
    func value(of entries: [PlistKey: PlistValue]) -> Result<PlistValue, ObjectRefusal>
  }

  /// Every object is a dictionary.
  public struct Dictionaries: ObjectReading {
    public init() {}
    public func value(of entries: [PlistKey: PlistValue]) -> Result<PlistValue, ObjectRefusal> {
      .success(.dictionary(entries))
    }
  }

  /// The value the JSON document holds, nested no deeper than the standard
  /// read limits allow.
  public static func read(_ bytes: [UInt8], objects: some ObjectReading = Dictionaries())
    throws(Failure) -> PlistValue
  {
    var parser = Parser(bytes: bytes, objects: objects)
    return try parser.document()
  }

  /// Whether the bytes look like JSON rather than a plist: an object after
  /// white space and a byte order mark (an OpenStep plist starts alike, so the
  /// caller tries JSON first and falls back on a failure).
  public static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
    var rest = bytes[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    return rest.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
  }

  /// Whether the bytes can only be JSON: `{`, then a quoted key and `:`
  /// (an OpenStep plist has `=` there). Such input gets the JSON reader's
  /// message when it fails, not the plist reader's.
  ///
  /// ```swift
  /// JSONPlistReader.isSurelyJSON(Array(#"{"a": null}"#.utf8))  // true
  /// JSONPlistReader.isSurelyJSON(Array(#"{"a" = 1;}"#.utf8))   // false
  /// ```
  public static func isSurelyJSON(_ bytes: [UInt8]) -> Bool {
    let space: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
    var rest = bytes[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    rest = rest.drop { space.contains($0) }
    guard rest.first == UInt8(ascii: "{") else { return false }
    rest = rest.dropFirst().drop { space.contains($0) }
    guard rest.first == UInt8(ascii: "\"") else { return false }
    rest = rest.dropFirst()
    var escaped = false
    while let byte = rest.first {
      rest = rest.dropFirst()
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        return rest.drop { space.contains($0) }.first == UInt8(ascii: ":")
      }
    }
    return false
  }

  /// RFC 8259, strictly: no comments, no trailing commas, no duplicate keys,
  /// no lone surrogates, integers within 64 bits.
  private struct Parser<Objects: ObjectReading> {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    let objects: Objects

    init(bytes: [UInt8], objects: Objects) {
      self.bytes = bytes
      self.objects = objects
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func failure(_ message: String) -> Failure {
      var line = 1
      var column = 1
      for byte in bytes[..<min(index, bytes.count)] {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return Failure(line: line, column: column, message: message)
    }

    mutating func document() throws(Failure) -> PlistValue {
      let value = try self.value()
      skipSpace()
      guard index == bytes.count else { throw failure("more text after the JSON value") }
      return value
    }

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func expect(_ word: String) throws(Failure) {
      let expected = Array(word.utf8)
      guard bytes[index...].starts(with: expected) else {
        throw failure("expected \(word)")
      }
      index += expected.count
    }

    mutating func value() throws(Failure) -> PlistValue {
      skipSpace()
      guard index < bytes.count else { throw failure("the JSON ends where a value belongs") }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try object()
      case UInt8(ascii: "["): return try array()
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"):
        try expect("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try expect("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        throw failure("null has no property-list form; leave the key out instead")
      default: return try number()
      }
    }

    mutating func nested<T>(_ body: (inout Parser) throws(Failure) -> T) throws(Failure) -> T {
      depth += 1
      defer { depth -= 1 }
      guard depth <= ReadLimits.standard.maximumDepth else {
        throw failure("nested deeper than \(ReadLimits.standard.maximumDepth) levels")
      }
      return try body(&self)
    }

    mutating func array() throws(Failure) -> PlistValue {
      try nested { (parser: inout Parser) throws(Failure) -> PlistValue in
        parser.index += 1
        var items: [PlistValue] = []
        parser.skipSpace()
        if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "]") {
          parser.index += 1
          return .array(items)
        }
        while true {
          items.append(try parser.value())
          parser.skipSpace()
          guard parser.index < parser.bytes.count else { throw parser.failure("unclosed array") }
          let byte = parser.bytes[parser.index]
          parser.index += 1
          if byte == UInt8(ascii: "]") { return .array(items) }
          guard byte == UInt8(ascii: ",") else {
            parser.index -= 1
            throw parser.failure("expected , or ] in an array")
          }
        }
      }
    }

    mutating func object() throws(Failure) -> PlistValue {
      try nested { (parser: inout Parser) throws(Failure) -> PlistValue in
        let start = parser.index
        parser.index += 1
        var entries: [PlistKey: PlistValue] = [:]
        parser.skipSpace()
        if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "}") {
          parser.index += 1
          return .dictionary(entries)
        }
        while true {
          parser.skipSpace()
          guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"")
          else { throw parser.failure("expected a key in quotes") }
          let keyStart = parser.index
          let key = PlistKey(try parser.string())
          parser.skipSpace()
          guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":")
          else { throw parser.failure("expected : after a key") }
          parser.index += 1
          let value = try parser.value()
          guard entries[key] == nil else {
            parser.index = keyStart
            throw parser.failure(
              "the key \"\(key.string.escapingControlCharacters)\" is given twice")
          }
          entries[key] = value
          parser.skipSpace()
          guard parser.index < parser.bytes.count else { throw parser.failure("unclosed object") }
          let byte = parser.bytes[parser.index]
          parser.index += 1
          if byte == UInt8(ascii: "}") { break }
          guard byte == UInt8(ascii: ",") else {
            parser.index -= 1
            throw parser.failure("expected , or } in an object")
          }
        }
        switch parser.objects.value(of: entries) {
        case .success(let value): return value
        case .failure(let refusal):
          // A refusal points at the object's brace.
          parser.index = start
          throw parser.failure(refusal.message)
        }
      }
    }

    mutating func string() throws(Failure) -> String {
      index += 1
      var scalars = String.UnicodeScalarView()
      var run = index
      func flush(_ parser: Parser, upTo end: Int) throws(Failure) {
        guard run < end else { return }
        guard let text = String(validating: parser.bytes[run..<end], as: UTF8.self) else {
          throw parser.failure("a string that is not UTF-8")
        }
        scalars.append(contentsOf: text.unicodeScalars)
      }
      while true {
        guard index < bytes.count else { throw failure("unclosed string") }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          try flush(self, upTo: index)
          index += 1
          return String(scalars)
        }
        guard byte >= 0x20 else { throw failure("a control character inside a string") }
        guard byte == UInt8(ascii: "\\") else {
          index += 1
          continue
        }
        try flush(self, upTo: index)
        index += 1
        guard index < bytes.count else { throw failure("unclosed string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var unit = try hex4()
          if (0xD800..<0xDC00).contains(unit) {
            guard bytes[index...].starts(with: Array("\\u".utf8)) else {
              throw failure("a lone surrogate \\u\(String(unit, radix: 16, uppercase: true))")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
              throw failure("a lone surrogate \\u\(String(unit, radix: 16, uppercase: true))")
            }
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(unit) else {
            throw failure("a lone surrogate \\u\(String(unit, radix: 16, uppercase: true))")
          }
          scalars.append(scalar)
        default:
          index -= 1
          throw failure("an unknown escape")
        }
        run = index
      }
    }

    mutating func hex4() throws(Failure) -> UInt32 {
      guard index + 4 <= bytes.count,
        let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
        bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
      else { throw failure("\\u takes four hex digits") }
      index += 4
      return unit
    }

    mutating func number() throws(Failure) -> PlistValue {
      let start = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      func digits(_ parser: inout Parser) -> Int {
        let from = parser.index
        while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index])
        {
          parser.index += 1
        }
        return parser.index - from
      }
      let integerDigits = digits(&self)
      guard integerDigits > 0 else {
        index = start
        throw failure("expected a value")
      }
      if integerDigits > 1, bytes[index - integerDigits] == UInt8(ascii: "0") {
        index = start
        throw failure("a number with a leading zero")
      }
      var isReal = false
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        isReal = true
        guard digits(&self) > 0 else { throw failure("expected digits after .") }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
      {
        index += 1
        isReal = true
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
          index += 1
        }
        guard digits(&self) > 0 else { throw failure("expected digits in the exponent") }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      if isReal {
        guard let real = Double(text), real.isFinite else {
          index = start
          throw failure("\(text) is out of a real's range")
        }
        return .real(real)
      }
      guard let integer = Int64(text) else {
        index = start
        throw failure("\(text) does not fit in 64 bits; write it with a fraction to store a real")
      }
      return .integer(integer)
    }
  }
}

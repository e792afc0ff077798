import Foundation

/// The command line as the kernel handed it over, checked before the
/// argument parser sees it: Swift's `CommandLine.arguments` decodes each
/// argument with repair, so a byte that is not UTF-8 would become U+FFFD and
/// be stored, or name a file that is not there, as if it had been typed.
///
/// ```swift
/// RawArguments.firstInvalid([Array("write".utf8), [0x66, 0xFF]])
/// // Invalid(position: 2, offset: 1, byte: 0xFF)
/// ```
enum RawArguments {
  struct Invalid: Equatable, CustomStringConvertible {
    /// 1 for the first argument after the program's name.
    var position: Int
    /// The first byte that is not UTF-8, counted from 0.
    var offset: Int
    var byte: UInt8

    var description: String {
      let hex = String(byte, radix: 16, uppercase: true)
      return
        "argument \(position) is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset)); give text in UTF-8"
    }
  }

  /// The first argument (after the program's name) that is not UTF-8.
  static func firstInvalid(_ arguments: [[UInt8]]) -> Invalid? {
    for (index, bytes) in arguments.enumerated() {
      if let offset = invalidOffset(bytes) {
        return Invalid(position: index + 1, offset: offset, byte: bytes[offset])
      }
    }
    return nil
  }

  /// The arguments of this process as bytes, without the program's name.
  static func current() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
        UInt8(bitPattern: $0)
      }
    }
  }

  /// Where `bytes` stop being UTF-8 (overlong forms, surrogates and
  /// values past U+10FFFF included), or nil.
  static func invalidOffset(_ bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
      case .emptyInput:
        return nil
      case .error:
        return offset
      }
    }
  }
}

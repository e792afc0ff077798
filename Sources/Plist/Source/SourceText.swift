import Foundation
import Synchronization

/// A 1-based line and column in a text file. Columns count Unicode scalars.
public struct TextLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: TextLocation, rhs: TextLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  public var description: String { "\(line):\(column)" }
}

/// The decoded UTF-8 text of a file, able to turn byte offsets into lines and columns.
///
/// Readers record byte offsets only, which costs nothing while parsing; the
/// line table is built the first time a location is asked for.
///
/// ```swift
/// let text = SourceText(utf8: Array("a\nbé".utf8))
/// text.location(ofOffset: 4)  // 2:2
/// ```
public final class SourceText: Sendable {
  public let utf8: [UInt8]
  /// Built on first use; guarded, as checkers ask for places from several threads.
  private let lineStarts = Mutex<[Int]?>(nil)

  public init(utf8: [UInt8]) {
    self.utf8 = utf8
  }

  private func starts() -> [Int] {
    lineStarts.withLock { lineStarts in
      if let lineStarts { return lineStarts }
      var result = [0]
      for (index, byte) in utf8.enumerated() where byte == UInt8(ascii: "\n") {
        result.append(index + 1)
      }
      lineStarts = result
      return result
    }
  }

  /// The line and column of a byte offset (clamped to the text).
  public func location(ofOffset offset: Int) -> TextLocation {
    let offset = max(0, min(offset, utf8.count))
    let starts = starts()
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var column = 1
    var index = starts[low]
    while index < offset {
      // Count scalars: skip UTF-8 continuation bytes.
      if utf8[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return TextLocation(line: low + 1, column: column)
  }

  /// The byte offset of a line and column (the inverse of
  /// ``location(ofOffset:)``), clamped to the line and the text.
  ///
  /// ```swift
  /// SourceText(utf8: Array("a\nbé".utf8)).offset(of: TextLocation(line: 2, column: 2))  // 3
  /// ```
  public func offset(of location: TextLocation) -> Int {
    let starts = starts()
    let line = max(1, min(location.line, starts.count))
    var index = starts[line - 1]
    var column = 1
    while column < location.column, index < utf8.count, utf8[index] != UInt8(ascii: "\n") {
      index += 1
      while index < utf8.count, utf8[index] & 0xC0 == 0x80 { index += 1 }
      column += 1
    }
    return index
  }

  /// The text of a 1-based line, without its line break.
  public func lineText(_ line: Int) -> String {
    let starts = starts()
    guard line >= 1, line <= starts.count else { return "" }
    let start = starts[line - 1]
    var end = line < starts.count ? starts[line] - 1 : utf8.count
    if end > start, utf8[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: utf8[start..<max(start, end)], as: UTF8.self)
  }

  /// A location with its line's text, ready to be shown with a caret.
  public func snippet(atOffset offset: Int) -> SourceSnippet {
    let location = location(ofOffset: offset)
    return SourceSnippet(location: location, lineText: lineText(location.line))
  }
}

/// A place in a file together with the text of its line.
public struct SourceSnippet: Sendable, Hashable {
  public var location: TextLocation
  public var lineText: String

  public init(location: TextLocation, lineText: String) {
    self.location = location
    self.lineText = lineText
  }
}

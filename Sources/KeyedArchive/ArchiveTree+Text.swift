import Foundation
import Plist

extension ArchiveTree {
  /// The tree as indented text for a terminal: `archived` and the root on the
  /// first line, each child four spaces further in than its parent (the
  /// first line carries no indent, so the text can follow `key = `), every
  /// string quoted with its control characters escaped. An object shown in
  /// more than one place is marked `#n` where it is shown and `-> #n` after.
  ///
  /// ```swift
  /// try KeyedArchive.read(data).text()
  /// // archived NSArray, 2 objects
  /// //     "a"
  /// //     1
  /// ```
  public func text(indent: Int = 0) -> String {
    var writer = ArchiveTextWriter(referenced: referencedObjects)
    if let root {
      writer.write(root, indent: indent, prefix: "archived ")
    } else {
      writer.output += "archived $top"
      for field in top {
        writer.newLine(indent + 1)
        writer.write(
          field.value, indent: indent + 1, prefix: PlistValue.openStepToken(field.key) + " = ")
      }
    }
    return writer.output
  }

  /// The first line of ``text(indent:)`` (without `archived`): what a form row
  /// shows on one line.
  ///
  /// ```swift
  /// tree.summary  // UIColor red 1 green 0.5 blue 0 alpha 1
  /// ```
  public var summary: String {
    let writer = ArchiveTextWriter(referenced: referencedObjects)
    guard let root else { return "$top, " + ArchiveTextWriter.counted(top.count, "key") }
    return writer.head(root)
  }

  /// The objects some `shared` or `cycle` node points back to.
  var referencedObjects: Set<Int> {
    var found = Set<Int>()
    func visit(_ node: ArchiveNode) {
      switch node.kind {
      case .shared(let object), .cycle(let object): found.insert(object)
      case .url(_, let base): base.map(visit)
      case .list(let items): items.forEach(visit)
      case .dictionary(let entries):
        for entry in entries {
          visit(entry.key)
          visit(entry.value)
        }
      case .fields(let fields):
        for field in fields { visit(field.value) }
      default: break
      }
    }
    for field in top { visit(field.value) }
    return found
  }
}

struct ArchiveTextWriter {
  let referenced: Set<Int>
  var output = ""

  init(referenced: Set<Int>) { self.referenced = referenced }

  mutating func newLine(_ indent: Int) {
    output += "\n" + String(repeating: "    ", count: indent)
  }

  mutating func write(_ node: ArchiveNode, indent: Int, prefix: String = "") {
    output += prefix + head(node)
    switch node.kind {
    case .list(let items):
      for item in items {
        newLine(indent + 1)
        write(item, indent: indent + 1)
      }
    case .dictionary(let entries):
      for entry in entries {
        newLine(indent + 1)
        write(entry.key, indent: indent + 1)
        write(entry.value, indent: indent + 1, prefix: " = ")
      }
    case .fields(let fields):
      for field in fields {
        newLine(indent + 1)
        write(field.value, indent: indent + 1, prefix: PlistValue.openStepToken(field.key) + " = ")
      }
    default: break
    }
  }

  /// One line: the class and the value, or the class and how many children follow.
  func head(_ node: ArchiveNode) -> String {
    var line = ""
    let className = node.className.map { PlistValue.openStepToken($0) }
    func named(_ text: String) -> String { className.map { $0 + " " + text } ?? text }
    switch node.kind {
    case .null: line = className ?? "nil"
    case .string(let text): line = named(PlistValue.openStepQuoted(text))
    case .integer(let number): line = named(String(number))
    case .real(let number): line = named(PlistValue.real(number).scalarText)
    case .bool(let flag): line = named(flag ? "true" : "false")
    case .date(let date): line = named(Self.dateText(date))
    case .data(let data): line = named(PlistValue.data(data).scalarText)
    case .uuid(let uuid): line = named(uuid.uuidString)
    case .url(let relative, let base):
      line = named(PlistValue.openStepQuoted(relative))
      if let base { line += " relative to " + head(base) }
    case .color(let color): line = named(Self.colorText(color))
    case .list(let items):
      line = (className ?? "array") + ", " + Self.counted(items.count, "object")
    case .dictionary(let entries):
      line = (className ?? "dictionary") + ", " + Self.counted(entries.count, "entry", "entries")
    case .fields(let fields):
      line =
        node.classes.isEmpty
        ? "dictionary, " + Self.counted(fields.count, "key")
        : node.classes.map { PlistValue.openStepToken($0) }.joined(separator: " : ")
    case .shared(let object): line = "-> #\(object) (shown above)"
    case .cycle(let object): line = "-> #\(object) (a cycle: the object contains itself)"
    }
    if let object = node.object, referenced.contains(object) {
      switch node.kind {
      case .shared, .cycle: break
      default: line += " #\(object)"
      }
    }
    return line
  }

  static func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String {
    "\(count) " + (count == 1 ? one : many ?? one + "s")
  }

  /// ISO 8601 in whole seconds, and the exact seconds since 2001 when there is a fraction.
  static func dateText(_ date: Date) -> String {
    let seconds = date.timeIntervalSinceReferenceDate
    let text = ProlepticGregorian.iso8601(date)
    return seconds == seconds.rounded(.down) ? text : text + " (\(seconds) s since 2001)"
  }

  static func colorText(_ color: ArchivedColor) -> String {
    func number(_ value: Double) -> String { PlistValue.real(value).scalarText }
    var text =
      switch color.components {
      case .rgb(let red, let green, let blue, let alpha):
        "red \(number(red)) green \(number(green)) blue \(number(blue)) alpha \(number(alpha))"
      case .white(let white, let alpha): "white \(number(white)) alpha \(number(alpha))"
      }
    if let space = color.colorSpace { text += " (NSColorSpace \(space))" }
    return text
  }
}

import Foundation
import Plist

extension ArchiveTree {
  /// The tree as JSON: a plain string, number or boolean as JSON has them;
  /// nil (`$null`) as `{"$null": true}`, since the JSON a domain exports to
  /// has no `null` (``nullJSON``); an object as `{"$class": …}` with its decoded value (`string`,
  /// `date`, `data` in base64, `uuid`, `url`, `red`…`alpha`, `objects`,
  /// `entries`) or, for another class, `$classes` and its `fields`. An object
  /// shown in more than one place carries `"$id": n` and is `{"$ref": n}`
  /// after. The root alone when `$top` holds only `root`.
  ///
  /// ```swift
  /// try KeyedArchive.read(data).json.renderedCompact()
  /// // {"$class":"NSDate","date":"2001-01-01T00:16:40Z","sinceReferenceDate":1000.0}
  /// ```
  public var json: JSONValue {
    let referenced = referencedObjects
    if let root { return Self.json(root, referenced: referenced) }
    return .object([
      ("$top", .object(top.map { ($0.key, Self.json($0.value, referenced: referenced)) }))
    ])
  }

  /// How the tree's JSON spells nil: an object, because JSON's `null` has no
  /// property-list form and the JSON reader refuses it wherever it stands.
  public static var nullJSON: JSONValue {
    // Made at each use, not held in a `static let`: a stored `.object` is its box's address
    // with the case number in the top bits (0xA000…), which LeakSanitizer does not take for
    // a pointer, so `scripts/fuzz archive` reported the box, its array and the `.bool` box
    // (97 bytes in 3 allocations) as leaked at exit.
    .object([("$null", .bool(true))])
  }

  static func json(_ node: ArchiveNode, referenced: Set<Int>) -> JSONValue {
    var members: [(String, JSONValue)] = []
    if let className = node.className { members.append(("$class", .string(className))) }
    func plainOr(_ plain: JSONValue, _ key: String) -> JSONValue {
      guard !members.isEmpty else { return plain }
      members.append((key, plain))
      return .object(members)
    }
    let result: JSONValue
    switch node.kind {
    case .null: result = members.isEmpty ? nullJSON : .object(members)
    case .string(let text): result = plainOr(.string(text), "string")
    case .integer(let number): result = plainOr(.integer(number), "number")
    case .real(let number): result = plainOr(JSONValue(PlistValue.real(number)), "number")
    case .bool(let flag): result = plainOr(.bool(flag), "number")
    case .date(let date):
      members.append(("date", .string(ProlepticGregorian.iso8601(date))))
      members.append(("sinceReferenceDate", .number(date.timeIntervalSinceReferenceDate)))
      result = .object(members)
    case .data(let data):
      members.append(("data", .string(data.base64EncodedString())))
      result = .object(members)
    case .uuid(let uuid):
      members.append(("uuid", .string(uuid.uuidString)))
      result = .object(members)
    case .url(let relative, let base):
      members.append(("relative", .string(relative)))
      members.append(("base", base.map { json($0, referenced: referenced) } ?? nullJSON))
      result = .object(members)
    case .color(let color):
      switch color.components {
      case .rgb(let red, let green, let blue, let alpha):
        members += [("red", .number(red)), ("green", .number(green)), ("blue", .number(blue))]
        members.append(("alpha", .number(alpha)))
      case .white(let white, let alpha):
        members += [("white", .number(white)), ("alpha", .number(alpha))]
      }
      if let space = color.colorSpace { members.append(("colorSpace", .integer(space))) }
      result = .object(members)
    case .list(let items):
      members.append(("objects", .array(items.map { json($0, referenced: referenced) })))
      result = .object(members)
    case .dictionary(let entries):
      members.append(
        (
          "entries",
          .array(
            entries.map {
              .object([
                ("key", json($0.key, referenced: referenced)),
                ("value", json($0.value, referenced: referenced)),
              ])
            })
        ))
      result = .object(members)
    case .fields(let fields):
      if node.classes.count > 1 {
        members.append(("$classes", .array(node.classes.map(JSONValue.string))))
      }
      members.append(
        ("fields", .object(fields.map { ($0.key, json($0.value, referenced: referenced)) })))
      result = .object(members)
    case .shared(let object): return .object([("$ref", .integer(Int64(object)))])
    case .cycle(let object):
      return .object([("$ref", .integer(Int64(object))), ("cycle", .bool(true))])
    }
    guard let object = node.object, referenced.contains(object), case .object(var shown) = result
    else { return result }
    shown.insert(("$id", .integer(Int64(object))), at: 0)
    return .object(shown)
  }
}

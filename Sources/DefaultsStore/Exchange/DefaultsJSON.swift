import Foundation
import Plist

/// A domain as JSON, defined so that every value comes back as it was:
/// strings, booleans and arrays as JSON has them; an integer as a number
/// without a fraction, a real always with one (`1.0`); a date as
/// `{"$date": "2026-11-22T10:00:00Z"}` (whole seconds, as an XML plist keeps
/// dates); data as `{"$data": "<base64>"}`. What JSON cannot carry back (a
/// real that is not finite, a date with a fraction of a second or beyond ISO
/// 8601 years, a dictionary of the one key `$date` or `$data`) is refused on
/// export, naming its key, rather than written as something else.
///
/// ```swift
/// let text = try DefaultsJSON.encode(["when": .date(date), "n": .real(1)])
/// // {"n": 1.0, "when": {"$date": "2026-11-22T10:00:00Z"}}
/// try DefaultsJSON.decode(Array(text.utf8)) == ["when": .date(date), "n": .real(1)]  // true
/// ```
public enum DefaultsJSON {
  public static let dateKey = "$date"
  public static let dataKey = "$data"
  /// Beside `$data`: a reading of the bytes (an archive's tree) for people;
  /// import takes the bytes and ignores it.
  public static let archiveKey = "$archive"

  /// Why a domain cannot be written as JSON, or JSON cannot be read as a domain.
  public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not JSON a domain can hold (the reader's place and words).
    case unreadable(JSONPlistReader.Failure)
    /// The document is a value of another type (`typeName` with its article).
    case notAnObject(typeName: String)
    /// A real that is infinite or not a number, at `path` (`list[0].key`).
    case nonFiniteReal(Double, path: String)
    /// A date with no exact ISO 8601 form in whole seconds.
    case inexactDate(path: String)
    /// A dictionary of the one key `$date` or `$data`, which would read back as a date or data.
    case reservedKey(String, path: String)
    /// A value that would not read back as stored (the guarantee itself failed).
    case doesNotReadBack(key: String)
    /// The whole text did not read back.
    case documentDoesNotReadBack(JSONPlistReader.Failure)

    public var description: String {
      switch self {
      case .unreadable(let failure): failure.description
      case .notAnObject(let typeName): "the JSON is \(typeName), not an object"
      case .nonFiniteReal(let number, let path):
        "the real \(number) at \"\(path)\" has no JSON form; export it as a plist"
      case .inexactDate(let path):
        "the date at \"\(path)\" has no exact ISO 8601 form in whole seconds; export it as a plist"
      case .reservedKey(let key, let path):
        "the dictionary at \"\(path)\" has the one key \"\(key)\", which JSON import reads as a \(key == DefaultsJSON.dateKey ? "date" : "data") value; export it as a plist"
      case .doesNotReadBack(let key):
        "the value of \"\(key)\" would not read back from JSON as it is stored; export it as a plist"
      case .documentDoesNotReadBack(let failure):
        "the domain does not read back from JSON: \(failure.description)"
      }
    }
  }

  /// The domain as JSON text, keys sorted, ending with a newline. Where
  /// `reading` gives JSON for a data value, it goes beside the bytes as
  /// `{"$data": "<base64>", "$archive": …}`, which imports as the bytes.
  public static func encode(
    _ values: [PlistKey: PlistValue], reading: ((Data) -> JSONValue?)? = nil
  ) throws(Failure) -> String {
    var members: [(String, JSONValue)] = []
    for (key, value) in values.sorted(by: { $0.key < $1.key }) {
      members.append((key.string, try json(value, path: key.string, reading: reading)))
    }
    let text = JSONValue.object(members).rendered() + "\n"
    // The guarantee itself: what is written reads back the same, key by key.
    let back: [PlistKey: PlistValue]
    do throws(Failure) {
      back = try decode(Array(text.utf8))
    } catch {
      switch error {
      case .unreadable(let failure): throw .documentDoesNotReadBack(failure)
      default: throw error
      }
    }
    for (key, value) in values.sorted(by: { $0.key < $1.key }) where back[key] != value {
      throw .doesNotReadBack(key: key.string)
    }
    return text
  }

  private static func json(_ value: PlistValue, path: String, reading: ((Data) -> JSONValue?)?)
    throws(Failure) -> JSONValue
  {
    switch value {
    case .string(let text): return .string(text)
    case .bool(let flag): return .bool(flag)
    case .integer(let number): return .integer(number)
    case .real(let number):
      guard number.isFinite else { throw .nonFiniteReal(number, path: path) }
      return .number(number)
    case .date(let date):
      let seconds = date.timeIntervalSinceReferenceDate
      guard seconds == seconds.rounded(),
        case .success(let back) = CalendarDate.parse(ProlepticGregorian.iso8601(date)),
        back == date
      else { throw .inexactDate(path: path) }
      return .object([(dateKey, .string(ProlepticGregorian.iso8601(date)))])
    case .data(let data):
      let bytes = (dataKey, JSONValue.string(data.base64EncodedString()))
      // The reading goes in only where it reads back by itself: the whole
      // document must import, and a hostile archive can hold anything.
      guard let described = reading?(data), readsBack(described) else {
        return .object([bytes])
      }
      return .object([bytes, (archiveKey, described)])
    case .array(let items):
      var result: [JSONValue] = []
      for (index, item) in items.enumerated() {
        result.append(try json(item, path: "\(path)[\(index)]", reading: reading))
      }
      return .array(result)
    case .dictionary(let entries):
      if entries.count == 1, let only = entries.keys.first,
        only.string == dateKey || only.string == dataKey
      {
        throw .reservedKey(only.string, path: path)
      }
      if Set(entries.keys.map(\.string)) == [dataKey, archiveKey] {
        throw .reservedKey(dataKey, path: path)
      }
      var members: [(String, JSONValue)] = []
      for (key, item) in entries.sorted(by: { $0.key < $1.key }) {
        members.append(
          (key.string, try json(item, path: path + "." + key.string, reading: reading)))
      }
      return .object(members)
    }
  }

  private static func readsBack(_ reading: JSONValue) -> Bool {
    do throws(JSONPlistReader.Failure) {
      _ = try JSONPlistReader.read(
        Array(JSONValue.object([(archiveKey, reading)]).rendered().utf8), objects: DatesAndData())
      return true
    } catch {
      return false
    }
  }

  /// The domain a JSON document holds; the failure names the line and column.
  public static func decode(_ bytes: [UInt8]) throws(Failure) -> [PlistKey: PlistValue] {
    let value: PlistValue
    do throws(JSONPlistReader.Failure) {
      value = try JSONPlistReader.read(bytes, objects: DatesAndData())
    } catch {
      throw .unreadable(error)
    }
    guard case .dictionary(let values) = value else {
      throw .notAnObject(typeName: value.typeNameWithArticle)
    }
    return values
  }

  /// `{"$date": text}` and `{"$data": base64}`; any other object is a dictionary.
  private struct DatesAndData: JSONPlistReader.ObjectReading {
    func value(of entries: [PlistKey: PlistValue])
      -> Result<PlistValue, JSONPlistReader.ObjectRefusal>
    {
      // Data with its reading beside it imports as the data; the reading is for people.
      var entries = entries
      if entries.count == 2, entries[PlistKey(DefaultsJSON.dataKey)] != nil {
        entries[PlistKey(DefaultsJSON.archiveKey)] = nil
      }
      guard entries.count == 1, let (key, value) = entries.first.map({ ($0.key, $0.value) }),
        key.string == DefaultsJSON.dateKey || key.string == DefaultsJSON.dataKey
      else { return .success(.dictionary(entries)) }
      guard case .string(let text) = value else {
        return .failure(
          .init(
            message:
              "\(MessageText.key(key.string)) takes a string, not \(value.typeNameWithArticle)"))
      }
      if key.string == DefaultsJSON.dataKey {
        guard let data = Data(base64Encoded: text) else {
          return .failure(
            .init(message: "\"\(text.escapingControlCharacters)\" is not base64 data"))
        }
        return .success(.data(data))
      }
      switch CalendarDate.parse(text) {
      case .success(let date): return .success(.date(date))
      case .failure(let problem):
        return .failure(
          .init(
            message:
              "\"\(text.escapingControlCharacters)\" is not a date (\(problem)); write 2026-11-22T10:00:00Z"
          ))
      }
    }
  }
}

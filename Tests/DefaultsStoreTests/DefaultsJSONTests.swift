import DefaultsStore
import Foundation
import Plist
import Testing

/// A domain as JSON reads back as it was: every whole-second date from year 1
/// to 9999, in the proleptic Gregorian calendar (tester fault 3); what JSON
/// cannot carry back is refused, naming where it is.
struct DefaultsJSONTests {
  @Test func datesFromYear1To9999ExportAndImportUnchanged() throws {
    var seed: UInt64 = 1_582
    var dates = [(1, 1, 1), (1000, 6, 1), (1582, 10, 14), (1582, 10, 4), (9999, 12, 31)].map {
      ProlepticGregorian.date(year: $0.0, month: $0.1, day: $0.2, hour: 13, minute: 7, second: 9)
    }
    let first = ProlepticGregorian.days(year: 1, month: 1, day: 1)
    for _ in 0..<300 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let day = first + Int(seed >> 33) % 3_652_059
      dates.append(Date(timeIntervalSince1970: Double(day * 86_400 + Int(seed >> 20) % 86_400)))
    }
    for date in dates {
      let values: [PlistKey: PlistValue] = ["d": .date(date)]
      let text = try DefaultsJSON.encode(values)
      #expect(text.contains(ProlepticGregorian.iso8601(date)), "\(text)")
      #expect(try DefaultsJSON.decode(Array(text.utf8)) == values, "\(text)")
    }
  }

  @Test(arguments: [
    (["r": PlistValue.real(.infinity)], "the real inf at \"r\" has no JSON form"),
    (["l": .array([.real(.nan)])], "at \"l[0]\""),
    (["d": .date(Date(timeIntervalSinceReferenceDate: 0.5))], "whole seconds"),
    (["m": .dictionary(["$date": .string("x")])], "reads as a date value"),
    (["m": .dictionary(["k": .dictionary(["$data": .string("x")])])], "at \"m.k\""),
  ])
  func whatJSONCannotCarryBackIsRefused(values: [PlistKey: PlistValue], message: String) {
    let error = #expect(throws: DefaultsJSON.Failure.self) { try DefaultsJSON.encode(values) }
    #expect(error?.description.contains(message) == true, "\(String(describing: error))")
  }

  @Test(arguments: [
    (#"{"d": {"$date": "2026-02-30"}}"#, "line 1, column 7: \"2026-02-30\" is not a date (month 2"),
    (#"{"b": {"$data": "@@"}}"#, "line 1, column 7: \"@@\" is not base64 data"),
    (#"{"b": {"$data": 1}}"#, "$data takes a string, not an integer"),
    (#"[1]"#, "the JSON is an array, not an object"),
    ("{\n  \"a\": null}", "line 2, column 8: null has no property-list form"),
    (#"{"a": 1, "a": 2}"#, "the key \"a\" is given twice"),
  ])
  func importRefusalsNameThePlace(text: String, message: String) {
    let error = #expect(throws: DefaultsJSON.Failure.self) {
      try DefaultsJSON.decode(Array(text.utf8))
    }
    #expect(error?.description.contains(message) == true, "\(String(describing: error))")
  }
}

/// A data value's reading (an archive's tree) never stops the domain from
/// exporting (tester 2026-11-27d H-g): whatever JSON the reading is, the
/// export reads back and imports as the bytes; a reading that would not read
/// back is left out rather than refusing the whole domain.
struct DefaultsJSONReadingTests {
  @Test(arguments: [
    JSONValue.null,
    .object([("$class", .string("NSURL")), ("base", .null), ("relative", .string("https://e/"))]),
    .object([("fields", .object([("$date", .integer(5))]))]),
    .object([("$data", .bool(true))]),
    .array([.null, .string("a")]),
  ])
  func anyReadingExportsAndImportsAsTheBytes(reading: JSONValue) throws {
    let values: [PlistKey: PlistValue] = [
      "archived": .data(Data([0x62, 0x70, 1])), "list": .array([.data(Data([2]))]),
      "name": .string("x"),
    ]
    let text = try DefaultsJSON.encode(values, reading: { _ in reading })
    #expect(try DefaultsJSON.decode(Array(text.utf8)) == values, "\(text)")
  }

  @Test func aReadingThatReadsBackIsKept() throws {
    let reading = JSONValue.object([("$null", .bool(true))])
    let text = try DefaultsJSON.encode(["d": .data(Data([1]))], reading: { _ in reading })
    #expect(text.contains("\"$archive\": {"), "\(text)")
  }
}

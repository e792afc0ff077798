import CodeGeneration
import Foundation
import Plist
import TestSupport
import Testing

/// Keys, titles and values that try to break the generated source: quotes,
/// backslashes, line breaks, bidirectional overrides, keywords, names that
/// shadow Foundation or the generated declarations, digits first, scripts
/// of every kind, and keys whose names, type names and range names collide.
struct HostileKeyTests {
  static let keys = [
    "a\"b", "c\\d", "line\nbreak", "\u{202E}evil", "\u{301}abc", "ａｂｃ", "日本語", "x y z",
    "class", "self", "Type", "init", "_", "__", "0", "9lives", "ß", "İstanbul", "Σίσυφος",
    "emoji😀key", "a.b.c", "registerDefaults", "SettingsKey", "AppSettings", "Foundation",
    "Swift", "Data", "Date", "String", "Bool", "key", "Key", "KEY", "k-e-y", "\u{AD}",
    "\u{200D}zwj", "ǅ", "Ⅻ", "²", "٣٤", "volume", "volumeRange", "Volume",
  ]

  static func bundle() throws -> TemporaryBundle {
    let types = [
      "PSToggleSwitchSpecifier", "PSTextFieldSpecifier", "PSSliderSpecifier",
      "PSMultiValueSpecifier",
    ]
    var specifiers: [PlistValue] = [
      .dictionary([
        "Type": .string("PSGroupSpecifier"),
        "Title": .string("*/ /* \u{202E}\n- Important: injected"),
      ])
    ]
    for (index, key) in keys.enumerated() {
      var entry: [PlistKey: PlistValue] = [
        "Type": .string(types[index % 4]), "Key": .string(key),
        "Title": .string("T\"itle\\ \(key)\n///"),
      ]
      switch index % 4 {
      case 0: entry["DefaultValue"] = .bool(true)
      case 1: entry["DefaultValue"] = .string("x\"\\\t\u{2028}")
      case 2:
        entry["DefaultValue"] = .real(0.5)
        entry["MinimumValue"] = .integer(0)
        entry["MaximumValue"] = .integer(1)
      default:
        entry["DefaultValue"] = .string("v1")
        entry["Values"] = .array(
          ["v1", "v\"2", "class", "v1", "0", "", key].map(PlistValue.string))
        entry["Titles"] = .array(["A", "B", "C", "D", "E", "F", "G"].map(PlistValue.string))
      }
      specifiers.append(.dictionary(entry))
    }
    let bundle = try TemporaryBundle()
    let bytes = try XMLPlistWriter.write(.dictionary(["PreferenceSpecifiers": .array(specifiers)]))
    try Data(bytes).write(to: bundle.url.appendingPathComponent("Root.plist"))
    return bundle
  }

  @Test(
    .enabled(if: SwiftCompiler.path != nil, "needs swiftc on PATH"), arguments: [5, 6])
  func hostileKeysGiveCodeThatCompiles(swiftVersion: Int) throws {
    let bundle = try Self.bundle()
    defer { bundle.remove() }
    let source = try GeneratedSourceTests.source(bundle.path)
    #expect(!source.unicodeScalars.contains("\u{202E}"), "no raw bidirectional override")
    #expect(!source.contains("\n- Important: injected"), "a title cannot start a line of code")
    for isPublic in [false, true] {
      let file = try GeneratedSourceTests.write(
        try GeneratedSourceTests.source(bundle.path, options: .init(isPublic: isPublic)))
      defer { try? FileManager.default.removeItem(atPath: file) }
      let result = try SwiftCompiler.typeCheck(file, swiftVersion: swiftVersion)
      #expect(result.status == 0, "\(result.output)")
    }
  }
}

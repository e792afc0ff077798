import CodeGeneration
import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// The Swift type of a key follows what the schema says its element stores:
/// InAppSettingsKit's date picker stores an `NSDate`
/// (IASKAppSettingsViewController's `datePickerChangedValue:` sets
/// `datePicker.date`), so its key reads a `Date?`, never a `String` that is
/// always "" (F18).
struct StoredKindTypingTests {
  /// Real bundles with date pickers: InAppSettingsKit's own sample bundle.
  static let bundlesWithDatePickers = ["futuretap__InAppSettingsKit"]

  @Test(.needsCorpus, arguments: bundlesWithDatePickers)
  func aDateStoringElementIsTypedDate(name: String) throws {
    let path = Paths.corpus.appendingPathComponent(name).appendingPathComponent("Settings.bundle")
    var options = LoadOptions()
    options.dialect = .iask
    let bundles = try SwiftSettingsGenerator.load(at: path.path, idioms: [.phone], base: options)
    let catalog = bundles[0].catalog
    var storesOfKey: [String: ValueKind] = [:]
    for page in bundles[0].pages {
      for specifier in page.specifiers {
        guard let key = specifier.key, storesOfKey[key] == nil,
          let stores = catalog.spec(of: specifier.type)?.stores
        else { continue }
        storesOfKey[key] = stores
      }
    }
    let declarations = try SettingsCollection.declarations(in: bundles, typeName: "AppSettings")
    let dates = declarations.filter { storesOfKey[$0.key] == .date }
    #expect(!dates.isEmpty, "the bundle has date pickers")
    for declaration in declarations {
      #expect(
        (declaration.shape == .date) == (storesOfKey[declaration.key] == .date),
        "\(declaration.key): \(declaration.shape.swiftType)")
    }
    let source = try SwiftSettingsGenerator(options: .init()).generate(from: bundles)
    for declaration in dates {
      #expect(
        source.contains(
          "SettingsKey<Foundation.Date?>(\n    \(SwiftLiteral.string(declaration.key)), defaultValue: nil,"
        ), "\(declaration.key)")
    }
    guard SwiftCompiler.path != nil else { return }
    let file = try GeneratedSourceTests.write(source)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let result = try SwiftCompiler.typeCheck(file, swiftVersion: 6)
    #expect(result.status == 0, "\(result.output)")
  }

  /// InAppSettingsKit's list group stores an array of what its ItemSpecifier's
  /// rows store (IASKAbstractSettingsStore's `setObject:forSpecifier:` puts a
  /// text field's string, a child pane's dictionary … at the item's index):
  /// no Sendable Swift type reads every such array, and a `String` key always
  /// read "" (tester F18). The key is left out, with a comment saying why and
  /// how to read it; nothing is registered for it (IASKSettingsReader's
  /// `gatherDefaults…` registers no list group).
  @Test(.needsCorpus, arguments: bundlesWithDatePickers)
  func aListGroupIsLeftOutWithAComment(name: String) throws {
    let path = Paths.corpus.appendingPathComponent(name).appendingPathComponent("Settings.bundle")
    var options = LoadOptions()
    options.dialect = .iask
    let bundles = try SwiftSettingsGenerator.load(at: path.path, idioms: [.phone], base: options)
    var listKeys = Set<String>()
    for page in bundles[0].pages where page.isReached {
      for specifier in page.specifiers where specifier.type == .listGroup {
        if let key = specifier.key { listKeys.insert(key) }
      }
    }
    #expect(!listKeys.isEmpty, "the sample has list groups")
    let declarations = try SettingsCollection.declarations(in: bundles, typeName: "AppSettings")
    #expect(declarations.allSatisfy { !listKeys.contains($0.key) })
    let untyped = try SettingsCollection.untyped(in: bundles, typeName: "AppSettings")
    #expect(Set(untyped.map(\.key)) == listKeys)
    let source = try SwiftSettingsGenerator(options: .init()).generate(from: bundles)
    for key in listKeys {
      #expect(
        source.contains("// Not declared: Key \(SwiftLiteral.string(key)) (IASKListGroupSpecifier"))
      #expect(!source.contains("SettingsKey<Swift.String>(\n    \(SwiftLiteral.string(key)),"))
      #expect(!source.contains("values[\(SwiftLiteral.string(key))]"))
    }
    guard SwiftCompiler.path != nil else { return }
    let file = try GeneratedSourceTests.write(source)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let result = try SwiftCompiler.typeCheck(file, swiftVersion: 6)
    #expect(result.status == 0, "\(result.output)")
  }
}

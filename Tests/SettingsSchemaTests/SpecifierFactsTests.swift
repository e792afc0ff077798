import Foundation
import Plist
import TestSupport
import Testing

@testable import SettingsSchema

/// What each type means comes from the schema: whether a person edits it, what it
/// stores under its Key, and the rule a stored value follows.
struct SpecifierFactsTests {
  /// (type, editable, stored kind, value rule) for every Apple type.
  static let apple: [(SpecifierType, Bool, ValueKind?, ValueRule?)] = [
    (.group, false, nil, nil),
    (.textField, true, .string, .text),
    // The Settings app shows the value stored under its Key, read-only; the app writes it.
    (.titleValue, false, .scalar, .shown),
    (.toggleSwitch, true, .scalar, .toggle),
    (.slider, true, .real, .range),
    (.multiValue, true, .scalar, .oneOfValues),
    (.radioGroup, true, .scalar, .oneOfValues),
    (.childPane, false, nil, nil),
  ]

  @Test(arguments: apple)
  func appleFacts(_ type: SpecifierType, editable: Bool, stores: ValueKind?, rule: ValueRule?)
    throws
  {
    let catalog = try SchemaCatalog.load(.apple)
    #expect(catalog.isEditable(type) == editable)
    #expect(catalog.storesValue(type) == (stores != nil))
    #expect(catalog.types[type]?.stores == stores)
    #expect(catalog.types[type]?.valueRule == rule)
  }

  @Test(arguments: Dialect.allCases)
  func everyStoredValueHasARuleAndEveryEditedValueIsStored(_ dialect: Dialect) throws {
    let catalog = try SchemaCatalog.load(dialect)
    for (type, spec) in catalog.types {
      #expect((spec.stores == nil) == (spec.valueRule == nil), "\(type)")
      #expect(!spec.isEditable || spec.storesValue, "\(type)")
    }
  }

  @Test func aCatalogWhoseFactsDisagreeIsRefused() throws {
    var catalog = try SchemaCatalog.load(.apple)
    catalog.types[.titleValue]?.valueRule = nil
    #expect(throws: SchemaCatalogError.self) { try catalog.validate() }
    catalog = try SchemaCatalog.load(.apple)
    catalog.types[.group]?.isEditable = true
    #expect(throws: SchemaCatalogError.self) { try catalog.validate() }
  }

  @Test func unknownTypesAreNeitherEditableNorStored() throws {
    let catalog = try SchemaCatalog.load(.apple)
    #expect(!catalog.isEditable("PSToogleSwitchSpecifier"))
    #expect(!catalog.storesValue(nil))
    #expect(!catalog.storesValue(.button), "an InAppSettingsKit type means nothing to Settings.app")
    #expect(try SchemaCatalog.load(.iask).storesValue(.datePicker))
  }

  static func specifier(_ xml: String) throws -> Specifier {
    let document = try PropertyListReader.read(Array("<plist>\(xml)</plist>".utf8))
    return Specifier(index: 0, node: document.root)
  }

  static let titleValue =
    "<dict><key>Type</key><string>PSTitleValueSpecifier</string><key>Key</key><string>v</string><key>Values</key><array><integer>1</integer></array><key>Titles</key><array><string>One</string></array></dict>"

  /// A title value stores a single value, whatever the app writes; arrays and
  /// dictionaries are no value it can show (they were accepted before).
  @Test func aTitleValueStoresAnySingleValue() throws {
    let catalog = try SchemaCatalog.load(.apple)
    let specifier = try Self.specifier(Self.titleValue)
    #expect(try SpecifierValue.check(.string("x"), for: specifier, in: catalog) == .string("x"))
    #expect(try SpecifierValue.check(.integer(7), for: specifier, in: catalog) == .integer(7))
    #expect(throws: SpecifierValue.Refusal.self) {
      try SpecifierValue.check(.array([.integer(1)]), for: specifier, in: catalog)
    }
    #expect(throws: SpecifierValue.Refusal.self) {
      try SpecifierValue.check(.dictionary([:]), for: specifier, in: catalog)
    }
    #expect(try SpecifierValue.convert("One", for: specifier, in: catalog) == .integer(1))
    #expect(try SpecifierValue.convert("1", for: specifier, in: catalog) == .integer(1))
    #expect(try SpecifierValue.convert("1.2.3", for: specifier, in: catalog) == .string("1.2.3"))
  }

  @Test func whatStoresNothingRefusesEveryValue() throws {
    let catalog = try SchemaCatalog.load(.apple)
    let group = try Self.specifier(
      "<dict><key>Type</key><string>PSGroupSpecifier</string><key>Key</key><string>g</string></dict>"
    )
    #expect(throws: SpecifierValue.Refusal.self) {
      try SpecifierValue.convert("x", for: group, in: catalog)
    }
    #expect(throws: SpecifierValue.Refusal.self) {
      try SpecifierValue.check(.string("x"), for: group, in: catalog)
    }
  }

  /// InAppSettingsKit's own stored values follow the kind the schema gives them.
  @Test func valuesOfAKindAreCheckedByKind() throws {
    let catalog = try SchemaCatalog.load(.iask)
    let picker = try Self.specifier(
      "<dict><key>Type</key><string>IASKDatePickerSpecifier</string><key>Key</key><string>d</string></dict>"
    )
    let date = PlistValue.date(Date(timeIntervalSince1970: 0))
    #expect(try SpecifierValue.check(date, for: picker, in: catalog) == date)
    #expect(throws: SpecifierValue.Refusal.self) {
      try SpecifierValue.check(.string("today"), for: picker, in: catalog)
    }
    #expect(throws: SpecifierValue.Refusal.self) {
      try SpecifierValue.convert("today", for: picker, in: catalog)
    }
    let list = try Self.specifier(
      "<dict><key>Type</key><string>IASKListGroupSpecifier</string><key>Key</key><string>l</string></dict>"
    )
    #expect(try SpecifierValue.check(.array([]), for: list, in: catalog) == .array([]))
    #expect(throws: SpecifierValue.Refusal.self) {
      try SpecifierValue.check(.string("x"), for: list, in: catalog)
    }
  }
}

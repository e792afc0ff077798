import Foundation
import SettingsSchema
import TestSupport
import Testing

struct SchemaCatalogTests {
  static let appleTypes = [
    "PSGroupSpecifier", "PSTextFieldSpecifier", "PSTitleValueSpecifier", "PSToggleSwitchSpecifier",
    "PSSliderSpecifier", "PSMultiValueSpecifier", "PSRadioGroupSpecifier", "PSChildPaneSpecifier",
  ]

  @Test func appleHasExactlyTheEightTypes() throws {
    #expect(try SchemaCatalog.load(.apple).types.keys.sorted() == Self.appleTypes.sorted())
  }

  @Test func iaskExtendsApple() throws {
    let iask = try SchemaCatalog.load(.iask)
    #expect(Set(Self.appleTypes).isSubset(of: Set(iask.types.keys)))
    #expect(iask.types["IASKButtonSpecifier"] != nil)
    #expect(
      iask.key("KeyboardType", ofType: "PSTextFieldSpecifier")?.values?.contains("DecimalPad")
        == true)
    #expect(iask.key("Title", ofType: "PSToggleSwitchSpecifier")?.required == true)
  }

  @Test(arguments: [
    ("PSMultiValueSpecifier", ["ShortTitles", "Title", "Titles"]),
    ("PSRadioGroupSpecifier", ["FooterText", "Title", "Titles"]),
    ("PSGroupSpecifier", ["FooterText", "Title"]),
    ("PSSliderSpecifier", []),
  ])
  func localizableKeys(_ type: String, _ keys: [String]) throws {
    #expect(try SchemaCatalog.load(.apple).localizableKeys(ofType: type) == keys)
  }

  @Test func xcodeDisplayNamesMapToRawKeys() throws {
    let catalog = try SchemaCatalog.load(.apple)
    #expect(catalog.displayNames["Identifier"] == "Key")
    #expect(catalog.displayNames["AutoCapitalizationType"] == "AutocapitalizationType")
  }

  /// The binary embeds Schemas/ through scripts/embed-data; this fails when it was not rerun.
  @Test(arguments: Dialect.allCases)
  func embeddedSchemasAreCurrent(_ dialect: Dialect) throws {
    let file = Paths.repository.appendingPathComponent("Schemas/\(dialect.rawValue).json")
    let onDisk = try String(contentsOf: file, encoding: .utf8)
    #expect(SchemaCatalog.embeddedText(dialect) == onDisk.trimmingCharacters(in: .newlines))
  }
}

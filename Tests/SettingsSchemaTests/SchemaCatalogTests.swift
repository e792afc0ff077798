import Foundation
import SettingsSchema
import TestSupport
import Testing

struct SchemaCatalogTests {
  @Test func appleHasExactlyTheEightTypes() throws {
    #expect(try SchemaCatalog.load(.apple).types.keys.sorted() == SpecifierType.apple.sorted())
  }

  @Test func iaskHasAppleTypesAndItsOwn() throws {
    #expect(
      try SchemaCatalog.load(.iask).types.keys.sorted()
        == (SpecifierType.apple + SpecifierType.inAppSettingsKit).sorted())
  }

  @Test func unknownTypesSurviveARoundTrip() {
    let misspelled = SpecifierType(rawValue: "PSToogleSwitchSpecifier")
    #expect(misspelled.rawValue == "PSToogleSwitchSpecifier")
    #expect(SpecifierType(rawValue: misspelled.rawValue) == misspelled)
    #expect(misspelled != .toggleSwitch)
    #expect(SpecifierType(rawValue: SpecifierType.toggleSwitch.rawValue) == .toggleSwitch)
  }

  @Test func iaskExtendsApple() throws {
    let iask = try SchemaCatalog.load(.iask)
    #expect(Set(SpecifierType.apple).isSubset(of: Set(iask.types.keys)))
    #expect(iask.types[.button] != nil)
    #expect(iask.key("KeyboardType", ofType: .textField)?.values?.contains("DecimalPad") == true)
    #expect(iask.key("Title", ofType: .toggleSwitch)?.required == true)
  }

  @Test(arguments: [
    (SpecifierType.multiValue, ["ShortTitles", "Title", "Titles"]),
    (.radioGroup, ["FooterText", "Title", "Titles"]),
    (.group, ["FooterText", "Title"]),
    (.slider, []),
  ])
  func localizableKeys(_ type: SpecifierType, _ keys: [String]) throws {
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

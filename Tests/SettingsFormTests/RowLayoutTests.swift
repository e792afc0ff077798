import SettingsSchema
import Testing

@testable import SettingsForm

struct RowLayoutTests {
  /// Adding a type to a dialect's schema means adding its row kind here:
  /// Settings.app's types and InAppSettingsKit's each have one, and nothing else.
  @Test func everyTypeHasARowLayout() {
    #expect(
      Set(RowBuilder.layouts.keys) == Set(SpecifierType.apple + SpecifierType.inAppSettingsKit))
  }

  /// The schema of each dialect knows every type the form lays out for it.
  @Test(arguments: Dialect.allCases)
  func theSchemaKnowsEachLaidOutType(dialect: Dialect) throws {
    let catalog = try SchemaCatalog.load(dialect)
    let types = dialect == .apple ? SpecifierType.apple : Array(RowBuilder.layouts.keys)
    for type in types { #expect(catalog.spec(of: type) != nil, "\(type)") }
  }
}

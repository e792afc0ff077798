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

/// A date of the right form whose day does not exist is named as such (fault 14).
struct DateRefusalTests {
  @Test(arguments: [
    ("2026-02-30 10:00", DateText.Mode.dateAndTime, "status.noSuchDay"),
    ("2026-02-30", .date, "status.noSuchDay"),
    ("tomorrow", .date, "status.notADate"),
    ("25:00", .time, "status.notADate"),
  ])
  func impossibleDaysAreNamed(text: String, mode: DateText.Mode, key: String) {
    #expect(DateText.refusal(text, mode, words: .keys) == key)
  }
}

import SettingsSchema
import Testing

@testable import SettingsForm

struct RowLayoutTests {
  /// Adding a type to Settings.app's schema means adding its row kind here.
  @Test func everyAppleTypeHasARowLayout() {
    #expect(Set(RowBuilder.layouts.keys) == Set(SpecifierType.apple))
  }
}

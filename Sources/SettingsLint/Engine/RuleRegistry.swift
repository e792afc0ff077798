/// Every rule, in the order `prefs rules` lists them: reading, structure,
/// values, navigation, then translations, layout, the app's code and the
/// inline disables.
public enum RuleRegistry {
  public static let all: [any LintRule.Type] = [
    PlistSyntax.self, PageStructure.self, MissingType.self, UnknownType.self, UnknownKey.self,
    MissingRequiredKey.self, EmptyKey.self, ValueType.self, InvalidEnumValue.self,
    ValuesTitlesCount.self, DefaultNotInValues.self, ToggleValues.self, SliderRange.self,
    DuplicateKey.self, ChildPaneMissing.self, ChildPaneCycle.self, ChildPanePath.self,
    UnreachablePage.self, ShadowedPage.self, MissingImage.self, StringsTableMissing.self,
    StringsTableUnset.self,
    StringsSyntax.self, StringsEncoding.self, StringsDuplicateKey.self,
    StringsNonStringValue.self, MissingTranslation.self, UnusedTranslation.self,
    EmptyTranslation.self, ShadowingStrings.self, UnselectedLanguageFolder.self,
    MisspelledLanguageFolder.self, UnsupportedStringsFormat.self,
    RadioGroupAbsorbs.self, PageWithoutGroup.self, HiddenGroupRows.self,
    GeneratedCodeUnsafe.self, CodeTypeMismatch.self, CodeDefaultMismatch.self,
    CodeDefaultUnregistered.self,
    CodeUnknownKey.self, CodeValueNotInValues.self, UnusedDisable.self, InvalidDisable.self,
    SourceSkipped.self,
  ]

  /// The rule with this id, if there is one.
  public static func rule(_ id: String) -> (any LintRule.Type)? {
    all.first { $0.id == id }
  }

  public static var ids: [String] { all.map { $0.id } }
}

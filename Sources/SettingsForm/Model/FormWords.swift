/// The form's own words (help line, status messages), in the user's
/// language; PrefsKit's `ToolStrings.formWords` fills them from
/// `Localizations/<lang>.lproj/Prefs.strings`.
public struct FormWords: Sendable {
  public var lookup: @Sendable (String) -> String

  public init(_ lookup: @escaping @Sendable (String) -> String) { self.lookup = lookup }

  public subscript(_ key: String) -> String { lookup(key) }

  /// English, for tests that do not care about the language.
  public static let keys = FormWords { $0 }
}

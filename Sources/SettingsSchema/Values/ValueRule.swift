/// How the value stored under a control's `Key` is checked and typed. The
/// schema's `valueRules` table names one for every type that stores a value
/// (``TypeSpec/valueRule``); ``SpecifierValue`` carries the rules out.
///
/// ```swift
/// let catalog = try SchemaCatalog.load(.apple)
/// catalog.types[.toggleSwitch]?.valueRule  // .toggle
/// catalog.types[.titleValue]?.valueRule    // .shown
/// ```
public enum ValueRule: String, Sendable, Hashable, Decodable, CaseIterable {
  /// Any string (a text field).
  case text
  /// `TrueValue` or `FalseValue` when given, else a boolean (a toggle).
  case toggle
  /// A number from `MinimumValue` to `MaximumValue`, stored as a real (a slider).
  case range
  /// One of `Values`, with its plist type; `Titles` name them (a multi value, a radio group).
  case oneOfValues
  /// Any value of the stored kind, shown read-only: `Titles` name the values in
  /// `Values`, any other value is shown as it is (a title value, which the app writes).
  case shown
  /// Any value of the stored kind, and nothing more is known (InAppSettingsKit's
  /// custom views, date pickers and list groups, which the app's code handles).
  case ofKind
}

/// The names the generated file's own code uses where a generated name could
/// hide them: a member or nested type of the settings enum named `UserDefaults`
/// or `Swift` would change what `UserDefaults.standard` or `Swift.String`
/// mean inside it, and a type named like them would change it in the whole
/// file. Generated names avoid them (`UserDefaults2`); the type name may not
/// be one of them.
enum GeneratedNames {
  /// Names the enum's members and nested types use unqualified.
  static let usedInTheEnum: Set<String> = [
    "Swift", "Foundation", "UserDefaults", "ClosedRange", "Sendable", "CaseIterable", "Any",
    "SettingsKey", "SettingsValueCoding", "registerDefaults", "Value", "NSNumber",
  ]

  /// Names a case of a generated enum may not take: the members every such
  /// enum has (its own, `CaseIterable`'s and `RawRepresentable`'s) and the
  /// names its members use.
  static let usedInAChoice: Set<String> = usedInTheEnum.union([
    "storedValue", "allCases", "AllCases", "rawValue", "RawValue",
  ])

  /// What the type name may not be: a type at the top of the file named like
  /// one it uses, or like a default literal type (`IntegerLiteralType`),
  /// would change what the file means.
  static let refusedTypeNames: Set<String> = usedInTheEnum.union([
    "IntegerLiteralType", "FloatLiteralType", "BooleanLiteralType", "StringLiteralType",
    "ExtendedGraphemeClusterLiteralType", "UnicodeScalarLiteralType", "Bool", "String",
    "Double", "Int", "Int64", "UInt8", "Date", "Data", "Optional",
  ])
}

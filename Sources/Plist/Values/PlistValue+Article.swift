extension PlistValue {
  /// The type's name after its indefinite article, for messages:
  /// `an array`, `an integer`, `a string`.
  ///
  /// ```swift
  /// PlistValue.array([]).typeNameWithArticle  // "an array"
  /// ```
  public var typeNameWithArticle: String {
    let name = typeName
    let vowel = name.first.map { "aeiou".contains($0) } ?? false
    return (vowel ? "an " : "a ") + name
  }
}

extension PlistNode {
  /// The value's type name after its indefinite article (`an array`).
  public var typeNameWithArticle: String { value.typeNameWithArticle }
}

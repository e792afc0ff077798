/// Why no code was generated. Nothing is written when it is thrown.
///
/// ```swift
/// catch let error as GenerationError { print(error.origin, error.reason) }
/// ```
public struct GenerationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The key concerned.
  public var key: String
  /// Where the key is declared.
  public var origin: SettingDeclaration.Origin
  /// The other place, when two declarations disagree.
  public var other: SettingDeclaration.Origin?
  public var reason: Reason

  public enum Reason: Sendable, Hashable {
    /// The phone and pad pages give the key two different value types.
    case typeDiffersBetweenVariants(String, String)
    /// The phone and pad pages give the key two different defaults.
    case defaultDiffersBetweenVariants(String, String)
  }

  public var description: String {
    switch reason {
    case .typeDiffersBetweenVariants(let here, let there):
      "the key \"\(key)\" stores \(here) here and \(there) in \(other?.description ?? "another page variant"); generated code can type it only one way"
    case .defaultDiffersBetweenVariants(let here, let there):
      "the key \"\(key)\" defaults to \(here) here and to \(there) in \(other?.description ?? "another page variant"); generated code registers one default"
    }
  }
}

import Plist

extension PlistValue {
  /// Whether the two are the same value, a NaN the same as a NaN: `==`
  /// follows IEEE 754, so a file with a NaN default is not equal even to itself.
  public func isIdentical(to other: PlistValue) -> Bool {
    switch (self, other) {
    case (.real(let first), .real(let second)):
      return first == second || (first.isNaN && second.isNaN)
    case (.array(let first), .array(let second)):
      return first.count == second.count
        && zip(first, second).allSatisfy { $0.isIdentical(to: $1) }
    case (.dictionary(let first), .dictionary(let second)):
      return first.count == second.count
        && first.allSatisfy { key, value in second[key].map { value.isIdentical(to: $0) } ?? false }
    default:
      return self == other
    }
  }
}

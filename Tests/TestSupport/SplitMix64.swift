/// SplitMix64: a small seeded generator, so a failing random case can be
/// replayed from its seed, on every machine and in every checkout.
///
/// ```swift
/// var random = SplitMix64(seed: 2026)
/// let width = Int.random(in: 10...200, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// A seed taken from a name (a bundle's folder name, not its absolute
  /// path, which differs between checkouts).
  public init(seed name: String) {
    state = name.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True `percent` times in a hundred.
  public mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

  /// One of `items`, which must not be empty.
  public mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

  /// `count` texts, each of fewer than `longest` of `pieces` joined: the inputs of a
  /// property test that compares a shortcut with the plain formula it replaced.
  ///
  /// ```swift
  /// var random = SplitMix64(seed: 28)
  /// let texts = random.texts(4000, of: ["a", " ", "\r\n", "é"], longest: 12)
  /// ```
  public mutating func texts(_ count: Int, of pieces: [String], longest: Int) -> [String] {
    (0..<count).map { _ in
      (0..<Int(next() % UInt64(longest))).map { _ in pick(pieces) }.joined()
    }
  }
}

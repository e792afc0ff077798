/// "Did you mean": the closest candidate by edit distance, ignoring case,
/// when it is close enough to be a likely typo. Two letters swapped are one
/// edit (`wirte` is one from `write`), as they are one slip of the fingers.
///
/// ```swift
/// Suggestion.closest(to: "stauts", among: ["status", "export"])  // "status"
/// ```
public enum Suggestion {
  public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
    let lowered = word.lowercased()
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lowercased())
      if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
    }
    guard let (candidate, distance) = best else { return nil }
    let allowed = max(1, min(3, candidate.count / 3))
    return distance <= allowed ? candidate : nil
  }

  /// Insertions, deletions, substitutions and swaps of two neighbours, each
  /// one edit (the optimal string alignment distance).
  public static func editDistance(_ first: String, _ second: String) -> Int {
    let a = Array(first.unicodeScalars)
    let b = Array(second.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}

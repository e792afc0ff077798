extension Sequence {
  /// The elements that satisfy `isApart` and the others, each in order.
  ///
  /// ```swift
  /// let (odd, even) = [1, 2, 3].partitioned { $0 % 2 == 1 }  // ([1, 3], [2])
  /// ```
  func partitioned(by isApart: (Element) throws -> Bool) rethrows -> (
    apart: [Element], rest: [Element]
  ) {
    var apart: [Element] = []
    var rest: [Element] = []
    for element in self {
      if try isApart(element) { apart.append(element) } else { rest.append(element) }
    }
    return (apart, rest)
  }
}

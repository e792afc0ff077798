import Dispatch
import Synchronization

extension Collection where Element: Sendable {
  /// `map` on every core: `transform` runs once for each element, on as many
  /// threads as Dispatch gives, and the results come back in the collection's
  /// order, so the output never depends on timing. For work of a file or a
  /// rule an element; `transform` must be safe to call from several threads.
  ///
  /// ```swift
  /// let documents = paths.concurrentMap { path in Result { try read(path) } }
  /// ```
  public func concurrentMap<Transformed: Sendable>(
    _ transform: @Sendable (Element) -> Transformed
  ) -> [Transformed] {
    concurrentMap(largestFirst: nil, transform)
  }

  /// `concurrentMap` that starts the elements of the largest `weight` first,
  /// so that no core is left alone with a large one at the end; the results
  /// still come back in the collection's order.
  ///
  /// ```swift
  /// let reports = bundles.concurrentMap(largestFirst: { fileCount($0) }) { lint($0) }
  /// ```
  public func concurrentMap<Transformed: Sendable>(
    largestFirst weight: ((Element) -> Int)?,
    _ transform: @Sendable (Element) -> Transformed
  ) -> [Transformed] {
    let elements = Array(self)
    let starts =
      weight.map { weight in
        let weights = elements.map(weight)
        return elements.indices.sorted { (weights[$1], $0) < (weights[$0], $1) }
      } ?? Array(elements.indices)
    // Each slot is written once, by the thread that computed it; the lock is
    // held for the store only, never while transforming.
    let slots = Mutex([Transformed?](repeating: nil, count: elements.count))
    DispatchQueue.concurrentPerform(iterations: elements.count) { turn in
      let index = starts[turn]
      let result = transform(elements[index])
      slots.withLock { $0[index] = result }
    }
    return slots.withLock { $0.compactMap { $0 } }
  }
}

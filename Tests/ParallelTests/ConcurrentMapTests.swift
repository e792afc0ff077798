import Parallel
import Synchronization
import Testing

struct ConcurrentMapTests {
  /// The same results as `map`, in the same order, for sizes around the number of threads.
  @Test(arguments: [0, 1, 2, 3, 7, 64, 1_000, 10_007])
  func sameAsMap(count: Int) {
    let numbers = Array(0..<count)
    #expect(numbers.concurrentMap { $0 * 3 + 1 } == numbers.map { $0 * 3 + 1 })
  }

  /// Each element is transformed exactly once, though several threads take part.
  @Test func eachElementOnce() {
    let calls = Mutex([Int: Int]())
    let results = (0..<2_000).concurrentMap { index in
      calls.withLock { $0[index, default: 0] += 1 }
      return index * 2
    }
    #expect(results == (0..<2_000).map { $0 * 2 })
    #expect(calls.withLock { $0.count == 2_000 && $0.values.allSatisfy { $0 == 1 } })
  }

  /// Started largest first, the results still come back in the collection's
  /// order; the largest elements are among the first started (one per thread).
  @Test(arguments: [1, 2, 5, 100, 1_001])
  func largestFirstKeepsTheOrder(count: Int) {
    // Weights out of order, with ties.
    let weights = (0..<count).map { ($0 * 7919) % 13 }
    let started = Mutex([Int]())
    let weight: (Int) -> Int = { weights[$0] }
    let results = Array(0..<count).concurrentMap(largestFirst: weight) { index in
      started.withLock { $0.append(index) }
      return index * 2
    }
    #expect(results == (0..<count).map { $0 * 2 })
    let order = started.withLock { $0 }
    #expect(Set(order) == Set(0..<count))
    if let first = order.first, let largest = weights.max() {
      // The first start is one of the first few in weight order.
      let rank = weights.filter { $0 > weights[first] }.count
      #expect(
        rank < 8, "started \(first) of weight \(weights[first]) before larger ones (max \(largest))"
      )
    }
  }

  /// Errors travel as values: a throwing step is wrapped in a `Result`, and the
  /// failures stay at their place.
  @Test func resultsKeepTheirPlace() throws {
    struct Odd: Error, Equatable { let number: Int }
    let results = Array(0..<100).concurrentMap { number -> Result<Int, Odd> in
      number.isMultiple(of: 2) ? .success(number / 2) : .failure(Odd(number: number))
    }
    for (number, result) in results.enumerated() {
      if number.isMultiple(of: 2) {
        #expect(try result.get() == number / 2)
      } else {
        #expect(throws: Odd(number: number)) { try result.get() }
      }
    }
  }
}

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

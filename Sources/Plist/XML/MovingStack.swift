/// A stack whose top elements are taken off into a new array by moving
/// them: one allocation for the array, and no retain and release of each
/// element, as copying a slice of an `Array` and removing it would cost.
/// The XML plist reader keeps the children of every open container on one.
///
/// ```swift
/// var stack = MovingStack<String>()
/// stack.append("a")
/// stack.append("b")
/// stack.take(from: 0)  // ["a", "b"]; the stack is empty again
/// ```
struct MovingStack<Element>: ~Copyable {
  private var storage: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  mutating func append(_ element: consuming Element) {
    if count == capacity {
      let grown = capacity * 2
      let larger = UnsafeMutablePointer<Element>.allocate(capacity: grown)
      larger.moveInitialize(from: storage, count: count)
      storage.deallocate()
      storage = larger
      capacity = grown
    }
    (storage + count).initialize(to: element)
    count += 1
  }

  /// The elements from `start` to the top, in order, taken off the stack.
  mutating func take(from start: Int) -> [Element] {
    let taken = count - max(0, min(start, count))
    guard taken > 0 else { return [] }
    let source = storage + (count - taken)
    count -= taken
    return [Element](unsafeUninitializedCapacity: taken) { buffer, initialized in
      if let destination = buffer.baseAddress {
        destination.moveInitialize(from: source, count: taken)
        initialized = taken
      }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe that wakes a thread waiting in `poll` (``TerminalPort/wait(milliseconds:wake:)``)
/// from any other thread.
///
/// ```swift
/// let wake = WakePipe()
/// DispatchQueue.global().async { wake.signal() }
/// _ = port.wait(milliseconds: 1000, wake: wake)  // returns at once
/// wake.drain()
/// ```
package final class WakePipe: Sendable {
  package let readEnd: Int32
  private let writeEnd: Int32

  package init() {
    var ends: [Int32] = [-1, -1]
    _ = ends.withUnsafeMutableBufferPointer { $0.baseAddress.map { pipe($0) } }
    readEnd = ends[0]
    writeEnd = ends[1]
    // Neither end blocks: a full pipe already wakes the reader, so a post never waits for it.
    for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  package func signal() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Empties the pipe, so that the next `poll` waits again.
  package func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(readEnd, &bytes, bytes.count) > 0 {}
  }
}

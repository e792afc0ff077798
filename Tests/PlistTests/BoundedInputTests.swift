import Foundation
import Plist
import Testing

/// Whole inputs are read up to a limit, never further: a file that says it
/// is too large is not read, an endless pipe or device is cut off.
struct BoundedInputTests {
  let limit = 1 << 20

  /// A writer that never stops (a socket pair, so that its end sees EPIPE
  /// without a signal once the reader is done).
  @Test func anEndlessStreamIsCutOffAtTheLimit() throws {
    var ends: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    let writer = ends[1]
    let thread = Thread {
      let chunk = [UInt8](repeating: 0x61, count: 4096)
      while chunk.withUnsafeBytes({ send(writer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
        > 0
      {}
      close(writer)
    }
    thread.start()
    #expect(throws: BoundedInput.Failure.tooLarge(limit: limit)) {
      try BoundedInput.read(descriptor: ends[0], limit: limit)
    }
    close(ends[0])
  }

  @Test func aDeviceWithoutEndAndAHugeSparseFile() throws {
    #expect(throws: BoundedInput.Failure.tooLarge(limit: limit)) {
      try BoundedInput.read(path: "/dev/zero", limit: limit)
    }
    let path = NSTemporaryDirectory() + "bounded-\(UUID().uuidString)"
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(descriptor, 2 << 30) == 0)
    close(descriptor)
    let started = Date()
    #expect(throws: BoundedInput.Failure.tooLarge(limit: limit)) {
      try BoundedInput.read(path: path, limit: limit)
    }
    #expect(Date().timeIntervalSince(started) < 0.5, "refused from its size, not read")
  }

  @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 1 << 20])
  func everySizeUpToTheLimitReadsWhole(size: Int) throws {
    let path = NSTemporaryDirectory() + "bounded-\(UUID().uuidString)"
    defer { unlink(path) }
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try BoundedInput.read(path: path, limit: limit) == bytes)
    if size > 0 {
      #expect(throws: BoundedInput.Failure.tooLarge(limit: size - 1)) {
        try BoundedInput.read(path: path, limit: size - 1)
      }
    }
  }

  @Test func directoriesMissingFilesAndFIFOs() throws {
    #expect(throws: BoundedInput.Failure.notARegularFile) {
      try BoundedInput.read(path: NSTemporaryDirectory(), limit: limit)
    }
    #expect(throws: BoundedInput.Failure.missing) {
      try BoundedInput.read(path: "/nonexistent/\(UUID().uuidString)", limit: limit)
    }
    let fifo = NSTemporaryDirectory() + "fifo-\(UUID().uuidString)"
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    #expect(throws: BoundedInput.Failure.notARegularFile) {
      try BoundedInput.read(path: fifo, limit: limit, regularFileOnly: true)
    }
  }
}
